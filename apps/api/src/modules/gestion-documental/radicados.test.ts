import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OpcionesRadicado, Radicado } from '@predio/contract/gestion-documental';
import type { ListResult } from '@predio/contract/list';
import { queryRows } from '../../db/rows.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  multipart,
  type TestApp,
  ok as okDe,
  type Respondida,
  error,
} from '../../test/harness.ts';
import { anioBogota } from '../../platform/numeracion/numeracion.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let sinIdm: string;
let soloBuscar: string;
let area: number;
let areaSinCodigo: number;
let serie: number;
let subserie: number;
let subserieOtraSerie: number;
let tipoDoc: number;
let estado: number;
let tercero: number;
let areaOtra: number;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const anio = anioBogota();

const ok = <T = Radicado>(r: Respondida): T => okDe<T>(r);

const insertar = async (empresa: number, q: ReturnType<typeof sql>) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;

const base = () => ({
  tipo: 'entrada',
  fecha: '2026-11-20',
  asunto: 'Solicitud de paz y salvo del arrendamiento',
  id_tercero: tercero,
  id_area: area,
  id_serie: serie,
  id_subserie: subserie,
  id_tipo_documental: tipoDoc,
  id_estado: estado,
  folios: 3,
});

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'sin10579', nroId: '80101', permisos: '489,490' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'sin10579', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'buscador', nroId: '80102', permisos: '10581' });
  soloBuscar = await login(t.app, { idEmpresa: 1, usuario: 'buscador', clave: 'demo1234' });
  // The demo seed gives every company a TRD: areas, series, subseries, tipos and estados.
  area = await insertar(1, sql`select id from areas_empresa where codigo = '100'`);
  areaSinCodigo = await insertar(1, sql`insert into areas_empresa (nombre) values ('Archivo sin código') returning id`);
  serie = await insertar(1, sql`select id from series_documentales where codigo = '02'`);
  subserie = await insertar(1, sql`select id from subseries_documentales where codigo = '02.01'`);
  subserieOtraSerie = await insertar(1, sql`select id from subseries_documentales where codigo = '01.01'`);
  tipoDoc = await insertar(1, sql`select id from tipos_documentales where nombre = 'Carta'`);
  estado = await insertar(1, sql`select id from estados_gestion_documental where nombre = 'Radicado'`);
  tercero = await insertar(
    1,
    sql`insert into terceros (nro_id, nombre) values ('71234567', 'Álvaro Restrepo Gómez') returning id`,
  );
  areaOtra = await insertar(2, sql`select id from areas_empresa where codigo = '200'`);
});
afterAll(async () => {
  await t?.close();
});

describe('radicar', () => {
  it('files a radicado with the next number of the year, formatted year-area-number-kind, and audits it', async () => {
    const r = ok(await as(t.app, admin1).post('/api/gestion-documental/radicados', base()));
    expect(r.radicado).toBe(`${anio}-100-000001-2`);
    expect(r).toMatchObject({
      anio,
      numero: 1,
      tipo: 'entrada',
      fecha: '2026-11-20',
      asunto: 'Solicitud de paz y salvo del arrendamiento',
      tercero: { id: tercero, nombre: 'Álvaro Restrepo Gómez', nro_id: '71234567' },
      area: { id: area, nombre: 'Gerencia', codigo: '100' },
      serie: { id: serie, codigo: '02' },
      subserie: { id: subserie, codigo: '02.01' },
      tipo_documental: { id: tipoDoc, nombre: 'Carta' },
      estado: { id: estado, nombre: 'Radicado' },
      folios: 3,
      archivos: 0,
      creado_por: 'admin',
    });
    const salida = ok(
      await as(t.app, admin1).post('/api/gestion-documental/radicados', {
        tipo: 'salida',
        fecha: '2026-11-21',
        asunto: 'Respuesta',
        id_area: areaSinCodigo,
      }),
    );
    expect(salida.radicado).toBe(`${anio}-000002-1`);
    const audit = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string; usuario: string }>(
        tx,
        sql`select accion, usuario from auditoria where entidad = 'radicados' and entidad_id = ${String(r.id)}`,
      ),
    );
    expect(audit).toEqual([{ accion: 'crear', usuario: 'admin' }]);
  });

  it('gives 50 concurrent filings 50 consecutive numbers, with no gap and no repeat', async () => {
    const antes = ok<ListResult<Radicado>>(await as(t.app, admin1).get('/api/gestion-documental/radicados?pageSize=1')).items[0]!
      .numero;
    const rs = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        as(t.app, admin1).post('/api/gestion-documental/radicados', { ...base(), asunto: `Concurrente ${i}` }),
      ),
    );
    const numeros = rs.map((r) => ok(r).numero).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 50 }, (_, i) => antes + 1 + i));
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const post = (b: unknown) => as(t.app, admin1).post('/api/gestion-documental/radicados', b);
    const { total } = ok<ListResult<Radicado>>(await as(t.app, admin1).get('/api/gestion-documental/radicados'));
    error(await post({ ...base(), asunto: '  ' }), 400, 'Asunto');
    error(await post({ ...base(), tipo: 'otro' }), 400, 'Tipo de radicado');
    error(await post({ ...base(), fecha: '2026-02-30' }), 400, 'Fecha del documento');
    error(await post({ ...base(), id_area: undefined }), 400, 'Área');
    error(await post({ ...base(), id_area: 'x' }), 400, 'Área');
    error(await post({ ...base(), folios: -1 }), 400, 'Folios');
    error(await post({ ...base(), id_area: areaOtra }), 400, 'Área');
    error(await post({ ...base(), id_subserie: subserieOtraSerie }), 400, 'Subserie');
    error(await post({ ...base(), id_serie: null }), 400, 'Serie');
    error(await post({ ...base(), id_tercero: 999999 }), 400, 'Remitente');
    error(await post({ ...base(), id_estado: 999999 }), 400, 'Estado');
    expect(ok<ListResult<Radicado>>(await as(t.app, admin1).get('/api/gestion-documental/radicados')).total).toBe(total);
  });

  it('answers 403 without idm 10579, and the search only with 10581', async () => {
    error(await as(t.app, sinIdm).post('/api/gestion-documental/radicados', base()), 403);
    error(await as(t.app, sinIdm).get('/api/gestion-documental/radicados'), 403);
    error(await as(t.app, sinIdm).get('/api/gestion-documental/radicados/opciones'), 403);
    error(await as(t.app, sinIdm).get(`/api/gestion-documental/buscar/${anio}-100-000001-2`), 403);
    error(await as(t.app, soloBuscar).post('/api/gestion-documental/radicados', base()), 403);
    expect(ok(await as(t.app, soloBuscar).get(`/api/gestion-documental/buscar/${anio}-100-000001-2`)).numero).toBe(1);
  });
});

