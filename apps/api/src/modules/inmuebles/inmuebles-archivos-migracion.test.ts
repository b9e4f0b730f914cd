import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { migrate, migrationFiles } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import * as inmuebles from './inmuebles-archivos.repo.ts';
import { baseDePruebas } from '../../test/harness.ts';

const PG = process.env.DATABASE_URL;

describe('migration 0080 moves property photos and documents onto archivo', () => {
  let db: Database;
  let soltar: () => Promise<void> = async () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'predio-mig-'));
  beforeAll(async () => {
    if (PG) {
      const nueva = await baseDePruebas(PG);
      db = await openPostgres(nueva.url);
      soltar = nueva.borrar;
    } else {
      db = await openPglite();
    }
  });
  afterAll(async () => {
    await db.close();
    await soltar();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every file, its key, its order, the cover and the documents newest first, company by company', async () => {
    const todas = migrationFiles();
    const origen = new URL('../../db/migrations/', import.meta.url).pathname;
    // The demo seed writes the masters as their defs are today, so their latest generated DDL (idempotent)
    // goes in with the old migrations.
    const ultimaMaestros = todas.filter((m) => m.name.endsWith('_maestros.sql')).at(-1)!.name;
    for (const m of todas.filter((x) => x.name < '0080' || x.name === ultimaMaestros))
      symlinkSync(join(origen, m.name), join(dir, m.name));
    await migrate(db, dir);
    await seedDemo(db);
    const nuevoInmueble = (tx: Parameters<Parameters<Database['tenant']>[1]>[0], consecutivo: number) =>
      queryRows<{ id: number }>(
        tx,
        sql`insert into inmueble (consecutivo, tipo, gestion, estado, direccion, id_municipio, creado_por)
            values (${consecutivo}, 'casa', 'venta', 'disponible', 'Calle 1', (select id from municipios order by id limit 1), 'prueba')
            returning id`,
      ).then((r) => r[0]!.id);
    // Company 1: a property with three photos whose order is not their ids' (the cover is the second)
    // and two documents; a property without files. Company 2: one photo, the same consecutivo.
    const [a, b] = await db.tenant(1, async (tx) => {
      const a = await nuevoInmueble(tx, 1);
      const b = await nuevoInmueble(tx, 2);
      for (const [orden, portada, n] of [
        [2, false, 'sala'],
        [1, true, 'fachada'],
        [3, false, 'cocina'],
      ] as const)
        await tx.execute(sql`
          insert into inmueble_foto (id_inmueble, orden, portada, clave_miniatura, clave_grande, ancho, alto, bytes, nombre_original, creado_por)
          values (${a}, ${orden}, ${portada}, ${`1/inmueble-fotos/${n}-miniatura.jpg`}, ${`1/inmueble-fotos/${n}-grande.jpg`}, 1200, 900, 1000, ${`${n}.jpg`}, 'ana')`);
      await tx.execute(sql`
        insert into inmueble_documento (id_inmueble, nombre, descripcion, content_type, bytes, clave, creado_por, creado_en)
        values (${a}, 'nuevo.pdf', 'Reciente', 'application/pdf', 300, '1/inmueble-documentos/n.pdf', 'ana', '2026-03-01T10:00:00Z'),
               (${a}, 'viejo.docx', '', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 200,
                '1/inmueble-documentos/v.docx', 'luis', '2025-01-01T10:00:00Z')`);
      return [a, b];
    });
    const d = await db.tenant(2, async (tx) => {
      const d = await nuevoInmueble(tx, 1);
      await tx.execute(sql`
        insert into inmueble_foto (id_inmueble, orden, portada, clave_miniatura, clave_grande, ancho, alto, bytes, nombre_original, creado_por)
        values (${d}, 1, true, '2/inmueble-fotos/u-miniatura.jpg', '2/inmueble-fotos/u-grande.jpg', 800, 600, 500, '', 'eva')`);
      return d;
    });

    expect(await migrate(db)).toEqual(todas.filter((m) => m.name >= '0080' && m.name !== ultimaMaestros).map((m) => m.name));

    const fotos1 = await db.tenant(1, (tx) => inmuebles.fotos(tx, a));
    expect(fotos1.map((f) => [f.orden, f.portada, f.nombreOriginal, f.claveGrande, f.claveMiniatura])).toEqual([
      [1, true, 'fachada.jpg', '1/inmueble-fotos/fachada-grande.jpg', '1/inmueble-fotos/fachada-miniatura.jpg'],
      [2, false, 'sala.jpg', '1/inmueble-fotos/sala-grande.jpg', '1/inmueble-fotos/sala-miniatura.jpg'],
      [3, false, 'cocina.jpg', '1/inmueble-fotos/cocina-grande.jpg', '1/inmueble-fotos/cocina-miniatura.jpg'],
    ]);
    expect(fotos1[0]).toMatchObject({ ancho: 1200, alto: 900, bytes: 1000, creadoPor: 'ana', sha256: null });
    const docs = await db.tenant(1, (tx) => inmuebles.documentos(tx, a));
    expect(docs.map((x) => [x.nombre, x.descripcion, x.clave, x.creadoPor])).toEqual([
      ['nuevo.pdf', 'Reciente', '1/inmueble-documentos/n.pdf', 'ana'],
      ['viejo.docx', '', '1/inmueble-documentos/v.docx', 'luis'],
    ]);
    expect(docs[1]!.creadoEn.toISOString()).toBe('2025-01-01T10:00:00.000Z');
    expect(await db.tenant(1, (tx) => inmuebles.fotos(tx, b))).toEqual([]);
    const fotos2 = await db.tenant(2, (tx) => inmuebles.fotos(tx, d));
    expect(fotos2.map((f) => [f.portada, f.claveGrande])).toEqual([[true, '2/inmueble-fotos/u-grande.jpg']]);
    // Company 1 sees only its own rows (RLS), and the old tables are gone.
    const [n] = await db.tenant(1, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from archivo`));
    expect(n!.n).toBe(5);
    const [t] = await db.system((tx) =>
      queryRows<{ f: string | null; d: string | null }>(
        tx,
        sql`select to_regclass('inmueble_foto')::text as f, to_regclass('inmueble_documento')::text as d`,
      ),
    );
    expect(t).toEqual({ f: null, d: null });

    // Deleting the property deletes its files' rows, as the old foreign key's cascade did.
    await db.tenant(1, (tx) => tx.execute(sql`delete from inmueble where id = ${a}`));
    const [m] = await db.tenant(1, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from archivo`));
    expect(m!.n).toBe(0);
    expect(await db.tenant(2, (tx) => inmuebles.fotos(tx, d))).toHaveLength(1);
  });
});
