import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { migrate, migrationFiles } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { anioBogota, formatear, siguiente } from './numeracion.ts';

const PG = process.env.DATABASE_URL;

let t: TestApp;
let admin1: string;
let ref: { municipio: number; tercero: number };
beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  const [r] = await t.db.tenant(1, (tx) =>
    queryRows<typeof ref>(
      tx,
      sql`select (select id from municipios order by id limit 1) as municipio, (select id from terceros order by id limit 1) as tercero`,
    ),
  );
  ref = r!;
});
afterAll(() => t.close());

const tomar = (idEmpresa: number, o: Parameters<typeof siguiente>[1]) => t.db.tenant(idEmpresa, (tx) => siguiente(tx, o));

const crearInmueble = async (app = t.app, token = admin1): Promise<number> => {
  const r = await as(app, token).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 10 # 43-20',
    id_municipio: ref.municipio,
    canon: 2_500_000,
    propietarios: [{ id_tercero: ref.tercero, porcentaje: 100 }],
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data as { consecutivo: number }).consecutivo;
};

describe('siguiente', () => {
  it('counts each series of each company on its own, from 1', async () => {
    expect(await tomar(1, { serie: 'prueba.a' })).toBe(1);
    expect(await tomar(1, { serie: 'prueba.a' })).toBe(2);
    expect(await tomar(2, { serie: 'prueba.a' })).toBe(1);
    expect(await tomar(1, { serie: 'prueba.b' })).toBe(1);
    expect(await tomar(1, { serie: 'prueba.a' })).toBe(3);
  });

  it('restarts a per-year series each year, apart from the series without a year', async () => {
    expect(await tomar(1, { serie: 'radicado', anio: 2026 })).toBe(1);
    expect(await tomar(1, { serie: 'radicado', anio: 2026 })).toBe(2);
    expect(await tomar(1, { serie: 'radicado', anio: 2027 })).toBe(1);
    expect(await tomar(1, { serie: 'radicado', anio: 2026 })).toBe(3);
    expect(await tomar(1, { serie: 'radicado' })).toBe(1);
    expect(await tomar(2, { serie: 'radicado', anio: 2026 })).toBe(1);
  });

  it('gives a rolled-back number again: no gap', async () => {
    const antes = await tomar(1, { serie: 'prueba.rollback' });
    await expect(
      t.db.tenant(1, async (tx) => {
        expect(await siguiente(tx, { serie: 'prueba.rollback' })).toBe(antes + 1);
        throw new Error('falla después de numerar');
      }),
    ).rejects.toThrow('falla después de numerar');
    expect(await tomar(1, { serie: 'prueba.rollback' })).toBe(antes + 1);
  });

  it('refuses a malformed series or year', async () => {
    await expect(tomar(1, { serie: 'Con Espacios' })).rejects.toThrow('serie de numeración inválida');
    await expect(tomar(1, { serie: 'x', anio: 0 })).rejects.toThrow('año de numeración inválido');
    await expect(tomar(1, { serie: 'x', anio: 2026.5 })).rejects.toThrow('año de numeración inválido');
  });

  it("never gives a deleted property's consecutivo again", async () => {
    const c = await crearInmueble();
    const [v] = await t.db.tenant(1, (tx) =>
      queryRows<{ version: number }>(tx, sql`select version from inmueble where consecutivo = ${c}`),
    );
    const r = await as(t.app, admin1).post(`/api/inmuebles/${c}/eliminar`, { version: v!.version, motivo: 'Creado por error' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await crearInmueble()).toBe(c + 1);
  });

  it('gives concurrent creations consecutive numbers with no repeat and no gap', async () => {
    const [u] = await t.db.tenant(1, (tx) =>
      queryRows<{ ultimo: number }>(tx, sql`select ultimo from consecutivo where serie = 'inmueble' and anio = 0`),
    );
    const antes = u?.ultimo ?? 0;
    const n = PG ? 100 : 20;
    // On PostgreSQL half the creations go through a second API process with its own pool.
    const otro = PG ? await t.otroProceso() : null;
    const token2 = otro ? await login(otro.app, DEMO.admin1) : admin1;
    const numeros = await Promise.all(
      Array.from({ length: n }, (_, i) => (otro && i % 2 ? crearInmueble(otro.app, token2) : crearInmueble())),
    );
    expect(numeros.sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => antes + 1 + i));
  }, 120_000);
});

