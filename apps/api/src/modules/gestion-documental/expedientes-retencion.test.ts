import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Radicado } from '@predio/contract/gestion-documental';
import type { Expediente, ExpedienteDetalle } from '@predio/contract/gestion-documental-expedientes';
import type { ListResult } from '@predio/contract/list';
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

// Retention of expedientes (issue 28): transfer to the central archive, final disposition (conservar,
// eliminar with its acta) and the legal hold. A test makes an expediente due by moving its dates back
// in the database (vencer) instead of waiting years.

let t: TestApp;
let admin1: string;
let admin2: string;
let sinIdm: string;
let area: number;
let serieContratos: number;
let corretaje: number; // 02.03, Eliminación
let serieInformes: number;
let gestionInf: number; // 05.02, Conservación total
const URL = '/api/gestion-documental/expedientes';
const RET = '/api/gestion-documental/retencion';
const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));
const textoPdf = (pdf: Buffer) => execFileSync(pdftotext!, ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

const ok = <T = ExpedienteDetalle>(r: Respondida): T => okDe<T>(r);
const id1 = async (q: ReturnType<typeof sql>, empresa = 1) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const auditoria = async (id: number) =>
  (
    await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string }>(
        tx,
        sql`select accion from auditoria where entidad = 'expedientes' and entidad_id = ${String(id)} order by id`,
      ),
    )
  ).map((a) => a.accion);

/** Moves an expediente's clock back so its time in gestión (and in central) ran out yesterday. */
const vencer = (id: number, que: 'gestion' | 'central') =>
  t.db.tenant(1, (tx) =>
    tx.execute(
      que === 'gestion'
        ? sql`update expediente set vence_gestion = current_date - 1 where id = ${id}`
        : sql`update expediente set vence_gestion = current_date - 400, vence_central = current_date - 1 where id = ${id}`,
    ),
  );

/** A closed expediente of the subserie with radicados filed into it. */
async function cerrado(nombre: string, idSerie: number, idSubserie: number, asuntos: string[]) {
  const c = as(t.app, admin1);
  const e = ok(await c.post(URL, { nombre, agrupa: 'subserie', id_serie: idSerie, id_subserie: idSubserie }));
  const rads: Radicado[] = [];
  for (const asunto of asuntos) {
    const r = ok<Radicado>(
      await c.post('/api/gestion-documental/radicados', {
        tipo: 'entrada',
        fecha: '2026-11-20',
        asunto,
        id_area: area,
        id_serie: idSerie,
        id_subserie: idSubserie,
      }),
    );
    ok(await c.post(`${URL}/${e.id}/radicados`, { id_radicado: r.id }));
    rads.push(r);
  }
  return { e: ok(await c.post(`${URL}/${e.id}/cerrar`)), rads };
}
const vista = async (v: 'transferir' | 'disponer', q = '') =>
  ok<ListResult<Expediente>>(await as(t.app, admin1).get(`${RET}?vista=${v}${q ? `&q=${encodeURIComponent(q)}` : ''}`));

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'nadaret', nroId: '83102', permisos: '10581' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'nadaret', clave: 'demo1234' });
  area = await id1(sql`select id from areas_empresa where codigo = '200'`);
  serieContratos = await id1(sql`select id from series_documentales where codigo = '02'`);
  corretaje = await id1(sql`select id from subseries_documentales where codigo = '02.03'`);
  serieInformes = await id1(sql`select id from series_documentales where codigo = '05'`);
  gestionInf = await id1(sql`select id from subseries_documentales where codigo = '05.02'`);
});
afterAll(async () => {
  await t?.close();
});

