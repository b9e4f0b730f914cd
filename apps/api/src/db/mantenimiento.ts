import type { Database } from './client.ts';

/**
 * PGlite runs no autovacuum. Without it the embedded database never learns its statistics (the planner
 * guesses), keeps the dead rows every update leaves, and index-only scans visit the table anyway. This
 * `vacuum analyze` runs as a platform job every day at 03:00 in Bogotá, on PGlite only
 * (trabajos-factory.ts); requests wait for it (PGlite serves one statement at a time), which at that
 * hour nobody sees. PostgreSQL has its own autovacuum. Resolves with how long it took (ms).
 */
export async function vacuumAnalizar(db: Database): Promise<number> {
  const inicio = Date.now();
  await db.exec('vacuum analyze');
  return Date.now() - inicio;
}
