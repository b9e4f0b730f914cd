import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Radicado } from '@predio/contract/gestion-documental';
import type { PermisosGd } from '@predio/contract/gestion-documental-permisos';
import type { ListResult } from '@predio/contract/list';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp, ok, error } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let sinIdm: string;
let ana: string;
let beto: string;
let idAna: number;
let idBeto: number;
let area: number;
let contratos: number;
let arrendamiento: number;
let administracion: number;
let correspondencia: number;
let areaOtra: number;
const URL = '/api/gestion-documental/permisos';

const enviar = (token: string, method: 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { authorization: `Bearer ${token}` },
  });
const id1 = async (q: ReturnType<typeof sql>, empresa = 1) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const radicar = (token: string, extra: Record<string, unknown>) =>
  as(t.app, token).post('/api/gestion-documental/radicados', {
    tipo: 'entrada',
    fecha: '2026-11-20',
    asunto: 'Carta de prueba de permisos',
    id_area: area,
    ...extra,
  });
const asuntos = async (token: string) =>
  ok<ListResult<Radicado>>(await as(t.app, token).get('/api/gestion-documental/radicados?pageSize=100')).items.map(
    (r) => r.asunto,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'sinperm', nroId: '80401', permisos: '10579' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'sinperm', clave: 'demo1234' });
  idAna = await crearUsuario(t.db, 1, { usuario: 'ana', nroId: '80402', permisos: '10579,10581' });
  ana = await login(t.app, { idEmpresa: 1, usuario: 'ana', clave: 'demo1234' });
  idBeto = await crearUsuario(t.db, 1, { usuario: 'beto', nroId: '80403', permisos: '10579,10581' });
  beto = await login(t.app, { idEmpresa: 1, usuario: 'beto', clave: 'demo1234' });
  area = await id1(sql`select id from areas_empresa where codigo = '200'`);
  contratos = await id1(sql`select id from series_documentales where codigo = '02'`);
  arrendamiento = await id1(sql`select id from subseries_documentales where codigo = '02.01'`);
  administracion = await id1(sql`select id from subseries_documentales where codigo = '02.02'`);
  correspondencia = await id1(sql`select id from series_documentales where codigo = '03'`);
  areaOtra = await id1(sql`select id from areas_empresa where codigo = '200'`, 2);
});
afterAll(async () => {
  await t?.close();
});

