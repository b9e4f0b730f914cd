import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { encolar, reintentar, Trabajos, ultimoTurno, type DefinicionTrabajo } from './trabajos.ts';

type Fila = {
  id: string;
  id_empresa: number | null;
  tipo: string;
  estado: string;
  intentos: number;
  ultimo_error: string | null;
  resultado: unknown;
  ejecutar_en: Date;
};

const filas = (db: Database, tipo: string) =>
  db.system((tx) => queryRows<Fila>(tx, sql`select * from trabajo where tipo = ${tipo} order by id`));

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function hasta(cond: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const fin = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > fin) throw new Error('no ocurrió a tiempo');
    await esperar(20);
  }
}

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
});
afterAll(async () => {
  await t.close();
});

/** A runner with these definitions, started, stopped after the test. */
async function conRunner<T>(defs: DefinicionTrabajo[], fn: (r: Trabajos) => Promise<T>, opciones = {}): Promise<T> {
  const r = new Trabajos(db, { intervaloMs: 20, ...opciones });
  for (const d of defs) r.definir(d);
  await r.start();
  try {
    return await fn(r);
  } finally {
    await r.stop();
  }
}

describe('trabajos', () => {
  it('runs a job enqueued in a company transaction once it commits, and keeps its result', async () => {
    const vistos: { idEmpresa: number | null; datos: unknown; intento: number }[] = [];
    await conRunner([{ tipo: 'prueba.eco', manejar: async (j) => (vistos.push(j), { eco: j.datos.x }) }], async () => {
      const id = await db.tenant(2, (tx) => encolar(tx, { tipo: 'prueba.eco', datos: { x: 7 } }));
      expect(id).toBeGreaterThan(0);
      await hasta(async () => (await filas(db, 'prueba.eco'))[0]?.estado === 'terminado');
    });
    expect(vistos).toEqual([expect.objectContaining({ idEmpresa: 2, datos: { x: 7 }, intento: 1 })]);
    const [f] = await filas(db, 'prueba.eco');
    expect(f).toMatchObject({ id_empresa: 2, intentos: 1, resultado: { eco: 7 }, ultimo_error: null });
  });

  it('wakes the runner when a job due now commits, without waiting for the next poll', async () => {
    const corridas: number[] = [];
    const r = new Trabajos(db, { intervaloMs: 60_000, databaseUrl: t.deps.config.databaseUrl }).definir({
      tipo: 'prueba.despierta',
      manejar: async () => void corridas.push(Date.now()),
    });
    await r.start();
    try {
      await r.idle();
      const desde = Date.now();
      await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.despierta' }));
      await hasta(async () => corridas.length === 1, 5_000);
      expect(corridas[0]! - desde).toBeLessThan(2_000);
    } finally {
      await r.stop();
    }
  });

  it('writes no job when the enqueuing transaction rolls back', async () => {
    await expect(
      db.tenant(1, async (tx) => {
        await encolar(tx, { tipo: 'prueba.anulado' });
        throw new Error('anulada');
      }),
    ).rejects.toThrow('anulada');
    expect(await filas(db, 'prueba.anulado')).toEqual([]);
  });

  it('writes one job for a key enqueued twice, per company', async () => {
    const a = await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.clave', clave: 'k-1' }));
    const b = await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.clave', clave: 'k-1' }));
    const c = await db.tenant(2, (tx) => encolar(tx, { tipo: 'prueba.clave', clave: 'k-1' }));
    const d = await db.system((tx) => encolar(tx, { tipo: 'prueba.clave', clave: 'k-1', idEmpresa: null }));
    expect(a).not.toBeNull();
    expect(b).toBeNull();
    expect(c).not.toBeNull();
    expect(d).not.toBeNull();
    expect((await filas(db, 'prueba.clave')).map((f) => f.id_empresa)).toEqual([1, 2, null]);
  });

  it('runs a job at its time, not before', async () => {
    const corridas: number[] = [];
    await conRunner([{ tipo: 'prueba.luego', manejar: async () => void corridas.push(Date.now()) }], async () => {
      const desde = Date.now();
      await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.luego', enMs: 300 }));
      await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.luego', ejecutarEn: new Date(Date.now() + 300) }));
      await hasta(async () => corridas.length === 2);
      for (const c of corridas) expect(c - desde).toBeGreaterThanOrEqual(290);
    });
  });

  it('retries with exponential backoff, then succeeds', async () => {
    const corridas: number[] = [];
    const def: DefinicionTrabajo = {
      tipo: 'prueba.reintento',
      esperaMs: 100,
      manejar: async (j) => {
        corridas.push(Date.now());
        if (j.intento < 3) throw new Error(`falla ${j.intento}`);
        return { ok: true };
      },
    };
    await conRunner([def], async () => {
      await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.reintento' }));
      await hasta(async () => (await filas(db, 'prueba.reintento'))[0]?.estado === 'terminado');
    });
    expect(corridas).toHaveLength(3);
    expect(corridas[1]! - corridas[0]!).toBeGreaterThanOrEqual(95);
    expect(corridas[2]! - corridas[1]!).toBeGreaterThanOrEqual(195);
    expect((await filas(db, 'prueba.reintento'))[0]).toMatchObject({ intentos: 3, ultimo_error: null });
  });

  it('leaves a job failed with its last error after its maximum, and a retry runs it again', async () => {
    let falla = true;
    const def: DefinicionTrabajo = {
      tipo: 'prueba.muerto',
      maxIntentos: 2,
      esperaMs: 10,
      manejar: async (j) => {
        if (falla) throw new Error(`No hay con qué (intento ${j.intento})`);
        return 'bien';
      },
    };
    await conRunner([def], async () => {
      await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.muerto' }));
      await hasta(async () => (await filas(db, 'prueba.muerto'))[0]?.estado === 'fallido');
      const [f] = await filas(db, 'prueba.muerto');
      expect(f).toMatchObject({ intentos: 2, ultimo_error: 'No hay con qué (intento 2)' });
      await esperar(100);
      expect((await filas(db, 'prueba.muerto'))[0]?.estado).toBe('fallido');
      falla = false;
      expect(await db.tenant(1, (tx) => reintentar(tx, Number(f!.id)))).toBe(true);
      await hasta(async () => (await filas(db, 'prueba.muerto'))[0]?.estado === 'terminado');
    });
    expect((await filas(db, 'prueba.muerto'))[0]).toMatchObject({ intentos: 1, resultado: 'bien' });
  });

  it('fails an attempt that runs past its timeout and aborts its signal', async () => {
    let abortado = false;
    const def: DefinicionTrabajo = {
      tipo: 'prueba.lento',
      timeoutMs: 100,
      maxIntentos: 1,
      manejar: (j) =>
        new Promise((ok) =>
          j.signal.addEventListener('abort', () => {
            abortado = true;
            ok(undefined);
          }),
        ),
    };
    await conRunner([def], async () => {
      await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.lento' }));
      await hasta(async () => (await filas(db, 'prueba.lento'))[0]?.estado === 'fallido');
    });
    expect(abortado).toBe(true);
    expect((await filas(db, 'prueba.lento'))[0]?.ultimo_error).toBe('Superó el tiempo máximo de 100 ms.');
  });

  it('on stop, finishes the job under way and claims no more', async () => {
    let corridas = 0;
    const r = new Trabajos(db, { intervaloMs: 20, concurrencia: 1 }).definir({
      tipo: 'prueba.parar',
      manejar: async () => {
        corridas++;
        await esperar(150);
      },
    });
    await db.tenant(1, async (tx) => {
      for (let k = 0; k < 3; k++) await encolar(tx, { tipo: 'prueba.parar' });
    });
    await r.start();
    await hasta(async () => corridas === 1);
    await r.stop();
    expect(corridas).toBe(1);
    expect((await filas(db, 'prueba.parar')).map((f) => f.estado)).toEqual(['terminado', 'pendiente', 'pendiente']);
  });

  it('finds the latest Bogotá turn of a programme', () => {
    // 2026-11-26 02:30 in Bogotá = 07:30 UTC.
    const ahora = new Date('2026-11-26T07:30:00Z');
    expect(ultimoTurno({ tipo: 'x', cada: 'dia', hora: 3 }, ahora).toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(ultimoTurno({ tipo: 'x', cada: 'dia', hora: 2, minuto: 30 }, ahora).toISOString()).toBe('2026-11-26T07:30:00.000Z');
    expect(ultimoTurno({ tipo: 'x', cada: 'dia', hora: 21 }, new Date('2026-11-26T03:00:00Z')).toISOString()).toBe(
      '2026-11-26T02:00:00.000Z',
    );
    expect(ultimoTurno({ tipo: 'x', cada: 'hora', minuto: 45 }, ahora).toISOString()).toBe('2026-11-26T06:45:00.000Z');
  });

  it('runs each turn of a programme once, with two runners on the database', async () => {
    let ahora = new Date('2026-11-20T08:00:00Z');
    const corridas: string[] = [];
    const def: DefinicionTrabajo = { tipo: 'prueba.programa', manejar: async (j) => void corridas.push(String(j.id)) };
    const runners = [0, 1].map((i) =>
      new Trabajos(i === 0 ? db : t.db, { intervaloMs: 10, ahora: () => ahora })
        .definir(def)
        .programar({ tipo: 'prueba.programa', cada: 'dia', hora: 3 }),
    );
    for (const r of runners) await r.start();
    try {
      await hasta(async () => (await filas(db, 'prueba.programa')).some((f) => f.estado === 'terminado'));
      await esperar(100);
      ahora = new Date('2026-11-21T08:00:00Z');
      await hasta(async () => (await filas(db, 'prueba.programa')).filter((f) => f.estado === 'terminado').length === 2);
      await esperar(100);
    } finally {
      for (const r of runners) await r.stop();
    }
    expect(corridas).toHaveLength(2);
    expect((await filas(db, 'prueba.programa')).map((f) => [f.id_empresa, new Date(f.ejecutar_en).toISOString()])).toEqual([
      [null, '2026-11-20T08:00:00.000Z'],
      [null, '2026-11-21T08:00:00.000Z'],
    ]);
  });
});

describe.runIf(process.env.DATABASE_URL)('trabajos entre procesos (PostgreSQL)', () => {
  let otro: TestApp;
  beforeAll(async () => {
    otro = await t.otroProceso();
  });

  it('runs each of 200 jobs exactly once with two runners', async () => {
    const veces = new Map<string, number>();
    const def: DefinicionTrabajo = {
      tipo: 'prueba.doscientos',
      manejar: async (j) => {
        veces.set(String(j.datos.n), (veces.get(String(j.datos.n)) ?? 0) + 1);
        await esperar(Math.random() * 3);
      },
    };
    const runners = [t.db, otro.db].map((d) => new Trabajos(d, { intervaloMs: 50, concurrencia: 8 }).definir(def));
    for (const r of runners) await r.start();
    try {
      for (let lote = 0; lote < 10; lote++)
        await db.tenant(1, async (tx) => {
          for (let k = 0; k < 20; k++) await encolar(tx, { tipo: 'prueba.doscientos', datos: { n: lote * 20 + k } });
        });
      await hasta(async () => (await filas(db, 'prueba.doscientos')).every((f) => f.estado === 'terminado'), 20_000);
    } finally {
      for (const r of runners) await r.stop();
    }
    expect(veces.size).toBe(200);
    expect([...veces.values()].every((v) => v === 1)).toBe(true);
    expect((await filas(db, 'prueba.doscientos')).every((f) => f.intentos === 1)).toBe(true);
  });

  it('runs a job again after the lease of a process killed with SIGKILL mid-job, and loses nothing', async () => {
    const id = await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.matado', datos: { n: 1 } }));
    const hijo = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./trabajos.proceso-prueba.ts', import.meta.url))],
      {
        env: { ...process.env, DATABASE_URL: t.deps.config.databaseUrl!, LEASE_MS: '1000' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((ok, mal) => {
      hijo.stdout.on('data', (b: Buffer) => b.toString().includes('empezó') && ok());
      hijo.on('exit', (c) => mal(new Error(`el proceso hijo terminó (${c})`)));
    });
    hijo.kill('SIGKILL');
    await new Promise((ok) => hijo.once('exit', ok));
    expect((await filas(db, 'prueba.matado'))[0]).toMatchObject({ estado: 'en_curso', intentos: 1 });

    const corridas: number[] = [];
    const r = new Trabajos(otro.db, { intervaloMs: 50 }).definir({
      tipo: 'prueba.matado',
      manejar: async (j) => void corridas.push(j.intento),
    });
    await r.start();
    try {
      await hasta(async () => (await filas(db, 'prueba.matado'))[0]?.estado === 'terminado');
    } finally {
      await r.stop();
    }
    expect(corridas).toEqual([2]);
    expect((await filas(db, 'prueba.matado')).map((f) => Number(f.id))).toEqual([id]);
  });

  it('lets another runner claim a job whose runner stopped answering, after the lease', async () => {
    let colgado = true;
    const quien: string[] = [];
    const def = (nombre: string): DefinicionTrabajo => ({
      tipo: 'prueba.colgado',
      manejar: async () => {
        quien.push(nombre);
        if (nombre === 'a') while (colgado) await esperar(20);
      },
    });
    const a = new Trabajos(t.db, { intervaloMs: 50, leaseMs: 500 }).definir(def('a'));
    await a.start();
    await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.colgado' }));
    await hasta(async () => quien.length === 1);
    const b = new Trabajos(otro.db, { intervaloMs: 50, leaseMs: 500 }).definir(def('b'));
    await b.start();
    await hasta(async () => (await filas(db, 'prueba.colgado'))[0]?.estado === 'terminado');
    colgado = false;
    await a.stop();
    await b.stop();
    expect(quien).toEqual(['a', 'b']);
    // The first runner, late, finds its attempt taken over and writes nothing over the second's outcome.
    expect((await filas(db, 'prueba.colgado'))[0]).toMatchObject({ estado: 'terminado', intentos: 2 });
  });

  it('runs a turn of a programme once with two processes', async () => {
    const ahora = () => new Date('2026-11-20T09:00:00Z');
    let corridas = 0;
    const def: DefinicionTrabajo = { tipo: 'prueba.turno', manejar: async () => void corridas++ };
    const runners = [t.db, otro.db].map((d) =>
      new Trabajos(d, { intervaloMs: 10, ahora }).definir(def).programar({ tipo: 'prueba.turno', cada: 'hora', minuto: 0 }),
    );
    await Promise.all(runners.map((r) => r.start()));
    await hasta(async () => (await filas(db, 'prueba.turno'))[0]?.estado === 'terminado');
    await esperar(200);
    for (const r of runners) await r.stop();
    expect(corridas).toBe(1);
    expect(await filas(db, 'prueba.turno')).toHaveLength(1);
  });

  it('wakes a runner of another process when a job due now commits, or a failed one is retried', async () => {
    const corridas: number[] = [];
    const r = new Trabajos(otro.db, { intervaloMs: 60_000, databaseUrl: t.deps.config.databaseUrl }).definir({
      tipo: 'prueba.aviso',
      maxIntentos: 1,
      manejar: async () => {
        corridas.push(Date.now());
        if (corridas.length === 1) throw new Error('primera vez');
      },
    });
    await r.start();
    try {
      await r.idle();
      let desde = Date.now();
      const id = await db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.aviso' }));
      await hasta(async () => (await filas(db, 'prueba.aviso'))[0]?.estado === 'fallido', 5_000);
      expect(corridas[0]! - desde).toBeLessThan(2_000);
      desde = Date.now();
      expect(await db.tenant(1, (tx) => reintentar(tx, id!))).toBe(true);
      await hasta(async () => (await filas(db, 'prueba.aviso'))[0]?.estado === 'terminado', 5_000);
      expect(corridas[1]! - desde).toBeLessThan(2_000);
    } finally {
      await r.stop();
    }
  });
});