describe('formatear and anioBogota', () => {
  it('formats a radicado as year, prefix and padded number', () => {
    expect(formatear({ anio: 2026, prefijo: 'ADM', numero: 123, ancho: 6 })).toBe('2026-ADM-000123');
    expect(formatear({ numero: 7 })).toBe('7');
    expect(formatear({ prefijo: 'SOL', numero: 1234567, ancho: 6 })).toBe('SOL-1234567');
  });

  it('takes the year in Bogotá, five hours behind UTC', () => {
    expect(anioBogota(new Date('2027-01-01T04:59:59Z'))).toBe(2026);
    expect(anioBogota(new Date('2027-01-01T05:00:00Z'))).toBe(2027);
  });
});

describe('migration 0079 seeds each series from the existing data', () => {
  let db: Database;
  let soltar: () => Promise<void> = async () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'predio-mig-'));
  beforeAll(async () => {
    if (PG) {
      const nombre = `predio_t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      await admin.query(`create database ${nombre}`);
      await admin.end();
      const u = new URL(PG);
      u.pathname = `/${nombre}`;
      db = await openPostgres(u.toString());
      soltar = async () => {
        const a = new pg.Client({ connectionString: PG });
        await a.connect();
        await a.query(`drop database if exists ${nombre} with (force)`);
        await a.end();
      };
    } else {
      db = await openPglite();
    }
  });
  afterAll(async () => {
    await db.close();
    await soltar();
    rmSync(dir, { recursive: true, force: true });
  });

  it('continues from the higher of the old counter and the records, company by company', async () => {
    const todas = migrationFiles();
    // The demo seed writes the masters as their defs are today, so their latest generated DDL (idempotent)
    // goes in with the old migrations.
    const ultimaMaestros = todas.filter((m) => m.name.endsWith('_maestros.sql')).at(-1)!.name;
    const hasta = todas.filter((m) => m.name < '0079' || m.name === ultimaMaestros);
    expect(hasta.length).toBeLessThan(todas.length);
    const origen = new URL('../../db/migrations/', import.meta.url).pathname;
    for (const m of hasta) symlinkSync(join(origen, m.name), join(dir, m.name));
    await migrate(db, dir);
    await seedDemo(db);
    // Company 1: properties 1–5 with 6 and 7 deleted (the old counter says 7); requests 1–3 and no
    // counter row; company 2: clientes 1–4 and a counter at 4.
    await db.tenant(1, async (tx) => {
      await tx.execute(sql`
        insert into inmueble (consecutivo, tipo, gestion, estado, direccion, id_municipio, creado_por)
        select g, 'casa', 'venta', 'disponible', 'Calle ' || g, (select id from municipios order by id limit 1), 'prueba'
        from generate_series(1, 5) g`);
      await tx.execute(sql`insert into inmueble_consecutivo (ultimo) values (7)`);
      await tx.execute(sql`
        insert into solicitud (numero, canal, tipo, contacto_nombre, mensaje, creado_por)
        select g, 'telefono', 'arrendar', 'Ana', 'Busca apartamento', 'prueba' from generate_series(1, 3) g`);
    });
    await db.tenant(2, async (tx) => {
      const [te] = await queryRows<{ id: number }>(tx, sql`select id from terceros order by id limit 1`);
      await tx.execute(sql`
        insert into cliente_atendido (consecutivo, id_tercero, fecha_ingreso, gestion, creado_por)
        select g, ${te!.id}, current_date, 'arriendo', 'prueba' from generate_series(1, 4) g`);
      await tx.execute(sql`insert into cliente_atendido_consecutivo (ultimo) values (4)`);
    });

    expect(await migrate(db)).toEqual(todas.filter((m) => !hasta.includes(m)).map((m) => m.name));

    const en = (idEmpresa: number, serie: string) => db.tenant(idEmpresa, (tx) => siguiente(tx, { serie }));
    expect(await en(1, 'inmueble')).toBe(8);
    expect(await en(1, 'solicitud')).toBe(4);
    expect(await en(1, 'cliente_atendido')).toBe(1);
    expect(await en(2, 'cliente_atendido')).toBe(5);
    expect(await en(2, 'inmueble')).toBe(1);
  });
});
