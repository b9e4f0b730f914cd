import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DisposicionLote, ExpedienteDetalle } from '@predio/contract/gestion-documental-expedientes';
import { queryRows } from '../../db/rows.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  type TestApp,
  ok as okDe,
  type Respondida,
  error,
} from '../../test/harness.ts';

// Batch final disposition of expedientes (issue 28, tab «Retención» › Por disponer): conservar or eliminar
// several at once, each with the single action's checks, lock, write and audit row, every elimination with
// its own acta; a refused one is reported with its reason in Spanish and does not stop the others.

let t: TestApp;
let admin1: string;
let admin2: string;
let sinIdm: string;
let soloInformes: string;
let idSoloInformes: number;
let serieContratos: number;
let corretaje: number; // 02.03, Eliminación
let serieInformes: number;
let gestionInf: number; // 05.02, Conservación total
const URL = '/api/gestion-documental/expedientes';
const LOTE = `${URL}/disponer`;
const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));
const textoPdf = (pdf: Buffer) => execFileSync(pdftotext!, ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

const ok = <T = ExpedienteDetalle>(r: Respondida): T => okDe<T>(r);
const id1 = async (q: ReturnType<typeof sql>) => (await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const fila = async (id: number, empresa = 1) =>
  (
    await t.db.tenant(empresa, (tx) =>
      queryRows<{ fase: string; dispuesto_por: string | null; motivo_disposicion: string | null }>(
        tx,
        sql`select fase, dispuesto_por, motivo_disposicion from expediente where id = ${id}`,
      ),
    )
  )[0]!;
const auditoria = async (id: number, empresa = 1) =>
  (
    await t.db.tenant(empresa, (tx) =>
      queryRows<{ accion: string }>(
        tx,
        sql`select accion from auditoria where entidad = 'expedientes' and entidad_id = ${String(id)} order by id`,
      ),
    )
  ).map((a) => a.accion);

type Etapa = 'gestion' | 'central' | 'central-vencido';

/** A closed expediente with one radicado, left in gestión, in central (not due) or due in central. */
async function expediente(token: string, nombre: string, idSerie: number, idSubserie: number, etapa: Etapa, empresa = 1) {
  const c = as(t.app, token);
  const e = ok(await c.post(URL, { nombre, agrupa: 'subserie', id_serie: idSerie, id_subserie: idSubserie }));
  const area = (
    await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, sql`select id from areas_empresa order by id limit 1`))
  )[0]!.id;
  const r = ok<{ id: number; radicado: string }>(
    await c.post('/api/gestion-documental/radicados', {
      tipo: 'entrada',
      fecha: '2026-11-20',
      asunto: `Documento de ${nombre}`,
      id_area: area,
      id_serie: idSerie,
      id_subserie: idSubserie,
    }),
  );
  ok(await c.post(`${URL}/${e.id}/radicados`, { id_radicado: r.id }));
  ok(await c.post(`${URL}/${e.id}/cerrar`));
  if (etapa === 'gestion') return { ...e, radicado: r.radicado };
  await t.db.tenant(empresa, (tx) => tx.execute(sql`update expediente set vence_gestion = current_date - 1 where id = ${e.id}`));
  ok(await c.post(`${URL}/${e.id}/transferir`));
  if (etapa === 'central-vencido')
    await t.db.tenant(empresa, (tx) =>
      tx.execute(
        sql`update expediente set vence_gestion = current_date - 400, vence_central = current_date - 1 where id = ${e.id}`,
      ),
    );
  return { ...e, radicado: r.radicado };
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'dispnada', nroId: '83301', permisos: '10581' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'dispnada', clave: 'demo1234' });
  idSoloInformes = await crearUsuario(t.db, 1, { usuario: 'dispinf', nroId: '83302', permisos: '10579' });
  soloInformes = await login(t.app, { idEmpresa: 1, usuario: 'dispinf', clave: 'demo1234' });
  serieContratos = await id1(sql`select id from series_documentales where codigo = '02'`);
  corretaje = await id1(sql`select id from subseries_documentales where codigo = '02.03'`);
  serieInformes = await id1(sql`select id from series_documentales where codigo = '05'`);
  gestionInf = await id1(sql`select id from subseries_documentales where codigo = '05.02'`);
});
afterAll(async () => {
  await t?.close();
});

