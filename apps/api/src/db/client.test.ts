import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { queryRows } from './rows.ts';
import { openPglite, planForValues, runInBackground } from './client.ts';
import { StatementNames } from './driver/statements.ts';
import { terceros } from './schema/terceros.ts';

// The client both engines are reached through (PGlite here, PostgreSQL with DATABASE_URL): parameters,
// the values that come back, and what a transaction keeps.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.exec('create table prueba_cliente (id serial primary key, nombre text not null unique)');
});
afterAll(() => t.close());

describe('database client', () => {
  it('sends every kind of parameter and reads back the same values on both engines', async () => {
    const [r] = await t.db.system((tx) =>
      queryRows<Record<string, unknown>>(
        tx,
        sql`select ${7}::int as entero, ${'12345678901'}::bigint as grande, ${'1234.50'}::numeric as decimal,
                   ${true}::boolean as si, ${null}::text as nada, ${'ñandú «x»'}::text as texto,
                   ${sql.param([1, 2, 3])}::int[] as enteros, ${sql.param(['a"b', 'c,d', null])}::text[] as textos,
                   ${JSON.stringify({ a: [1, 'b'] })}::jsonb as json, ${new Date('2026-11-25T15:04:05.000Z')}::timestamptz as instante,
                   ${'2026-02-28'}::date as fecha, count(*) as cuenta from (values (1), (2)) v`,
      ),
    );
    expect(r).toEqual({
      entero: 7,
      grande: '12345678901',
      decimal: '1234.50',
      si: true,
      nada: null,
      texto: 'ñandú «x»',
      enteros: [1, 2, 3],
      textos: ['a"b', 'c,d', null],
      json: { a: [1, 'b'] },
      // Drizzle keeps dates and instants as PostgreSQL writes them.
      instante: expect.stringMatching(/^2026-11-25 15:04:05(\+00)?/),
      fecha: '2026-02-28',
      cuenta: '2',
    });
  });

  it('answers statements sent together in one transaction each with its own rows', async () => {
    // node-postgres warns (and pg 9 will refuse) when a statement is handed to a connection still
    // answering another: the client sends them one after another itself.
    const avisos: string[] = [];
    const oir = (w: Error) => avisos.push(w.message);
    process.on('warning', oir);
    try {
      const [uno, dos, tres] = await t.db.tenant(1, (tx) =>
        Promise.all([
          queryRows<{ n: number }>(tx, sql`select 1 as n`),
          tx.select({ nro: terceros.nro_id }).from(terceros).limit(2),
          queryRows<{ n: number }>(tx, sql`select generate_series(1, 3) as n`),
        ]),
      );
      expect(uno).toEqual([{ n: 1 }]);
      expect(dos).toHaveLength(2);
      expect(tres.map((x) => x.n)).toEqual([1, 2, 3]);
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', oir);
    }
    expect(avisos).toEqual([]);
  });

  it('keeps nothing of a transaction that failed, and goes on serving', async () => {
    await expect(
      t.db.system(async (tx) => {
        await tx.execute(sql`insert into prueba_cliente (nombre) values ('uno')`);
        await tx.execute(sql`insert into prueba_cliente (nombre) values ('uno')`);
      }),
    ).rejects.toMatchObject({
      cause: {
        code: '23505',
        constraint: 'prueba_cliente_nombre_key',
        table: 'prueba_cliente',
        detail: 'Key (nombre)=(uno) already exists.',
      },
    });
    const filas = await t.db.system((tx) => queryRows(tx, sql`select * from prueba_cliente`));
    expect(filas).toEqual([]);
  });

  it('refuses to report as saved a transaction whose failed statement was caught', async () => {
    await expect(
      t.db.system(async (tx) => {
        await tx.execute(sql`insert into prueba_cliente (nombre) values ('dos')`);
        await tx.execute(sql`select 1 / 0`).catch(() => undefined);
      }),
    ).rejects.toThrow('La transacción se anuló por un error anterior y no se guardó nada.');
    const filas = await t.db.system((tx) => queryRows(tx, sql`select * from prueba_cliente`));
    expect(filas).toEqual([]);
  });

  it('runs concurrent transactions of two companies without mixing them', async () => {
    const leer = (empresa: number) =>
      t.db.tenant(empresa, async (tx) => {
        const [r] = await queryRows<{ e: string }>(tx, sql`select current_setting('app.empresa') as e`);
        const filas = await tx.select({ e: terceros.idEmpresa }).from(terceros);
        return { dicha: r!.e, vistas: [...new Set(filas.map((f) => f.e))] };
      });
    const rs = await Promise.all([leer(1), leer(2), leer(1), leer(2)]);
    expect(rs).toEqual([
      { dicha: '1', vistas: [1] },
      { dicha: '2', vistas: [2] },
      { dicha: '1', vistas: [1] },
      { dicha: '2', vistas: [2] },
    ]);
  });

  it('parses a repeated statement once per connection, and plans it once when its values do not change the plan', async () => {
    const filas = await t.db.tenant(1, async (tx) => {
      for (let id = 1; id <= 8; id++) await queryRows(tx, sql`select nro_id from terceros where id = ${id}`);
      return queryRows<{ custom_plans: number | string; generic_plans: number | string }>(
        tx,
        sql`select custom_plans, generic_plans from pg_prepared_statements
            where statement like 'select nro_id from terceros where id =%'`,
      );
    });
    // Named on its second use: seven runs of the prepared statement, planned for their values five
    // times (PostgreSQL's plan_cache_mode auto), then with the plan made once, which costs no more.
    expect(filas.map((f) => [Number(f.custom_plans), Number(f.generic_plans)])).toEqual([[5, 2]]);
  });

  it('never plans a statement run inside planForValues once for any value, named or not', async () => {
    const marcada = (min: number, max: number) => sql`select count(*) as n from terceros where id between ${min} and ${max}`;
    const rangos = [
      [0, 10],
      [5, 5_000_000],
      [1_000, 2_000],
      [7, 8],
      [0, 10],
      [0, 10],
      [0, 10],
      [0, 10],
    ] as const;
    // Eight runs in one transaction, and eight transactions that each start with it.
    await t.db.tenant(1, async (tx) => {
      for (const [min, max] of rangos) await planForValues(() => queryRows(tx, marcada(min, max)));
    });
    for (const [min, max] of rangos) await t.db.tenant(1, (tx) => planForValues(() => queryRows(tx, marcada(min, max))));
    const planes = await t.db.tenant(1, async (tx) => {
      await queryRows(tx, sql`select 1`);
      return queryRows<{ custom_plans: string; generic_plans: string }>(
        tx,
        sql`select custom_plans, generic_plans from pg_prepared_statements
            where statement like 'select count(*) as n from terceros where id between%'`,
      );
    });
    // Parsed once, planned each time: its exchange sets the plans to be made for its values around it.
    expect(planes.map((p) => [Number(p.custom_plans) >= 6, Number(p.generic_plans)])).toEqual([[true, 0]]);
    const [r] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: string; sin_marca: string }>(
        tx,
        sql`select (${marcada(5, 5_000_000)}) as n, (select count(*) from terceros where id between 5 and 5000000) as sin_marca`,
      ),
    );
    expect(r!.n).toBe(r!.sin_marca);
  });

  it('answers a statement planned for its values with its own rows and count, and plans what follows it as before', async () => {
    await t.db.system((tx) => tx.execute(sql`insert into prueba_cliente (nombre) values ('m1'), ('m2'), ('m3')`));
    const vueltas = await t.db.system(async (tx) => {
      const r: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        const u = (await planForValues(() =>
          tx.execute(sql`update prueba_cliente set nombre = nombre where nombre like ${'m%'} returning nombre`),
        )) as unknown as { rowCount: number; rows: { nombre: string }[] };
        r.push([u.rowCount, u.rows.map((f) => f.nombre).sort()]);
      }
      // A statement outside planForValues after it in the same transaction is still planned once (after five).
      for (let id = 1; id <= 8; id++) await queryRows(tx, sql`select nombre from prueba_cliente where id = ${id} or false`);
      r.push(
        await queryRows<{ custom_plans: string; generic_plans: string }>(
          tx,
          sql`select custom_plans, generic_plans from pg_prepared_statements
              where statement like 'select nombre from prueba_cliente where id =%or false'`,
        ),
      );
      await tx.execute(sql`delete from prueba_cliente where nombre like 'm%'`);
      return r;
    });
    const filas = [3, ['m1', 'm2', 'm3']];
    expect(vueltas).toEqual([filas, filas, filas, [{ custom_plans: expect.anything(), generic_plans: expect.anything() }]]);
    const [plan] = vueltas[3] as { custom_plans: string; generic_plans: string }[];
    expect([Number(plan!.custom_plans), Number(plan!.generic_plans)]).toEqual([5, 2]);
  });

  it('reads an answer of several megabytes whole, and the small ones after it', async () => {
    const [grande, pequena] = await t.db.tenant(1, async (tx) => [
      await queryRows<{ n: number; texto: string }>(
        tx,
        sql`select n, repeat(chr(65 + n % 26), 100) || 'ñ' as texto from generate_series(1, 40000) n`,
      ),
      await queryRows<{ n: number }>(tx, sql`select 1 as n`),
    ]);
    expect(grande).toHaveLength(40_000);
    expect(grande[0]).toEqual({ n: 1, texto: `${'B'.repeat(100)}ñ` });
    const texto = (n: number) => `${String.fromCharCode(65 + (n % 26)).repeat(100)}ñ`;
    expect(grande.every((f, i) => f.n === i + 1 && f.texto === texto(f.n))).toBe(true);
    expect(pequena).toEqual([{ n: 1 }]);
  });

  it('answers a transaction that runs no statement, or fails before its first, and goes on serving', async () => {
    expect(await t.db.tenant(1, async () => 'sin sentencias')).toBe('sin sentencias');
    await expect(
      t.db.tenant(1, async () => {
        throw new Error('antes de la primera sentencia');
      }),
    ).rejects.toThrow('antes de la primera sentencia');
    const [r] = await t.db.tenant(1, (tx) => queryRows<{ e: string }>(tx, sql`select current_setting('app.empresa') as e`));
    expect(r).toEqual({ e: '1' });
  });

  it('runs a named statement again after it failed, first in its transaction or not', async () => {
    const insertar = (tx: Parameters<Parameters<typeof t.db.system>[0]>[0], nombre: string) =>
      tx.execute(sql`insert into prueba_cliente (nombre) values (${nombre})`);
    await t.db.system((tx) => insertar(tx, 'repetido'));
    // The same text, named on its second use, fails with its own error as the first statement of a
    // transaction, and as a later one; then it runs again in both places.
    for (let i = 0; i < 3; i++) {
      await expect(t.db.system((tx) => insertar(tx, 'repetido'))).rejects.toMatchObject({ cause: { code: '23505' } });
      await expect(
        t.db.system(async (tx) => {
          await tx.execute(sql`select 1`);
          await insertar(tx, 'repetido');
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
    }
    await t.db.system((tx) => insertar(tx, 'otro 1'));
    await t.db.system(async (tx) => {
      await tx.execute(sql`select 1`);
      await insertar(tx, 'otro 2');
    });
    const filas = await t.db.system((tx) =>
      queryRows<{ nombre: string }>(tx, sql`select nombre from prueba_cliente where nombre <> 'uno' order by id`),
    );
    expect(filas.map((f) => f.nombre)).toEqual(['repetido', 'otro 1', 'otro 2']);
  });

  it('refuses a value it cannot send without losing the connection', async () => {
    const circular: Record<string, unknown> = {};
    circular.yo = circular;
    for (let i = 0; i < 3; i++)
      await expect(t.db.tenant(1, (tx) => tx.execute(sql`select ${circular}::jsonb as j`))).rejects.toThrow();
    const [r] = await t.db.tenant(1, (tx) => queryRows<{ n: number }>(tx, sql`select 2 as n`));
    expect(r).toEqual({ n: 2 });
  });

  it('keeps refusing a mistaken statement with its own error', async () => {
    for (let i = 0; i < 3; i++)
      await expect(t.db.tenant(1, (tx) => tx.execute(sql`select no_existe from terceros`))).rejects.toMatchObject({
        cause: { code: '42703' },
      });
  });
});

describe('statement names', () => {
  it('names a text on its second use, the same name after, and no more than its maximum', () => {
    const s = new StatementNames(2);
    const nombre = (text: string) => s.for(text).name;
    expect(nombre('a')).toBeUndefined();
    const a = nombre('a');
    expect(a).toBeDefined();
    expect(nombre('a')).toBe(a);
    nombre('b');
    const b = nombre('b');
    expect(b).toBeDefined();
    expect(b).not.toBe(a);
    nombre('c');
    expect(nombre('c')).toBeUndefined();
    expect(nombre('a')).toBe(a);
    expect(s.for('a')).toEqual({ name: a, wrapped: false });
  });

  it('wraps a named text in plans for its values only inside planForValues', async () => {
    const s = new StatementNames(5);
    const texto = 'select 1 from inmueble where canon between $1 and $2';
    expect(await planForValues(async () => s.for(texto))).toEqual({ name: undefined, wrapped: false });
    const { name } = s.for(texto);
    expect(name).toBeDefined();
    for (let i = 0; i < 3; i++) expect(await planForValues(async () => s.for(texto))).toEqual({ name, wrapped: true });
    expect(s.for(texto)).toEqual({ name, wrapped: false });
  });
});

describe('PGlite in its own thread', () => {
  it('keeps what was written when it is closed and opened again, and refuses work once closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'predio-hilo-'));
    try {
      const a = await openPglite(join(dir, 'db'));
      await a.exec('create table nota (texto text)');
      await a.system((tx) => tx.execute(sql`insert into nota values (${'guardada'})`));
      await a.close();
      await expect(a.exec('select 1')).rejects.toThrow(/PGlite/);
      const b = await openPglite(join(dir, 'db'));
      expect(await b.system((tx) => queryRows(tx, sql`select texto from nota`))).toEqual([{ texto: 'guardada' }]);
      await b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not start on a data directory it cannot use, and says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'predio-hilo-'));
    try {
      writeFileSync(join(dir, 'db'), 'no es un directorio');
      await expect(openPglite(join(dir, 'db'))).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets requests through before waiting background work (a job’s transactions)', async () => {
    const db = await openPglite();
    try {
      const orden: string[] = [];
      let soltar!: () => void;
      const ocupada = new Promise<void>((r) => (soltar = r));
      // A transaction holds the connection while the others queue behind it.
      const paso = (nombre: string) => db.system(async () => void orden.push(nombre));
      const primera = db.system(async () => {
        await ocupada;
        orden.push('primera');
      });
      const enCola = [
        runInBackground(() => paso('trabajo 1')),
        paso('petición 1'),
        runInBackground(() => paso('trabajo 2')),
        paso('petición 2'),
      ];
      soltar();
      await Promise.all([primera, ...enCola]);
      expect(orden).toEqual(['primera', 'petición 1', 'petición 2', 'trabajo 1', 'trabajo 2']);
    } finally {
      await db.close();
    }
  });
});
