import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Where files live: local disk by default (./data/files); S3-compatible later by the same interface. */
export type Storage = {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

const SAFE_KEY = /^[0-9]+\/[a-z0-9-]+\/[A-Za-z0-9._-]+$/;

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    // Keys are server-generated; anything else is a bug or an attack.
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`clave de archivo inválida: ${key}`);
    return normalize(join(root, key));
  };
  return {
    async put(key, body) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, body);
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
  };
}
