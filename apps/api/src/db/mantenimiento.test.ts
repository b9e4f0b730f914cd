import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { Mantenimiento, msHastaLaMadrugada } from './mantenimiento.ts';

const H = 60 * 60 * 1000;

describe('msHastaLaMadrugada: the next 03:00 in Bogotá (08:00 UTC)', () => {
  it('later the same day, or tomorrow once it has passed', () => {
    expect(msHastaLaMadrugada(new Date('2026-11-22T02:00:00Z'))).toBe(6 * H);
    // 22:30 in Bogotá the evening before is 03:30 UTC.
    expect(msHastaLaMadrugada(new Date('2026-11-22T03:30:00Z'))).toBe(4.5 * H);
    expect(msHastaLaMadrugada(new Date('2026-11-22T08:00:00Z'))).toBe(24 * H);
    expect(msHastaLaMadrugada(new Date('2026-11-22T09:00:00Z'))).toBe(23 * H);
    // Across the end of a month and of a year.
    expect(msHastaLaMadrugada(new Date('2026-12-31T12:00:00Z'))).toBe(20 * H);
  });
});

describe('Mantenimiento on PGlite, which has no autovacuum', () => {
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
    const registro = { info: () => undefined, error: () => undefined };
    const ms = await new Mantenimiento(db, registro).ejecutar();
    expect(ms).toBeGreaterThanOrEqual(0);
    const despues = await estado();
    expect(despues.reltuples).toBe(1000);
    expect(despues.relallvisible).toBeGreaterThan(0);
  });

  it('runs by itself after the start, logs how long it took, and stops', async () => {
    const vistos: string[] = [];
    const m = new Mantenimiento(db, { info: (_o, msg) => vistos.push(msg), error: (_o, msg) => vistos.push(msg) });
    m.start(10);
    for (let i = 0; i < 100 && vistos.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await m.stop();
    expect(vistos).toEqual(['mantenimiento de la base: vacuum analyze']);
  });

  it('does nothing on PostgreSQL, whose autovacuum does this', async () => {
    const llamadas: string[] = [];
    const pgFalso = { ...db, kind: 'postgres' as const, exec: async (s: string) => void llamadas.push(s) };
    const m = new Mantenimiento(pgFalso, { info: () => undefined, error: () => undefined });
    m.start(1);
    await new Promise((r) => setTimeout(r, 50));
    await m.stop();
    expect(llamadas).toEqual([]);
  });
});
