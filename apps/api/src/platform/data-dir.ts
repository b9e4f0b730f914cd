import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the database, the uploaded files and the session secret: only the server's user may
 * read them. From here on what this process creates is 0600 (folders 0700) whatever umask it inherited.
 */
export function privatizarNuevos(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * Takes group and others' access off everything under DATA_DIR this user owns: what an earlier
 * version left readable, and the files PGlite unpacks for a new database, which it sets 0666 itself
 * (chmod, past the umask). Run once the database is open. Returns how many modes changed.
 */
export function privatizarExistentes(dataDir: string): number {
  const uid = process.getuid?.();
  let cambiados = 0;
  const ver = (p: string) => {
    const s = lstatSync(p);
    // Links are not followed, and what belongs to another user is theirs to set.
    if (s.isSymbolicLink() || (uid !== undefined && s.uid !== uid)) return;
    const modo = s.mode & 0o777;
    const privado = s.isDirectory() ? 0o700 : modo & 0o700;
    if (modo !== privado) {
      chmodSync(p, privado);
      cambiados += 1;
    }
    if (s.isDirectory()) for (const n of readdirSync(p)) ver(join(p, n));
  };
  ver(dataDir);
  return cambiados;
}
