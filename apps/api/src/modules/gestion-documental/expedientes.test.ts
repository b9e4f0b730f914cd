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

let t: TestApp;
let admin1: string;
let admin2: string;
let ana: string;
let sinIdm: string;
let idAna: number;
let area: number;
let contratos: number;
let arrendamiento: number;
let correspondencia: number;
let recibida: number;
let inmueble: number;
let tercero: number;
const URL = '/api/gestion-documental/expedientes';
const RAD = '/api/gestion-documental/radicados';

const ok = <T = ExpedienteDetalle>(r: Respondida): T => okDe<T>(r);
const uno = async <T>(q: ReturnType<typeof sql>, empresa = 1) => (await t.db.tenant(empresa, (tx) => queryRows<T>(tx, q)))[0]!;
const id1 = async (q: ReturnType<typeof sql>, empresa = 1) => (await uno<{ id: number }>(q, empresa)).id;
const borrar = (token: string, url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
const radicar = (asunto: string, extra: Record<string, unknown> = {}) =>
  as(t.app, admin1).post(RAD, {
    tipo: 'entrada',
    fecha: '2026-11-20',
    asunto,
    id_area: area,
    id_serie: contratos,
    id_subserie: arrendamiento,
    ...extra,
  });
const auditoria = (id: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ accion: string }>(
      tx,
      sql`select accion from auditoria where entidad = 'expedientes' and entidad_id = ${String(id)} order by id`,
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  idAna = await crearUsuario(t.db, 1, { usuario: 'anaexp', nroId: '83001', permisos: '10579' });
  ana = await login(t.app, { idEmpresa: 1, usuario: 'anaexp', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'nadaexp', nroId: '83002', permisos: '10581' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'nadaexp', clave: 'demo1234' });
  area = await id1(sql`select id from areas_empresa where codigo = '200'`);
  contratos = await id1(sql`select id from series_documentales where codigo = '02'`);
  arrendamiento = await id1(sql`select id from subseries_documentales where codigo = '02.01'`);
  correspondencia = await id1(sql`select id from series_documentales where codigo = '03'`);
  recibida = await id1(sql`select id from subseries_documentales where id_serie = ${correspondencia} order by id limit 1`);
  tercero = await id1(sql`select id from terceros where nombre <> '' order by id limit 1`);
  const municipio = await id1(sql`select id from municipios order by id limit 1`);
  const i = await as(t.app, admin1).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 10 # 43-20 Apto 501',
    id_municipio: municipio,
    estrato: 4,
    canon: 2_500_000,
    propietarios: [{ id_tercero: tercero, porcentaje: 100 }],
  });
  inmueble = ok<{ consecutivo: number }>(i).consecutivo;
});
afterAll(async () => {
  await t?.close();
});

