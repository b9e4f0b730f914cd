/** The PostgreSQL error behind a failed query (Drizzle wraps it in `cause`), on both engines. */
export type ErrorPg = { code: string; constraint?: string; table?: string };

export function errorPg(e: unknown): ErrorPg | null {
  for (let x: unknown = e, i = 0; x && typeof x === 'object' && i < 3; x = (x as { cause?: unknown }).cause, i++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return x as ErrorPg;
  }
  return null;
}

export const PG = { UNICO: '23505', LLAVE_FORANEA: '23503' } as const;
