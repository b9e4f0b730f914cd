import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 iterations).
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OPTS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashClave = (clave: string): Promise<string> => hash(clave, OPTS);

export async function verificarClave(hashGuardado: string, clave: string): Promise<boolean> {
  try {
    return await verify(hashGuardado, clave);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal it. */
let señuelo: Promise<string> | null = null;
export const hashSeñuelo = (): Promise<string> => (señuelo ??= hashClave('predio-señuelo-no-es-una-clave'));