describe('listar, buscar y archivos', () => {
  it('lists with search, filters, sort and export', async () => {
    const r = ok<ListResult<Radicado>>(
      await as(t.app, admin1).get('/api/gestion-documental/radicados?q=alvaro%20restrepo&tipo=entrada'),
    );
    expect(r.total).toBeGreaterThanOrEqual(51);
    expect(r.items.every((x) => x.tercero?.id === tercero)).toBe(true);
    const porNumero = ok<ListResult<Radicado>>(await as(t.app, admin1).get(`/api/gestion-documental/buscar?q=${anio}-000002`));
    expect(porNumero.items.map((x) => x.asunto)).toEqual(['Respuesta']);
    const porAsunto = ok<ListResult<Radicado>>(await as(t.app, soloBuscar).get('/api/gestion-documental/buscar?q=concurrente'));
    expect(porAsunto.total).toBe(50);
    const salidas = ok<ListResult<Radicado>>(await as(t.app, admin1).get('/api/gestion-documental/radicados?tipo=salida'));
    expect(salidas.total).toBe(1);
    const asc = ok<ListResult<Radicado>>(
      await as(t.app, admin1).get('/api/gestion-documental/radicados?sort=radicado&order=asc&pageSize=2'),
    );
    expect(asc.items.map((x) => x.numero)).toEqual([1, 2]);
    error(await as(t.app, admin1).get('/api/gestion-documental/radicados?sort=otro'), 400, 'sort');
    error(await as(t.app, admin1).get('/api/gestion-documental/radicados?desde=2026-12-01&hasta=2026-01-01'), 400, 'hasta');
    error(await as(t.app, admin1).get('/api/gestion-documental/radicados?tipo=x'), 400, 'tipo');
    const csv = await as(t.app, admin1).get('/api/gestion-documental/radicados/exportar?formato=csv&tipo=salida');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Radicado');
    expect(csv.body).toContain(`${anio}-000002-1`);
    const op = ok<OpcionesRadicado>(await as(t.app, admin1).get('/api/gestion-documental/radicados/opciones'));
    expect(op.areas.map((a) => a.nombre)).toContain('Gerencia');
    expect(op.subseries.find((s) => s.id === subserie)?.id_serie).toBe(serie);
    const ters = ok<{ id: number }[]>(await as(t.app, admin1).get('/api/gestion-documental/radicados/terceros?q=restrepo'));
    expect(ters.map((x) => x.id)).toContain(tercero);
  });

  it('keeps its PDF through platform/archivos and refuses what is not a PDF or an image', async () => {
    const r = ok(await as(t.app, admin1).get(`/api/gestion-documental/buscar/${anio}-100-000001-2`));
    const subir = (nombre: string, data: Buffer, token = admin1) => {
      const body = multipart({ filename: nombre, contentType: 'application/octet-stream', data });
      return t.app.inject({
        method: 'POST',
        url: `/api/archivos/radicado/${r.id}`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
    };
    expect((await subir('carta.pdf', pdf)).statusCode).toBe(200);
    error(await subir('carta.html', Buffer.from('<html><script>alert(1)</script></html>')), 415, 'carta.html');
    error(await subir('carta.pdf', pdf, soloBuscar), 403);
    error(await subir('carta.pdf', pdf, admin2), 404);
    expect(ok(await as(t.app, admin1).get(`/api/gestion-documental/radicados/${r.id}`)).archivos).toBe(1);
    const lista = await as(t.app, soloBuscar).get(`/api/archivos/radicado/${r.id}`);
    expect(lista.statusCode, lista.body).toBe(200);
  });

  it('hides every radicado from another company (404) and lists none of them', async () => {
    const r = ok(await as(t.app, admin1).get(`/api/gestion-documental/buscar/${anio}-100-000001-2`));
    error(await as(t.app, admin2).get(`/api/gestion-documental/radicados/${r.id}`), 404);
    error(await as(t.app, admin2).get(`/api/gestion-documental/buscar/${r.radicado}`), 404);
    expect(ok<ListResult<Radicado>>(await as(t.app, admin2).get('/api/gestion-documental/radicados')).total).toBe(0);
    error(await as(t.app, admin1).get('/api/gestion-documental/buscar/no%20valido'), 400, 'radicado');
    // Company 2 starts its own series at 1.
    const n = ok(
      await as(t.app, admin2).post('/api/gestion-documental/radicados', {
        ...base(),
        id_tercero: null,
        id_serie: null,
        id_subserie: null,
        id_tipo_documental: null,
        id_estado: null,
        id_area: areaOtra,
      }),
    );
    expect(n.radicado).toBe(`${anio}-200-000001-2`);
  });
});
