import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { leerCsv } from './csv.ts';
import { exportarPorPartes } from './por-partes.ts';
import { escribirXlsx, leerXlsx } from './xlsx.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an export read a page per transaction', () => {
  const leer = (ids: number[]) =>
    t.db.tenant(1, (tx) =>
      queryRows<{ id: number; nombre: string }>(
        tx,
        sql`select id, municipio as nombre from municipios where id = any(${sql.param(ids)}::int[]) order by id desc`,
      ),
    );

  it('keeps the list order across pages, leaves out what is gone, and writes the same file as the whole sheet', async () => {
    const todos = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from municipios order by municipio desc, id limit 9`),
    );
    expect(todos.length).toBeGreaterThan(4);
    // One id that no longer exists, in the middle: its row is left out, the others keep their places.
    const ids = [...todos.slice(0, 3).map((f) => f.id), 999_999, ...todos.slice(3).map((f) => f.id)];
    const transacciones: number[][] = [];
    const exportar = (formato: 'csv' | 'xlsx') =>
      exportarPorPartes({
        db: t.db,
        idEmpresa: 1,
        ids,
        porParte: 2,
        leer: async (tx, parte) => {
          transacciones.push(parte);
          const filas = await queryRows<{ id: number; nombre: string }>(
            tx,
            sql`select id, municipio as nombre from municipios where id = any(${sql.param(parte)}::int[]) order by id desc`,
          );
          return filas.map((f) => ({ id: f.id, celdas: [f.id, `=${f.nombre}`, new Date('2026-01-02T00:00:00Z')] }));
        },
        encabezados: ['Id', 'Nombre', 'Creado'],
        base: 'terceros',
        titulo: 'Terceros',
        formato,
      });
    const esperado = (await leer(todos.map((f) => f.id)))
      .sort((a, b) => todos.findIndex((x) => x.id === a.id) - todos.findIndex((x) => x.id === b.id))
      .map((f) => [f.id, `=${f.nombre}`, new Date('2026-01-02T00:00:00Z')]);

    const xlsx = await exportar('xlsx');
    expect(xlsx.nombre).toMatch(/^terceros-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(transacciones).toEqual(
      [ids.slice(0, 2), ids.slice(2, 4), ids.slice(4, 6), ids.slice(6, 8), ids.slice(8)].filter((p) => p.length),
    );
    const completo = await escribirXlsx({ titulo: 'Terceros', encabezados: ['Id', 'Nombre', 'Creado'], filas: esperado });
    expect(await leerXlsx(xlsx.contenido)).toEqual(await leerXlsx(completo));
    expect((await leerXlsx(xlsx.contenido))[1]![1]).toMatch(/^'=/);

    const csv = await exportar('csv');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.contenido.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(leerCsv(csv.contenido)).toEqual([
      ['Id', 'Nombre', 'Creado'],
      ...esperado.map(([id, nombre]) => [String(id), `'${String(nombre)}`, '2026-01-02']),
    ]);
  });

  it('writes a sheet with only its header when nothing matches', async () => {
    const a = await exportarPorPartes({
      db: t.db,
      idEmpresa: 1,
      ids: [],
      leer: () => Promise.resolve([]),
      encabezados: ['Id'],
      base: 'x',
      titulo: 'X',
      formato: 'xlsx',
    });
    expect(await leerXlsx(a.contenido)).toEqual([['Id']]);
  });
});
