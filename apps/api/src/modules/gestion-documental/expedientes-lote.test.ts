import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ExpedienteDetalle, TransferenciaLote } from '@predio/contract/gestion-documental-expedientes';
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

// Batch transfer of expedientes to the archivo central (issue 28, tab «Retención» › Por transferir):
// each expediente gets the single action's checks, lock, write and audit row; a refused one is reported
// with its reason in Spanish and does not stop the others.

let t: TestApp;
let admin1: string;
let admin2: string;
let sinIdm: string;
let soloInformes: string;
let idSoloInformes: number;
let serieContratos: number;
let corretaje: number;
let serieInformes: number;
let gestionInf: number;
const URL = '/api/gestion-documental/expedientes';
const LOTE = `${URL}/transferir`;

const ok = <T = ExpedienteDetalle>(r: Respondida): T => okDe<T>(r);
const id1 = async (q: ReturnType<typeof sql>) => (await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const fila = async (id: number, empresa = 1) =>
  (
    await t.db.tenant(empresa, (tx) =>
      queryRows<{ fase: string; transferido_por: string | null }>(
        tx,
        sql`select fase, transferido_por from expediente where id = ${id}`,
      ),
    )
  )[0]!;
const auditoria = async (id: number, empresa = 1) =>
  (
    await t.db.tenant(empresa, (tx) =>
      queryRows<{ accion: string; cambios: unknown }>(
        tx,
        sql`select accion, cambios from auditoria where entidad = 'expedientes' and entidad_id = ${String(id)} order by id`,
      ),
    )
  ).map((a) => a.accion);
const vencer = (id: number, empresa = 1) =>
  t.db.tenant(empresa, (tx) => tx.execute(sql`update expediente set vence_gestion = current_date - 1 where id = ${id}`));

/** An expediente with one radicado, closed (and made due) unless told otherwise. */
async function expediente(
  token: string,
  nombre: string,
  idSerie: number,
  idSubserie: number,
  { cerrar = true, vencido = true, empresa = 1 } = {},
) {
  const c = as(t.app, token);
  const e = ok(await c.post(URL, { nombre, agrupa: 'subserie', id_serie: idSerie, id_subserie: idSubserie }));
  const area = (
    await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, sql`select id from areas_empresa order by id limit 1`))
  )[0]!.id;
  const r = ok<{ id: number }>(
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
  if (!cerrar) return e;
  ok(await c.post(`${URL}/${e.id}/cerrar`));
  if (vencido) await vencer(e.id, empresa);
  return e;
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'lotenada', nroId: '83201', permisos: '10581' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'lotenada', clave: 'demo1234' });
  idSoloInformes = await crearUsuario(t.db, 1, { usuario: 'loteinf', nroId: '83202', permisos: '10579' });
  soloInformes = await login(t.app, { idEmpresa: 1, usuario: 'loteinf', clave: 'demo1234' });
  serieContratos = await id1(sql`select id from series_documentales where codigo = '02'`);
  corretaje = await id1(sql`select id from subseries_documentales where codigo = '02.03'`);
  serieInformes = await id1(sql`select id from series_documentales where codigo = '05'`);
  gestionInf = await id1(sql`select id from subseries_documentales where codigo = '05.02'`);
});
afterAll(async () => {
  await t?.close();
});