describe('disposición final de varios expedientes (idm 10579)', () => {
  it('eliminates the due ones, each with its own acta, and reports every refusal in the order received', async () => {
    const c = as(t.app, admin1);
    const a = await expediente(admin1, 'Disp A', serieContratos, corretaje, 'central-vencido');
    const b = await expediente(admin1, 'Disp B', serieContratos, corretaje, 'central-vencido');
    const retenido = await expediente(admin1, 'Disp retenido', serieContratos, corretaje, 'central-vencido');
    ok(await c.post(`${URL}/${retenido.id}/retencion-legal`, { activa: true, motivo: 'Demanda 2026-77' }));
    const total = await expediente(admin1, 'Disp conservación total', serieInformes, gestionInf, 'central-vencido');
    const noVencido = await expediente(admin1, 'Disp no vencido', serieContratos, corretaje, 'central');
    const enGestion = await expediente(admin1, 'Disp en gestión', serieContratos, corretaje, 'gestion');
    const [s2] = await t.db.tenant(2, (tx) =>
      queryRows<{ serie: number; subserie: number }>(
        tx,
        sql`select id_serie as serie, id as subserie from subseries_documentales where codigo = '02.03'`,
      ),
    );
    const ajeno = await expediente(admin2, 'Disp de otra empresa', s2!.serie, s2!.subserie, 'central-vencido', 2);
    const ids = [b.id, a.id, retenido.id, total.id, noVencido.id, enGestion.id, ajeno.id, 99_999_999];
    const motivo = 'Cumplieron su retención; sin valor secundario (comité del 27/11/2026)';

    const r = ok<DisposicionLote>(await c.post(LOTE, { accion: 'eliminar', ids, motivo }));
    expect(r).toMatchObject({ accion: 'eliminar', hechos: 2, rechazados: 6 });
    expect(r.resultados.map((x) => x.id)).toEqual(ids);
    expect(r.resultados[0]).toEqual({ id: b.id, numero: b.numero, hecho: true, motivo: null });
    expect(r.resultados[1]).toEqual({ id: a.id, numero: a.numero, hecho: true, motivo: null });
    expect(r.resultados[2]).toEqual({
      id: retenido.id,
      numero: retenido.numero,
      hecho: false,
      motivo: `El expediente ${retenido.numero} tiene retención legal (Demanda 2026-77): no se puede eliminar hasta levantarla.`,
    });
    expect(r.resultados[3]!.motivo).toBe(
      `La subserie «Informes de gestión» es de conservación total: el expediente ${total.numero} no se elimina, se conserva.`,
    );
    expect(r.resultados[4]!.motivo).toContain(`El expediente ${noVencido.numero} debe permanecer en el archivo central hasta el`);
    expect(r.resultados[5]!.motivo).toBe(
      `El expediente ${enGestion.numero} está en el archivo de gestión: transfiéralo al central antes de su disposición final.`,
    );
    expect(r.resultados[6]).toEqual({
      id: ajeno.id,
      numero: null,
      hecho: false,
      motivo: `El expediente ${ajeno.id} no existe en esta empresa.`,
    });
    expect(r.resultados[7]!.motivo).toBe('El expediente 99999999 no existe en esta empresa.');

    // Each eliminated one has its own acta, with its number, its radicado and the batch's motivo.
    for (const e of [a, b]) {
      expect(await fila(e.id)).toEqual({ fase: 'eliminado', dispuesto_por: 'admin', motivo_disposicion: motivo });
      expect((await auditoria(e.id)).at(-1)).toBe('eliminar');
      const acta = await c.get(`${URL}/${e.id}/acta`);
      expect(acta.statusCode, acta.body).toBe(200);
      expect(acta.headers['content-type']).toBe('application/pdf');
      if (pdftotext) {
        const txt = textoPdf(acta.rawPayload);
        expect(txt).toContain('Acta de eliminación documental');
        expect(txt).toContain(e.numero);
        expect(txt).toContain(e.radicado);
        expect(txt).toContain(motivo);
      }
    }
    // The refused ones are untouched: no acta, no audit row, their fase as before.
    for (const e of [retenido, total, noVencido]) {
      expect((await fila(e.id)).fase).toBe('central');
      expect(await auditoria(e.id)).not.toContain('eliminar');
      error(await c.get(`${URL}/${e.id}/acta`), 404, 'acta de eliminación');
    }
    expect((await fila(enGestion.id)).fase).toBe('gestion');
    expect((await fila(ajeno.id, 2)).fase).toBe('central');

    // Conserving the rest in a second batch: the one of conservación total and the held one may be kept.
    const k = ok<DisposicionLote>(await c.post(LOTE, { accion: 'conservar', ids: [total.id, retenido.id, a.id] }));
    expect(k).toMatchObject({ accion: 'conservar', hechos: 2, rechazados: 1 });
    expect(k.resultados[2]).toEqual({
      id: a.id,
      numero: a.numero,
      hecho: false,
      motivo: `El expediente ${a.numero} ya tuvo su disposición final (Eliminado).`,
    });
    expect(await fila(total.id)).toEqual({ fase: 'conservado', dispuesto_por: 'admin', motivo_disposicion: null });
    expect((await auditoria(retenido.id)).at(-1)).toBe('conservar');
  });

  it('bad input is a 400 naming the field', async () => {
    const c = as(t.app, admin1);
    error(await c.post(LOTE, { ids: [1] }), 400, 'Acción');
    error(await c.post(LOTE, { accion: 'archivar', ids: [1] }), 400, "El campo Acción debe ser 'conservar' o 'eliminar'");
    error(await c.post(LOTE, { accion: 'conservar' }), 400, 'ids');
    error(await c.post(LOTE, { accion: 'conservar', ids: [] }), 400, 'El campo Expedientes está vacío');
    error(await c.post(LOTE, { accion: 'conservar', ids: 'todos' }), 400, 'El campo Expedientes debe ser una lista');
    error(await c.post(LOTE, { accion: 'conservar', ids: [3, 3] }), 400, 'El campo Expedientes repite un expediente');
    error(
      await c.post(LOTE, { accion: 'conservar', ids: Array.from({ length: 51 }, (_v, i) => i + 1) }),
      400,
      'El campo Expedientes admite máximo 50',
    );
    error(await c.post(LOTE, { accion: 'eliminar', ids: [1] }), 400, 'El campo Motivo es obligatorio para eliminar');
    error(await c.post(LOTE, { accion: 'eliminar', ids: [1], motivo: '   ' }), 400, 'Motivo');
    error(await c.post(LOTE, { accion: 'eliminar', ids: [1], motivo: 'x'.repeat(2001) }), 400, 'Motivo');
  });

  it('403 without the idm; a series rule refuses the expedientes of a serie the user may not edit', async () => {
    const e = await expediente(admin1, 'Disp permisos contratos', serieContratos, corretaje, 'central-vencido');
    const f = await expediente(admin1, 'Disp permisos informes', serieInformes, gestionInf, 'central-vencido');
    error(await as(t.app, sinIdm).post(LOTE, { accion: 'conservar', ids: [e.id] }), 403);
    expect((await fila(e.id)).fase).toBe('central');
    ok(
      await as(t.app, admin1).post('/api/gestion-documental/permisos', {
        id_usuario: idSoloInformes,
        id_serie: serieInformes,
        ver: true,
        editar: true,
      }),
    );
    const r = ok<DisposicionLote>(await as(t.app, soloInformes).post(LOTE, { accion: 'conservar', ids: [e.id, f.id] }));
    expect(r.resultados).toEqual([
      {
        id: e.id,
        numero: e.numero,
        hecho: false,
        motivo: `No tiene permiso para editar la serie documental del expediente ${e.numero}.`,
      },
      { id: f.id, numero: f.numero, hecho: true, motivo: null },
    ]);
    expect(await fila(f.id)).toEqual({ fase: 'conservado', dispuesto_por: 'dispinf', motivo_disposicion: null });
    expect((await fila(e.id)).fase).toBe('central');
  });
});