describe('retención de expedientes (idm 10579)', () => {
  let corr: Awaited<ReturnType<typeof cerrado>>;

  it('lists what is due for transfer and transfers it to the central archive, only once due', async () => {
    const c = as(t.app, admin1);
    corr = await cerrado('Corretaje Rionegro', serieContratos, corretaje, ['Contrato de corretaje 1', 'Oferta de compra']);
    const { e } = corr;
    expect(e).toMatchObject({ fase: 'gestion', retencion_legal: false, tiene_acta: false });
    // Not due yet: neither listed nor transferable.
    expect((await vista('transferir')).items.map((x) => x.id)).not.toContain(e.id);
    error(await c.post(`${URL}/${e.id}/transferir`), 409, 'debe permanecer en el archivo de gestión hasta el');
    const abierto = ok(
      await c.post(URL, { nombre: 'Abierto', agrupa: 'subserie', id_serie: serieContratos, id_subserie: corretaje }),
    );
    error(await c.post(`${URL}/${abierto.id}/transferir`), 409, 'ciérrelo antes de transferirlo');

    await vencer(e.id, 'gestion');
    const lista = await vista('transferir', 'rionegro');
    expect(lista.total).toBe(1);
    expect(lista.items[0]).toMatchObject({
      id: e.id,
      radicados: 2,
      retencion_legal: false,
      subserie: { codigo: '02.03', disposicion_final: 'E', anios_gestion: 2, anios_central: 8 },
    });
    expect((await vista('disponer')).items.map((x) => x.id)).not.toContain(e.id);
    error(await c.get(`${RET}?vista=archivar`), 400, 'vista');
    error(await c.get(`${RET}?pageSize=0`), 400, 'pageSize');
    error(await c.post(`${URL}/abc/transferir`), 400, 'id');

    const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const t1 = ok(await c.post(`${URL}/${e.id}/transferir`));
    expect(t1).toMatchObject({ fase: 'central', transferido_en: hoy, transferido_por: 'admin' });
    expect((await vista('transferir')).items.map((x) => x.id)).not.toContain(e.id);
    error(await c.post(`${URL}/${e.id}/transferir`), 409, 'ya no está en el archivo de gestión');
    error(await c.post(`${URL}/${e.id}/reabrir`), 409, 'no se puede abrir de nuevo');
    // In the central, but its time there has not run out.
    error(await c.post(`${URL}/${e.id}/eliminar`, { motivo: 'Vencido' }), 409, 'debe permanecer en el archivo central');
    error(await c.post(`${URL}/${e.id}/conservar`), 409, 'debe permanecer en el archivo central');
  });

  it('a legal hold blocks eliminating; eliminating writes the acta de eliminación PDF and keeps the rows', async () => {
    const c = as(t.app, admin1);
    const { e, rads } = corr;
    await vencer(e.id, 'central');
    expect((await vista('disponer')).items.map((x) => x.id)).toContain(e.id);

    error(await c.post(`${URL}/${e.id}/retencion-legal`, { activa: true }), 400, 'motivo');
    error(await c.post(`${URL}/${e.id}/retencion-legal`, { activa: 'si', motivo: 'x' }), 400, 'Retención legal');
    error(await c.post(`${URL}/${e.id}/retencion-legal`, { activa: false }), 409, 'no tiene retención legal');
    const h = ok(await c.post(`${URL}/${e.id}/retencion-legal`, { activa: true, motivo: 'Proceso judicial 2026-123' }));
    expect(h).toMatchObject({ retencion_legal: true, motivo_retencion: 'Proceso judicial 2026-123', retencion_por: 'admin' });
    expect((await vista('disponer')).items.find((x) => x.id === e.id)?.retencion_legal).toBe(true);
    error(await c.post(`${URL}/${e.id}/eliminar`, { motivo: 'Cumplió su tiempo' }), 409, 'tiene retención legal');
    error(await c.get(`${URL}/${e.id}/acta`), 404, 'acta de eliminación');
    ok(await c.post(`${URL}/${e.id}/retencion-legal`, { activa: false }));

    error(await c.post(`${URL}/${e.id}/eliminar`, {}), 400, 'El campo Motivo es obligatorio');
    error(await c.post(`${URL}/${e.id}/eliminar`, { motivo: '   ' }), 400, 'Motivo');
    const el = ok(await c.post(`${URL}/${e.id}/eliminar`, { motivo: 'Cumplió su retención; sin valor secundario' }));
    expect(el).toMatchObject({
      fase: 'eliminado',
      dispuesto_por: 'admin',
      motivo_disposicion: 'Cumplió su retención; sin valor secundario',
      tiene_acta: true,
      radicados: 2,
    });
    // Nothing is physically deleted: the expediente keeps its radicados.
    expect(el.documentos.map((r) => r.radicado)).toEqual(rads.map((r) => r.radicado));
    expect((await vista('disponer')).items.map((x) => x.id)).not.toContain(e.id);

    const a = await c.get(`${URL}/${e.id}/acta`);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.headers['content-type']).toBe('application/pdf');
    expect(String(a.headers['content-disposition'])).toContain('attachment');
    if (pdftotext) {
      const txt = textoPdf(a.rawPayload);
      expect(txt).toContain('Acta de eliminación documental');
      expect(txt).toContain(e.numero);
      for (const r of rads) expect(txt).toContain(r.radicado);
      expect(txt).toContain('02.03 Contratos de corretaje');
      expect(txt).toContain('Cumplió su retención; sin valor secundario');
    }
    error(await c.post(`${URL}/${e.id}/eliminar`, { motivo: 'Otra vez' }), 409, 'ya tuvo su disposición final');
    error(await c.post(`${URL}/${e.id}/conservar`), 409, 'ya tuvo su disposición final');
    error(await c.post(`${URL}/${e.id}/retencion-legal`, { activa: true, motivo: 'Tarde' }), 409, 'ya fue eliminado');
    // A radicado of an eliminated expediente takes no more files.
    const up = await t.app.inject({
      method: 'DELETE',
      url: `/api/archivos/radicado/${rads[0]!.id}/999999`,
      headers: { authorization: `Bearer ${admin1}` },
    });
    error(up, 409, 'eliminado');
    expect(await auditoria(e.id)).toEqual([
      'crear',
      'agregar_radicado',
      'agregar_radicado',
      'cerrar',
      'transferir',
      'activar_retencion_legal',
      'levantar_retencion_legal',
      'eliminar',
    ]);
  });

  it('conservación total is never eliminated, it is kept', async () => {
    const c = as(t.app, admin1);
    const { e } = await cerrado('Informes de gestión 2020', serieInformes, gestionInf, ['Informe anual 2020']);
    error(await c.post(`${URL}/${e.id}/conservar`), 409, 'transfiéralo al central');
    await vencer(e.id, 'gestion');
    ok(await c.post(`${URL}/${e.id}/transferir`));
    await vencer(e.id, 'central');
    expect((await vista('disponer', 'informes')).items[0]).toMatchObject({ id: e.id, subserie: { disposicion_final: 'CT' } });
    error(await c.post(`${URL}/${e.id}/eliminar`, { motivo: 'Ya no sirve' }), 409, 'conservación total');
    const k = ok(await c.post(`${URL}/${e.id}/conservar`));
    expect(k).toMatchObject({ fase: 'conservado', dispuesto_por: 'admin', tiene_acta: false });
    expect((await auditoria(e.id)).slice(-2)).toEqual(['transferir', 'conservar']);
  });

  it('403 without the idm, 404 for another company', async () => {
    const { e } = corr;
    const s = as(t.app, sinIdm);
    error(await s.get(RET), 403);
    error(await s.post(`${URL}/${e.id}/transferir`), 403);
    error(await s.post(`${URL}/${e.id}/conservar`), 403);
    error(await s.post(`${URL}/${e.id}/eliminar`, { motivo: 'x' }), 403);
    error(await s.post(`${URL}/${e.id}/retencion-legal`, { activa: false }), 403);
    error(await s.get(`${URL}/${e.id}/acta`), 403);
    const o = as(t.app, admin2);
    error(await o.post(`${URL}/${e.id}/transferir`), 404);
    error(await o.post(`${URL}/${e.id}/conservar`), 404);
    error(await o.post(`${URL}/${e.id}/eliminar`, { motivo: 'x' }), 404);
    error(await o.post(`${URL}/${e.id}/retencion-legal`, { activa: true, motivo: 'x' }), 404);
    error(await o.get(`${URL}/${e.id}/acta`), 404);
    expect(ok<ListResult<Expediente>>(await o.get(`${RET}?vista=disponer`)).total).toBe(0);
  });
});
