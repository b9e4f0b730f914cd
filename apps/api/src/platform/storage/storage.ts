import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Where files live: local disk by default (./data/files); S3-compatible later by the same interface. */
export type Storage = {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The files directly in a folder of keys (`1/correos`), with when each was last written. */
  listar(carpeta: string): Promise<{ clave: string; modificado: Date }[]>;
};

const SAFE_KEY = /^[0-9]+\/[a-z0-9-]+\/[A-Za-z0-9._-]+$/;
const SAFE_FOLDER = /^[0-9]+\/[a-z0-9-]+$/;

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    // Keys are server-generated; anything else is a bug or an attack.
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`clave de archivo inválida: ${key}`);
    return normalize(join(root, key));
  };
  return {
    async put(key, body) {
      const p = pathOf(key);
      // Private whatever the process umask (DATA_DIR is made so at the start: platform/data-dir.ts).
      await mkdir(dirname(p), { recursive: true, mode: 0o700 });
      await writeFile(p, body, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async listar(carpeta) {
      if (!SAFE_FOLDER.test(carpeta)) throw new Error(`carpeta de archivos inválida: ${carpeta}`);
      const dir = join(root, carpeta);
      let nombres: string[];
      try {
        nombres = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const out: { clave: string; modificado: Date }[] = [];
      for (const n of nombres) {
        const clave = `${carpeta}/${n}`;
        if (!SAFE_KEY.test(clave)) continue;
        // A file removed meanwhile is simply not listed.
        const s = await stat(join(dir, n)).catch(() => null);
        if (s) out.push({ clave, modificado: s.mtime });
      }
      return out;
    },
  };
}