describe('permisos-gestion-documental (idm 10578)', () => {
  it('without rules everyone with idm 10579 sees and files everything, as before', async () => {
    ok(await radicar(admin1, { asunto: 'Contrato antes de reglas', id_serie: contratos, id_subserie: arrendamiento }));
    ok(await radicar(beto, { asunto: 'Carta sin serie de Beto' }));
    expect(await asuntos(ana)).toEqual(expect.arrayContaining(['Contrato antes de reglas', 'Carta sin serie de Beto']));
  });

  it('with rules, each user sees and files only what a rule of theirs or of their área allows', async () => {
    // Ana may see and file arrendamiento contracts; Beto's área may see the whole Correspondencia serie.
    ok<PermisosGd>(
      await as(t.app, admin1).post(URL, { id_usuario: idAna, id_serie: contratos, id_subserie: arrendamiento, radicar: true }),
    );
    const p = ok<PermisosGd>(await as(t.app, admin1).post(URL, { id_area: area, id_serie: correspondencia, ver: true }));
    expect(p.reglas).toHaveLength(2);
    expect(p.reglas.find((r) => r.usuario?.id === idAna)).toMatchObject({ ver: true, radicar: true, editar: false });
    ok(await enviar(admin1, 'PUT', `${URL}/areas/${area}`, { id_usuarios: [idBeto] }));

    ok(await radicar(ana, { asunto: 'Contrato de Ana', id_serie: contratos, id_subserie: arrendamiento }));
    error(
      await radicar(ana, { asunto: 'Administración', id_serie: contratos, id_subserie: administracion }),
      403,
      'No tiene permiso para radicar en esta serie documental.',
    );
    error(await radicar(ana, { asunto: 'Sin serie' }), 400, 'id_serie: El campo Serie es obligatorio');
    error(await radicar(beto, { asunto: 'Correspondencia de Beto', id_serie: correspondencia }), 403);
    const c = ok<Radicado>(await radicar(admin1, { asunto: 'Correspondencia recibida', id_serie: correspondencia }));

    // Lists, search and export are filtered; the administrator sees all.
    const deAna = await asuntos(ana);
    expect(deAna).toEqual(expect.arrayContaining(['Contrato de Ana', 'Contrato antes de reglas']));
    expect(deAna).not.toContain('Correspondencia recibida');
    expect(deAna).not.toContain('Carta sin serie de Beto');
    const deBeto = await asuntos(beto);
    expect(deBeto).toEqual(expect.arrayContaining(['Correspondencia recibida', 'Carta sin serie de Beto']));
    expect(deBeto).not.toContain('Contrato de Ana');
    expect(await asuntos(admin1)).toEqual(expect.arrayContaining(['Contrato de Ana', 'Correspondencia recibida']));
    const buscados = ok<ListResult<Radicado>>(await as(t.app, ana).get('/api/gestion-documental/buscar?q=correspondencia'));
    expect(buscados.total).toBe(0);
    const csv = await as(t.app, ana).get('/api/gestion-documental/radicados/exportar?formato=csv');
    expect(csv.body).toContain('Contrato de Ana');
    expect(csv.body).not.toContain('Correspondencia recibida');

    // One radicado, by id or by number.
    error(
      await as(t.app, ana).get(`/api/gestion-documental/radicados/${c.id}`),
      403,
      'No tiene permiso para ver esta serie documental.',
    );
    error(await as(t.app, ana).get(`/api/gestion-documental/buscar/${c.radicado}`), 403);
    expect(ok<Radicado>(await as(t.app, beto).get(`/api/gestion-documental/buscar/${c.radicado}`)).id).toBe(c.id);

    // Taking Beto out of the área takes its rules from him.
    ok(await enviar(admin1, 'PUT', `${URL}/areas/${area}`, { id_usuarios: [] }));
    expect(await asuntos(beto)).not.toContain('Correspondencia recibida');
  });

  it('edits and deletes rules, audited; refuses bad input naming the field', async () => {
    const { reglas } = ok<PermisosGd>(await as(t.app, admin1).get(URL));
    const r = reglas.find((x) => x.area?.id === area)!;
    const mod = ok<PermisosGd>(
      await enviar(admin1, 'PUT', `${URL}/${r.id}`, { id_area: area, id_serie: correspondencia, editar: true }),
    );
    expect(mod.reglas.find((x) => x.id === r.id)).toMatchObject({ ver: true, editar: true });
    error(await as(t.app, admin1).post(URL, { id_area: area, id_serie: correspondencia }), 409, 'Ya hay una regla');
    error(await as(t.app, admin1).post(URL, { id_serie: contratos }), 400, 'Elija un Usuario o un Área');
    error(
      await as(t.app, admin1).post(URL, { id_usuario: idAna, id_area: area, id_serie: contratos }),
      400,
      'Elija un Usuario o un Área',
    );
    error(await as(t.app, admin1).post(URL, { id_usuario: idAna, id_serie: contratos, ver: false }), 400, 'Marque al menos uno');
    error(await as(t.app, admin1).post(URL, { id_usuario: idAna }), 400, 'El campo Serie');
    error(
      await as(t.app, admin1).post(URL, { id_usuario: idAna, id_serie: correspondencia, id_subserie: arrendamiento }),
      400,
      'id_subserie: El campo Subserie no pertenece a la serie elegida',
    );
    error(await as(t.app, admin1).post(URL, { id_area: areaOtra, id_serie: contratos }), 400, 'id_area: El campo Área no existe');
    error(await enviar(admin1, 'PUT', `${URL}/areas/${area}`, { id_usuarios: [999999] }), 400, 'Usuarios');
    ok(await enviar(admin1, 'DELETE', `${URL}/${r.id}`));
    error(await enviar(admin1, 'DELETE', `${URL}/${r.id}`), 404);
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from auditoria where entidad = 'gd_permiso'`),
    );
    expect(aud!.n).toBeGreaterThanOrEqual(5);
  });

  it('answers 403 without idm 10578 and keeps companies apart', async () => {
    error(await as(t.app, sinIdm).get(URL), 403);
    error(await as(t.app, sinIdm).post(URL, { id_usuario: idAna, id_serie: contratos }), 403);
    const { reglas } = ok<PermisosGd>(await as(t.app, admin1).get(URL));
    // Company 2 neither sees company 1's rules nor can change them, and its radicados stay unrestricted.
    expect(ok<PermisosGd>(await as(t.app, admin2).get(URL)).reglas).toEqual([]);
    error(await enviar(admin2, 'DELETE', `${URL}/${reglas[0]!.id}`), 404);
    error(await enviar(admin2, 'PUT', `${URL}/areas/${area}`, { id_usuarios: [] }), 404);
  });
});
