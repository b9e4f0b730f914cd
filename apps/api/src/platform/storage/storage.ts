import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file read as a stream, with its size (for Content-Length). */
export type Lectura = { stream: Readable; bytes: number };

/**
 * Where files live: local disk (./data/files) or an S3-compatible bucket (platform/storage/s3.ts),
 * chosen by STORAGE. Small files (photos, logos) go whole; uploads and downloads of any size go as
 * streams, so a 50 MB document never sits in the server's memory.
 */
export type Storage = {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Stores a stream; the file appears whole or not at all (a failed stream leaves nothing behind). */
  putStream(key: string, body: Readable): Promise<void>;
  getStream(key: string): Promise<Lectura | null>;
  delete(key: string): Promise<void>;
  /** The files directly in a folder of keys (`1/correos`), with when each was last written. */
  listar(carpeta: string): Promise<{ clave: string; modificado: Date }[]>;
};

export const SAFE_KEY = /^[0-9]+\/[a-z0-9-]+\/[A-Za-z0-9._-]+$/;
export const SAFE_FOLDER = /^[0-9]+\/[a-z0-9-]+$/;

/** Keys are server-generated; anything else is a bug or an attack. */
export function comprobarClave(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`clave de archivo inválida: ${key}`);
}

export function comprobarCarpeta(carpeta: string): void {
  if (!SAFE_FOLDER.test(carpeta)) throw new Error(`carpeta de archivos inválida: ${carpeta}`);
}

const noExiste = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    comprobarClave(key);
    return normalize(join(root, key));
  };
  // Private whatever the process umask (DATA_DIR is made so at the start: platform/data-dir.ts).
  const carpetaDe = (p: string) => mkdir(dirname(p), { recursive: true, mode: 0o700 });
  return {
    async put(key, body) {
      const p = pathOf(key);
      await carpetaDe(p);
      await writeFile(p, body, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (noExiste(err)) return null;
        throw err;
      }
    },
    async putStream(key, body) {
      const p = pathOf(key);
      await carpetaDe(p);
      // Written beside its final name and renamed when complete: a reader never sees half a file. The
      // temporary name starts with a dot, which no generated key does, so listar skips it.
      const tmp = join(dirname(p), `.subiendo-${randomBytes(6).toString('hex')}`);
      try {
        await pipeline(body, createWriteStream(tmp, { mode: 0o600 }));
        await rename(tmp, p);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async getStream(key) {
      const p = pathOf(key);
      try {
        const s = await stat(p);
        return { stream: createReadStream(p), bytes: s.size };
      } catch (err) {
        if (noExiste(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async listar(carpeta) {
      comprobarCarpeta(carpeta);
      const dir = join(root, carpeta);
      let nombres: string[];
      try {
        nombres = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
      } catch (err) {
        if (noExiste(err)) return [];
        throw err;
      }
      const out: { clave: string; modificado: Date }[] = [];
      for (const n of nombres) {
        const clave = `${carpeta}/${n}`;
        if (!SAFE_KEY.test(clave) || n.startsWith('.')) continue;
        // A file removed meanwhile is simply not listed.
        const s = await stat(join(dir, n)).catch(() => null);
        if (s) out.push({ clave, modificado: s.mtime });
      }
      return out;
    },
  };
}
