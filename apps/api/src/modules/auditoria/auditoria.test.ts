import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let asesor1: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload: { ...DEMO.asesor1, clave: 'mala' } });
  [admin1, admin2, asesor1] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.admin2),
    login(t.app, DEMO.asesor1),
  ]);
  await as(t.app, admin1).post('/api/usuarios', { usuario: 'auditado', clave: 'Vivienda.Segura.2025', permisos: '59' });
});
afterAll(() => t.close());

type Fila = { usuario: string; accion: string; entidad: string; entidad_id: string | null; cambios: unknown; fecha: string };
const lista = async (token: string, qs = '') => {
  const r = await as(t.app, token).get(`/api/auditoria${qs}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { items: Fila[]; total: number };
};

describe('GET /auditoria', () => {
  it('lists logins, failed logins and changes, newest first', async () => {
    const { items, total } = await lista(admin1);
    expect(total).toBe(items.length);
    expect(items[0]).toMatchObject({ accion: 'crear', entidad: 'usuarios', usuario: 'admin' });
    expect(items.map((f) => f.accion)).toEqual(expect.arrayContaining(['login', 'login_fallido']));
    expect(new Date(items[0]!.fecha).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by user, entity, action, record and dates', async () => {
    expect((await lista(admin1, '?usuario=ASESOR')).items.map((f) => f.accion).sort()).toEqual(['login', 'login_fallido']);
    expect((await lista(admin1, '?accion=login_fallido')).total).toBe(1);
    const creado = (await lista(admin1, '?entidad=usuarios')).items;
    expect(creado).toHaveLength(1);
    expect((await lista(admin1, `?entidad=usuarios&entidad_id=${creado[0]!.entidad_id}`)).total).toBe(1);
    const hoy = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Bogota' });
    expect((await lista(admin1, `?desde=${hoy}&hasta=${hoy}`)).total).toBe((await lista(admin1)).total);
    expect((await lista(admin1, '?hasta=2020-01-01')).total).toBe(0);
    expect((await lista(admin1, '?sort=usuario&order=asc&pageSize=1')).items).toHaveLength(1);
  });

  it("hides another company's rows", async () => {
    const { items } = await lista(admin2);
    expect(items.every((f) => f.usuario === 'admin' && f.entidad === 'sesion')).toBe(true);
    expect(items).toHaveLength(1);
  });

  it('names bad filters; needs permission 31', async () => {
    const mal = await as(t.app, admin1).get('/api/auditoria?desde=ayer');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('desde');
    const al = await as(t.app, admin1).get('/api/auditoria?desde=2025-02-01&hasta=2025-01-01');
    expect(al.statusCode).toBe(400);
    expect(al.json().message).toContain('hasta');
    expect((await as(t.app, admin1).get('/api/auditoria?sort=ip')).json().message).toContain('sort');
    const no = await as(t.app, asesor1).get('/api/auditoria');
    expect(no.statusCode).toBe(403);
    expect(no.json().code).toBe(50403);
    expect((await as(t.app, asesor1).get('/api/auditoria/exportar')).statusCode).toBe(403);
  });

  it('offers the users, entities and actions that appear', async () => {
    const v = (await as(t.app, admin1).get('/api/auditoria/valores')).json().data;
    expect(v.entidades).toEqual(['sesion', 'usuarios']);
    expect(v.acciones).toEqual(expect.arrayContaining(['crear', 'login', 'login_fallido']));
  });
});

describe('GET /auditoria/exportar', () => {
  it('exports the filter to CSV with changes summarised and no formula injection', async () => {
    const r = await as(t.app, admin1).get('/api/auditoria/exportar?formato=csv&entidad=usuarios');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.headers['content-disposition']).toMatch(/logs-sistema-\d{4}-\d{2}-\d{2}\.csv/);
    const texto = r.body;
    expect(texto).toContain('Fecha;Usuario;Acción;Entidad;Registro;Cambios;IP');
    expect(texto).toContain('Creación');
    expect(texto).toContain('usuario: — → auditado');
    expect(texto).toContain('clave: — → cambiada');
    expect(texto.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('exports Excel by default', async () => {
    const r = await as(t.app, admin1).get('/api/auditoria/exportar');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
