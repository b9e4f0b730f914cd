import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { vacuumAnalizar } from './mantenimiento.ts';

describe('vacuumAnalizar on PGlite, which has no autovacuum', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await db.exec(`create table muestra (id int primary key, texto text);
      insert into muestra select g, 'fila ' || g from generate_series(1, 2000) g;
      delete from muestra where id % 2 = 0;`);
  });
  afterAll(() => db.close());

  const estado = async () => {
    let fila: { reltuples: number; relallvisible: number } | undefined;
    await db.system(async (tx) => {
      const r = await tx.execute<{ reltuples: number; relallvisible: number }>(
        "select reltuples::int as reltuples, relallvisible from pg_class where relname = 'muestra'",
      );
      fila = (r as unknown as { rows: { reltuples: number; relallvisible: number }[] }).rows[0];
    });
    return fila!;
  };

  it('vacuum analyze gives the planner its counts and marks the pages all-visible', async () => {
    expect(await estado()).toEqual({ reltuples: -1, relallvisible: 0 });
    const ms = await vacuumAnalizar(db);
    expect(ms).toBeGreaterThanOrEqual(0);
    const despues = await estado();
    expect(despues.reltuples).toBe(1000);
    expect(despues.relallvisible).toBeGreaterThan(0);
  });
});