describe('expedientes (Gestión documental, idm 10579)', () => {
  let exp: ExpedienteDetalle;
  let r1: Radicado;
  let r2: Radicado;

  it('opens an expediente per inmueble with a number, checking every reference by its field', async () => {
    const base = { nombre: 'Inmueble de la calle 10', agrupa: 'inmueble', id_serie: contratos, id_subserie: arrendamiento };
    const c = as(t.app, admin1);
    error(await c.post(URL, { ...base, nombre: '' }), 400, 'El campo Nombre es obligatorio');
    error(await c.post(URL, { ...base, agrupa: 'bodega' }), 400, 'agrupa');
    error(await c.post(URL, base), 400, 'inmueble: El campo Inmueble es obligatorio en un expediente por inmueble');
    error(await c.post(URL, { ...base, inmueble: 99_999_999 }), 400, 'inmueble: El campo Inmueble no existe en esta empresa');
    error(await c.post(URL, { ...base, inmueble, id_subserie: recibida }), 400, 'id_subserie: El campo Subserie no pertenece');
    error(await c.post(URL, { ...base, inmueble, id_tercero: 99_999_999 }), 400, 'id_tercero');
    error(await c.post(URL, { ...base, agrupa: 'contrato' }), 400, 'id_contrato');
    const serieOtra = await id1(sql`select id from series_documentales where codigo = '02'`, 2);
    error(await c.post(URL, { ...base, inmueble, id_serie: serieOtra }), 400, 'id_serie');
    expect(ok<ListResult<Expediente>>(await c.get(URL)).total).toBe(0);

    exp = ok(await c.post(URL, { ...base, inmueble, id_tercero: tercero, observaciones: 'Arriendo vigente' }));
    const anio = new Date(Date.now() - 5 * 3_600_000).getUTCFullYear();
    expect(exp).toMatchObject({
      numero: `${anio}-EXP-0001`,
      estado: 'abierto',
      agrupa: 'inmueble',
      inmueble: { consecutivo: inmueble },
      tercero: { id: tercero },
      subserie: { id: arrendamiento },
      radicados: 0,
      documentos: [],
      vence_gestion: null,
    });
    const otro = ok(await c.post(URL, { ...base, nombre: 'Por subserie', agrupa: 'subserie' }));
    expect(otro.numero).toBe(`${anio}-EXP-0002`);
    expect(await auditoria(exp.id)).toEqual([{ accion: 'crear' }]);
  });

  it('adds radicados of its serie, one expediente each; lists and searches them', async () => {
    r1 = ok<Radicado>(await radicar('Contrato de arrendamiento firmado'));
    r2 = ok<Radicado>(await radicar('Acta de entrega del inmueble'));
    const fuera = ok<Radicado>(await radicar('Carta de otra serie', { id_serie: correspondencia, id_subserie: recibida }));
    const c = as(t.app, admin1);
    ok(await c.post(`${URL}/${exp.id}/radicados`, { id_radicado: r1.id }));
    const d = ok(await c.post(`${URL}/${exp.id}/radicados`, { id_radicado: r2.id }));
    expect(d.radicados).toBe(2);
    expect(d.documentos.map((x) => x.radicado)).toEqual([r1.radicado, r2.radicado]);
    error(await c.post(`${URL}/${exp.id}/radicados`, { id_radicado: r1.id }), 409, `ya está en el expediente ${exp.numero}`);
    error(await c.post(`${URL}/${exp.id}/radicados`, { id_radicado: fuera.id }), 400, 'id_radicado: El radicado');
    error(
      await c.post(`${URL}/${exp.id}/radicados`, { id_radicado: 99_999_999 }),
      400,
      'id_radicado: El campo Radicado no existe',
    );
    error(await c.post(`${URL}/${exp.id}/radicados`, { id_radicado: 'x' }), 400, 'Radicado');

    const lista = ok<ListResult<Expediente>>(await c.get(`${URL}?q=calle&estado=abierto`));
    expect(lista.items.map((x) => x.id)).toEqual([exp.id]);
    expect(ok<ListResult<Expediente>>(await c.get(`${URL}?id_radicado=${r2.id}`)).items.map((x) => x.id)).toEqual([exp.id]);
    expect(ok<ListResult<Expediente>>(await c.get(`${URL}?estado=cerrado`)).total).toBe(0);
    error(await c.get(`${URL}?estado=archivado`), 400, 'estado');

    // Taking one out, then back in.
    const sin = ok(await borrar(admin1, `${URL}/${exp.id}/radicados/${r2.id}`));
    expect(sin.documentos.map((x) => x.id)).toEqual([r1.id]);
    error(await borrar(admin1, `${URL}/${exp.id}/radicados/${r2.id}`), 404);
    ok(await c.post(`${URL}/${exp.id}/radicados`, { id_radicado: r2.id }));
  });

  it('closing starts the retention clock from the subserie’s years; a closed one takes no radicado; reopening stops it', async () => {
    const c = as(t.app, admin1);
    const vacio = ok<ListResult<Expediente>>(await c.get(`${URL}?q=subserie`)).items[0]!;
    error(await c.post(`${URL}/${vacio.id}/cerrar`), 409, 'no tiene radicados');

    const ret = await uno<{ g: number; c: number }>(
      sql`select anios_gestion as g, anios_central as c from subseries_documentales where id = ${arrendamiento}`,
    );
    const cerrado = ok(await c.post(`${URL}/${exp.id}/cerrar`));
    const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const masAnios = (n: number) => `${Number(hoy.slice(0, 4)) + n}${hoy.slice(4)}`;
    expect(cerrado).toMatchObject({
      estado: 'cerrado',
      cerrado_en: hoy,
      cerrado_por: 'admin',
      vence_gestion: masAnios(ret.g),
      vence_central: masAnios(ret.g + ret.c),
    });
    error(await c.post(`${URL}/${exp.id}/cerrar`), 409, 'ya está cerrado');
    const r3 = ok<Radicado>(await radicar('Llegó tarde'));
    error(await c.post(`${URL}/${exp.id}/radicados`, { id_radicado: r3.id }), 409, 'está cerrado');
    error(await borrar(admin1, `${URL}/${exp.id}/radicados/${r1.id}`), 409);

    const abierto = ok(await c.post(`${URL}/${exp.id}/reabrir`));
    expect(abierto).toMatchObject({ estado: 'abierto', cerrado_en: null, vence_gestion: null, vence_central: null });
    error(await c.post(`${URL}/${exp.id}/reabrir`), 409, 'ya está abierto');
    ok(await c.post(`${URL}/${exp.id}/cerrar`));
    expect((await auditoria(exp.id)).map((a) => a.accion)).toEqual([
      'crear',
      'agregar_radicado',
      'agregar_radicado',
      'quitar_radicado',
      'agregar_radicado',
      'cerrar',
      'reabrir',
      'cerrar',
    ]);
  });

  it('403 without the idm, 404 for another company, and series permissions hide it', async () => {
    error(await as(t.app, sinIdm).get(URL), 403);
    error(await as(t.app, sinIdm).post(`${URL}/${exp.id}/cerrar`), 403);
    error(await as(t.app, admin2).get(`${URL}/${exp.id}`), 404);
    error(await as(t.app, admin2).post(`${URL}/${exp.id}/reabrir`), 404);
    expect(ok<ListResult<Expediente>>(await as(t.app, admin2).get(URL)).total).toBe(0);
    // With a rule letting Ana see only Correspondencia, the Contratos expediente is neither listed nor opened.
    expect(ok<ListResult<Expediente>>(await as(t.app, ana).get(URL)).total).toBe(2);
    ok(
      await as(t.app, admin1).post('/api/gestion-documental/permisos', {
        id_usuario: idAna,
        id_serie: correspondencia,
        ver: true,
      }),
    );
    expect(ok<ListResult<Expediente>>(await as(t.app, ana).get(URL)).total).toBe(0);
    error(await as(t.app, ana).get(`${URL}/${exp.id}`), 403, 'No tiene permiso para ver esta serie documental.');
    error(
      await as(t.app, ana).post(URL, { nombre: 'De Ana', agrupa: 'subserie', id_serie: contratos, id_subserie: arrendamiento }),
      403,
    );
  });
});
