import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Radicado } from '@predio/contract/gestion-documental';
import type { EstadosRadicado, Transiciones } from '@predio/contract/gestion-documental-estados';
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
let soloRadicar: string;
let sinRadicar: string;
let ana: string;
let idAna: number;
let area: number;
let area2: number;
let serie: number;
let subserie: number;
let otraSubserie: number;
let otraSerie: number;
let tipoDoc: number;
const E: Record<string, number> = {};
let estadoOtra: number;
const URL = '/api/gestion-documental/transiciones';
const RAD = '/api/gestion-documental/radicados';

const ok = <T = Radicado>(r: Respondida): T => okDe<T>(r);
const id1 = async (q: ReturnType<typeof sql>, empresa = 1) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const inject = (token: string, method: 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { authorization: `Bearer ${token}` },
  });
const radicar = async (token: string, extra: Record<string, unknown> = {}) =>
  ok(
    await as(t.app, token).post(RAD, {
      tipo: 'entrada',
      fecha: '2026-11-20',
      asunto: 'Derecho de petición sobre el canon',
      id_area: area,
      id_serie: serie,
      id_subserie: subserie,
      id_tipo_documental: tipoDoc,
      id_estado: E.radicado,
      folios: 2,
      ...extra,
    }),
  );
const edicion = (r: Radicado, extra: Record<string, unknown> = {}) => ({
  asunto: r.asunto,
  id_tercero: r.tercero?.id ?? null,
  id_area: r.area.id,
  id_serie: r.serie?.id ?? null,
  id_subserie: r.subserie?.id ?? null,
  id_tipo_documental: r.tipo_documental?.id ?? null,
  folios: r.folios,
  observaciones: r.observaciones,
  ...extra,
});
const auditoria = (id: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ accion: string; usuario: string; cambios: Record<string, { antes: unknown; despues: unknown }> }>(
      tx,
      sql`select accion, usuario, cambios from auditoria where entidad = 'radicados' and entidad_id = ${String(id)} order by id`,
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'gdradica', nroId: '80701', permisos: '10579' });
  soloRadicar = await login(t.app, { idEmpresa: 1, usuario: 'gdradica', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'gdestados', nroId: '80702', permisos: '10602,10581' });
  sinRadicar = await login(t.app, { idEmpresa: 1, usuario: 'gdestados', clave: 'demo1234' });
  idAna = await crearUsuario(t.db, 1, { usuario: 'gdana', nroId: '80703', permisos: '10579,10581' });
  ana = await login(t.app, { idEmpresa: 1, usuario: 'gdana', clave: 'demo1234' });
  area = await id1(sql`select id from areas_empresa where codigo = '200'`);
  area2 = await id1(sql`select id from areas_empresa where codigo = '500'`);
  serie = await id1(sql`select id from series_documentales where codigo = '02'`);
  subserie = await id1(sql`select id from subseries_documentales where codigo = '02.01'`);
  otraSubserie = await id1(sql`select id from subseries_documentales where codigo = '01.01'`);
  otraSerie = await id1(sql`select id from series_documentales where codigo = '03'`);
  tipoDoc = await id1(sql`select id from tipos_documentales where nombre = 'Carta'`);
  for (const [k, n] of [
    ['radicado', 'Radicado'],
    ['tramite', 'En trámite'],
    ['respondido', 'Respondido'],
    ['archivado', 'Archivado'],
    ['anulado', 'Anulado'],
  ] as const)
    E[k] = await id1(sql`select id from estados_gestion_documental where nombre = ${n}`);
  estadoOtra = await id1(sql`select id from estados_gestion_documental where nombre = 'Radicado'`, 2);
});
afterAll(async () => {
  await t?.close();
});

