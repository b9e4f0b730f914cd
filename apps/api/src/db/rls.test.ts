import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { queryRows } from './rows.ts';
import { terceros } from './schema/terceros.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('every table with id_empresa has RLS enabled, forced, and the tenant policy', async () => {
    const tablas = await t.db.system((tx) =>
      queryRows<{ tabla: string; rls: boolean; forzada: boolean; politicas: number }>(
        tx,
        sql`select c.relname as tabla, c.relrowsecurity as rls, c.relforcerowsecurity as forzada,
                   (select count(*)::int from pg_policies p where p.schemaname = current_schema() and p.tablename = c.relname) as politicas
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
            join pg_attribute a on a.attrelid = c.oid and a.attname = 'id_empresa' and not a.attisdropped
            where c.relkind = 'r' order by 1`,
      ),
    );
    expect(tablas.length).toBeGreaterThan(10);
    const sinProteccion = tablas.filter((x) => !x.rls || !x.forzada || x.politicas === 0).map((x) => x.tabla);
    expect(sinProteccion).toEqual([]);
  });

  it("hides another company's rows from a query that forgets to filter", async () => {
    const vistos = await t.db.tenant(1, (tx) => tx.select({ nro: terceros.nro_id, emp: terceros.idEmpresa }).from(terceros));
    expect(vistos.length).toBeGreaterThan(0);
    expect(new Set(vistos.map((v) => v.emp))).toEqual(new Set([1]));
    expect(vistos.map((v) => v.nro)).not.toContain('72145896');
  });

  it("refuses to write another company's rows, even naming them explicitly", async () => {
    await expect(
      t.db.tenant(1, (tx) => tx.insert(terceros).values({ idEmpresa: 2, nro_id: '999', nombre: 'Intruso' })),
    ).rejects.toThrow();
    const actualizados = await t.db.tenant(1, (tx) =>
      tx
        .update(terceros)
        .set({ nombre: 'Cambiado' })
        .where(sql`${terceros.nro_id} = '72145896'`)
        .returning(),
    );
    expect(actualizados).toEqual([]);
    const borrados = await t.db.tenant(1, (tx) =>
      tx
        .delete(terceros)
        .where(sql`${terceros.nro_id} = '72145896'`)
        .returning(),
    );
    expect(borrados).toEqual([]);
    const deLaOtra = await t.db.tenant(2, (tx) => tx.select().from(terceros));
    expect(deLaOtra.find((x) => x.nro_id === '72145896')?.nombre).toBe('Juan Pablo Martínez Duarte');
  });

  it('defaults id_empresa to the company of the transaction', async () => {
    const [row] = await t.db.tenant(2, (tx) => tx.insert(terceros).values({ nro_id: '1234567', nombre: 'Nuevo' }).returning());
    expect(row?.idEmpresa).toBe(2);
  });

  it('runs tenant transactions as a role that is not a superuser', async () => {
    const [r] = await t.db.tenant(1, (tx) =>
      queryRows<{ rol: string; super: boolean }>(
        tx,
        sql`select current_user as rol, (select rolsuper from pg_roles where rolname = current_user) as super`,
      ),
    );
    expect(r).toEqual({ rol: 'predio_app', super: false });
  });

  it('the Drizzle schema matches the migrated tables column by column', async () => {
    // Every file of db/schema, found by scanning it: a new schema file is checked without a line here.
    const carpeta = new URL('./schema/', import.meta.url);
    const archivos = readdirSync(carpeta).filter((f) => f.endsWith('.ts'));
    const tablas: PgTable[] = [];
    for (const f of archivos) {
      const m = (await import(/* @vite-ignore */ new URL(f, carpeta).href)) as Record<string, unknown>;
      tablas.push(
        ...Object.values(m).filter((v): v is PgTable => typeof v === 'object' && v !== null && Symbol.for('drizzle:Name') in v),
      );
    }
    expect(archivos.length).toBeGreaterThan(10);
    for (const tabla of tablas) {
      const cfg = getTableConfig(tabla);
      const cols = await t.db.system((tx) =>
        queryRows<{ c: string }>(
          tx,
          sql`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${cfg.name}`,
        ),
      );
      expect(cols.length, `tabla ${cfg.name}`).toBeGreaterThan(0);
      const enDb = new Set(cols.map((c) => c.c));
      expect(
        cfg.columns.map((c) => c.name).filter((n) => !enDb.has(n)),
        `tabla ${cfg.name}`,
      ).toEqual([]);
    }
  });
});