describe('transferir varios expedientes al archivo central (idm 10579)', () => {
  it('transfers the due ones and reports each refusal with its reason, in the order received', async () => {
    const c = as(t.app, admin1);
    const a = await expediente(admin1, 'Lote A', serieContratos, corretaje);
    const b = await expediente(admin1, 'Lote B', serieInformes, gestionInf);
    const noVencido = await expediente(admin1, 'Lote no vencido', serieContratos, corretaje, { vencido: false });
    const abierto = await expediente(admin1, 'Lote abierto', serieContratos, corretaje, { cerrar: false });
    const [s2] = await t.db.tenant(2, (tx) =>
      queryRows<{ serie: number; subserie: number }>(
        tx,
        sql`select id_serie as serie, id as subserie from subseries_documentales where codigo = '02.03'`,
      ),
    );
    const ajeno = await expediente(admin2, 'Lote de otra empresa', s2!.serie, s2!.subserie, { empresa: 2 });
    const idAjeno = ajeno.id;

    const r = ok<TransferenciaLote>(await c.post(LOTE, { ids: [b.id, a.id, noVencido.id, abierto.id, idAjeno, 99_999_999] }));
    expect(r.transferidos).toBe(2);
    expect(r.rechazados).toBe(4);
    expect(r.resultados.map((x) => x.id)).toEqual([b.id, a.id, noVencido.id, abierto.id, idAjeno, 99_999_999]);
    expect(r.resultados[0]).toEqual({ id: b.id, numero: b.numero, transferido: true, motivo: null });
    expect(r.resultados[1]).toEqual({ id: a.id, numero: a.numero, transferido: true, motivo: null });
    expect(r.resultados[2]).toMatchObject({ numero: noVencido.numero, transferido: false });
    expect(r.resultados[2]!.motivo).toContain(
      `El expediente ${noVencido.numero} debe permanecer en el archivo de gestión hasta el`,
    );
    expect(r.resultados[3]).toMatchObject({
      numero: abierto.numero,
      transferido: false,
      motivo: `El expediente ${abierto.numero} está abierto: ciérrelo antes de transferirlo.`,
    });
    expect(r.resultados[4]).toEqual({
      id: idAjeno,
      numero: null,
      transferido: false,
      motivo: `El expediente ${idAjeno} no existe en esta empresa.`,
    });
    expect(r.resultados[5]!.motivo).toBe('El expediente 99999999 no existe en esta empresa.');

    // Written as the single action writes: fase, who, and one audit row each; the refused ones untouched.
    expect(await fila(a.id)).toEqual({ fase: 'central', transferido_por: 'admin' });
    expect(await fila(b.id)).toEqual({ fase: 'central', transferido_por: 'admin' });
    expect((await fila(noVencido.id)).fase).toBe('gestion');
    expect((await auditoria(a.id)).at(-1)).toBe('transferir');
    expect((await auditoria(b.id)).at(-1)).toBe('transferir');
    expect(await auditoria(noVencido.id)).not.toContain('transferir');
    expect(await auditoria(abierto.id)).not.toContain('transferir');
    expect((await fila(ajeno.id, 2)).fase).toBe('gestion');
    expect(await auditoria(ajeno.id, 2)).not.toContain('transferir');
    // A second batch refuses what is already in the central.
    const otra = ok<TransferenciaLote>(await c.post(LOTE, { ids: [a.id] }));
    expect(otra).toEqual({
      transferidos: 0,
      rechazados: 1,
      resultados: [
        {
          id: a.id,
          numero: a.numero,
          transferido: false,
          motivo: `El expediente ${a.numero} ya no está en el archivo de gestión (Archivo central).`,
        },
      ],
    });
  });

  it('bad input is a 400 naming the field', async () => {
    const c = as(t.app, admin1);
    error(await c.post(LOTE, {}), 400, 'ids');
    error(await c.post(LOTE, { ids: [] }), 400, 'El campo Expedientes está vacío');
    error(await c.post(LOTE, { ids: 'todos' }), 400, 'El campo Expedientes debe ser una lista');
    error(await c.post(LOTE, { ids: [1, 'x'] }), 400, 'Expedientes');
    error(await c.post(LOTE, { ids: [0] }), 400, 'El campo Expedientes debe ser un registro existente');
    error(await c.post(LOTE, { ids: [5, 5] }), 400, 'El campo Expedientes repite un expediente');
    error(
      await c.post(LOTE, { ids: Array.from({ length: 201 }, (_v, i) => i + 1) }),
      400,
      'El campo Expedientes admite máximo 200',
    );
  });

  it('403 without the idm; a series rule refuses the expedientes of a serie the user may not edit', async () => {
    const e = await expediente(admin1, 'Lote permisos contratos', serieContratos, corretaje);
    const f = await expediente(admin1, 'Lote permisos informes', serieInformes, gestionInf);
    error(await as(t.app, sinIdm).post(LOTE, { ids: [e.id] }), 403);
    expect((await fila(e.id)).fase).toBe('gestion');
    ok(
      await as(t.app, admin1).post('/api/gestion-documental/permisos', {
        id_usuario: idSoloInformes,
        id_serie: serieInformes,
        ver: true,
        editar: true,
      }),
    );
    const r = ok<TransferenciaLote>(await as(t.app, soloInformes).post(LOTE, { ids: [e.id, f.id] }));
    expect(r.resultados).toEqual([
      {
        id: e.id,
        numero: e.numero,
        transferido: false,
        motivo: `No tiene permiso para editar la serie documental del expediente ${e.numero}.`,
      },
      { id: f.id, numero: f.numero, transferido: true, motivo: null },
    ]);
    expect(await fila(f.id)).toEqual({ fase: 'central', transferido_por: 'loteinf' });
    expect((await fila(e.id)).fase).toBe('gestion');
  });
});