describe('estado-gestion-documental: transiciones (idm 10602)', () => {
  it('every company starts with Radicado → En trámite → Respondido → Archivado and any → Anulado', async () => {
    const r = ok<Transiciones>(await as(t.app, sinRadicar).get(URL));
    const pares = r.transiciones.map((x) => `${x.origen?.nombre ?? '*'}>${x.destino.nombre}`).sort();
    expect(pares).toEqual(['*>Anulado', 'En trámite>Respondido', 'Radicado>En trámite', 'Respondido>Archivado']);
    expect(r.estados.map((e) => e.nombre)).toContain('Anulado');
    const otra = ok<Transiciones>(await as(t.app, admin2).get(URL));
    expect(otra.transiciones).toHaveLength(4);
    expect(otra.transiciones.every((x) => !r.transiciones.some((y) => y.id === x.id))).toBe(true);
  });

  it('adds and removes a transition; bad input names the field; 403 without idm; another company 404', async () => {
    error(await as(t.app, soloRadicar).get(URL), 403);
    error(await as(t.app, soloRadicar).post(URL, { id_estado_origen: E.respondido, id_estado_destino: E.tramite }), 403);
    error(await as(t.app, admin1).post(URL, { id_estado_origen: E.tramite }), 400, 'Hacia');
    error(
      await as(t.app, admin1).post(URL, { id_estado_origen: E.tramite, id_estado_destino: E.tramite }),
      400,
      'id_estado_destino',
    );
    error(
      await as(t.app, admin1).post(URL, { id_estado_origen: estadoOtra, id_estado_destino: E.tramite }),
      400,
      'id_estado_origen',
    );
    error(await as(t.app, admin1).post(URL, { id_estado_origen: E.radicado, id_estado_destino: E.tramite }), 409, 'ya existe');
    const r = ok<Transiciones>(
      await as(t.app, admin1).post(URL, { id_estado_origen: E.respondido, id_estado_destino: E.tramite }),
    );
    const nueva = r.transiciones.find((x) => x.origen?.id === E.respondido && x.destino.id === E.tramite)!;
    expect(nueva.creado_por).toBe('admin');
    error(await inject(admin2, 'DELETE', `${URL}/${nueva.id}`), 404);
    const sin = ok<Transiciones>(await inject(admin1, 'DELETE', `${URL}/${nueva.id}`));
    expect(sin.transiciones.some((x) => x.id === nueva.id)).toBe(false);
  });
});

describe('a radicado moves only along the transitions, with its history', () => {
  it('starts in its filing estado; refuses a jump; annulment needs the reason and keeps the number', async () => {
    const r = await radicar(soloRadicar);
    let h = ok<EstadosRadicado>(await as(t.app, soloRadicar).get(`${RAD}/${r.id}/estados`));
    expect(h.historial).toMatchObject([{ anterior: null, estado: { nombre: 'Radicado' }, usuario: 'gdradica' }]);
    expect(h.siguientes.map((e) => e.nombre)).toEqual(['Anulado', 'En trámite']);

    error(
      await as(t.app, soloRadicar).post(`${RAD}/${r.id}/estado`, { id_estado: E.respondido }),
      400,
      'id_estado: No se puede pasar de «Radicado» a «Respondido»',
    );
    error(await as(t.app, soloRadicar).post(`${RAD}/${r.id}/estado`, {}), 400, 'Nuevo estado');
    error(await as(t.app, soloRadicar).post(`${RAD}/${r.id}/estado`, { id_estado: estadoOtra }), 400, 'id_estado');
    error(await as(t.app, sinRadicar).post(`${RAD}/${r.id}/estado`, { id_estado: E.tramite }), 403);
    error(await as(t.app, admin2).post(`${RAD}/${r.id}/estado`, { id_estado: E.tramite }), 404);
    error(await as(t.app, admin2).get(`${RAD}/${r.id}/estados`), 404);

    const tramite = ok(
      await as(t.app, soloRadicar).post(`${RAD}/${r.id}/estado`, { id_estado: E.tramite, nota: 'Asignado a jurídica' }),
    );
    expect(tramite.estado?.nombre).toBe('En trámite');
    expect(tramite.modificado_por).toBe('gdradica');

    error(
      await as(t.app, soloRadicar).post(`${RAD}/${r.id}/estado`, { id_estado: E.anulado, nota: '   ' }),
      400,
      'nota: El campo Nota es obligatorio para anular',
    );
    const anulado = ok(
      await as(t.app, soloRadicar).post(`${RAD}/${r.id}/estado`, { id_estado: E.anulado, nota: 'Radicado por duplicado' }),
    );
    expect(anulado.estado?.nombre).toBe('Anulado');
    expect(anulado.radicado).toBe(r.radicado);

    h = ok<EstadosRadicado>(await as(t.app, sinRadicar).get(`${RAD}/${r.id}/estados`));
    expect(h.historial.map((x) => [x.anterior?.nombre ?? null, x.estado.nombre, x.nota])).toEqual([
      ['En trámite', 'Anulado', 'Radicado por duplicado'],
      ['Radicado', 'En trámite', 'Asignado a jurídica'],
      [null, 'Radicado', ''],
    ]);
    // Nothing leaves «Anulado» unless a rule from it is added, and an annulled radicado is not corrected.
    expect(h.siguientes).toEqual([]);
    error(await inject(soloRadicar, 'PUT', `${RAD}/${r.id}`, edicion(anulado, { asunto: 'Otro' })), 409, 'anulado');
    const a = await auditoria(r.id);
    expect(a.map((x) => x.accion)).toEqual(['crear', 'cambiar_estado', 'anular']);
    expect(a[2]!.cambios.nota!.despues).toBe('Radicado por duplicado');
  });
});

describe('correcting a radicado (PUT /radicados/:id)', () => {
  it('changes the metadata, never the number; audited; bad input names the field; 403; another company 404', async () => {
    const r = await radicar(soloRadicar);
    error(await inject(soloRadicar, 'PUT', `${RAD}/${r.id}`, edicion(r, { asunto: '' })), 400, 'El campo Asunto es obligatorio');
    error(await inject(soloRadicar, 'PUT', `${RAD}/${r.id}`, edicion(r, { id_subserie: otraSubserie })), 400, 'id_subserie');
    error(await inject(soloRadicar, 'PUT', `${RAD}/${r.id}`, edicion(r, { folios: -1 })), 400, 'Folios');
    error(await inject(sinRadicar, 'PUT', `${RAD}/${r.id}`, edicion(r)), 403);
    error(await inject(admin2, 'PUT', `${RAD}/${r.id}`, edicion(r)), 404);

    const c = ok(
      await inject(
        soloRadicar,
        'PUT',
        `${RAD}/${r.id}`,
        edicion(r, { asunto: 'Derecho de petición corregido', folios: 5, id_area: area2, observaciones: 'Llegó con anexos' }),
      ),
    );
    expect(c).toMatchObject({
      radicado: r.radicado,
      numero: r.numero,
      asunto: 'Derecho de petición corregido',
      folios: 5,
      observaciones: 'Llegó con anexos',
      modificado_por: 'gdradica',
    });
    expect(c.area.id).toBe(area2);
    const a = (await auditoria(r.id)).at(-1)!;
    expect(a.accion).toBe('modificar');
    expect(a.cambios.asunto).toEqual({ antes: 'Derecho de petición sobre el canon', despues: 'Derecho de petición corregido' });
    expect(a.cambios.folios).toEqual({ antes: 2, despues: 5 });
    expect(a.cambios.id_serie).toBeUndefined();
  });

  it('honours the per-serie «editar» permission on the radicado and on the serie it moves to', async () => {
    const r = await radicar(admin1);
    // A rule that lets Ana see and file the serie, not edit it.
    ok(await as(t.app, admin1).post('/api/gestion-documental/permisos', { id_usuario: idAna, id_serie: serie, radicar: true }));
    error(await inject(ana, 'PUT', `${RAD}/${r.id}`, edicion(r, { asunto: 'Sin permiso' })), 403, 'editar');
    error(await as(t.app, ana).post(`${RAD}/${r.id}/estado`, { id_estado: E.tramite }), 403, 'editar');
    expect(ok<EstadosRadicado>(await as(t.app, ana).get(`${RAD}/${r.id}/estados`)).siguientes).toEqual([]);

    const reglas = ok<{ reglas: { id: number; usuario: { id: number } | null }[] }>(
      await as(t.app, admin1).get('/api/gestion-documental/permisos'),
    );
    const regla = reglas.reglas.find((x) => x.usuario?.id === idAna)!;
    ok(
      await inject(admin1, 'PUT', `/api/gestion-documental/permisos/${regla.id}`, {
        id_usuario: idAna,
        id_serie: serie,
        editar: true,
      }),
    );
    ok(await inject(ana, 'PUT', `${RAD}/${r.id}`, edicion(r, { asunto: 'Con permiso' })));
    // Moving it to a serie she may not edit is refused, and nothing changes.
    error(await inject(ana, 'PUT', `${RAD}/${r.id}`, edicion(r, { id_serie: otraSerie, id_subserie: null })), 403, 'editar');
    expect(ok(await as(t.app, admin1).get(`${RAD}/${r.id}`)).serie?.id).toBe(serie);
    expect(ok(await as(t.app, ana).post(`${RAD}/${r.id}/estado`, { id_estado: E.tramite })).estado?.nombre).toBe('En trámite');
  });
});
