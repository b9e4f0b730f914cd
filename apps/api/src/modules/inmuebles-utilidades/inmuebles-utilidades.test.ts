import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { editLock } from '../../db/schema/plataforma.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  tokenClaims,
  type TestApp,
  injectAs,
  type Pedir,
} from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let consulta1: string;
let idAdmin1: number;
let idAsesor1: number;
let idAsesor2: number;
let idInactivo: number;
let municipio1: number;
let municipio2: number;
const c: Record<string, number> = {};

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const primerMunicipio = (idEmpresa: number) =>
  t.db.tenant(
    idEmpresa,
    async (tx) => (await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))[0]!.id,
  );

const BASE = {
  tipo: 'apartamento',
  gestion: 'arriendo',
  direccion: 'Calle 10 # 43-20',
  canon: 2_500_000,
  habitaciones: 3,
  banos: 2,
};

async function crear(token: string, cuerpo: Record<string, unknown>): Promise<number> {
  const r = await pedir(token, 'POST', '/api/inmuebles', { ...BASE, ...cuerpo });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.consecutivo as number;
}

beforeAll(async () => {
  t = await createTestApp();
  idAsesor2 = await crearUsuario(t.db, 1, { usuario: 'asesora2', nroId: '1020304050', permisos: '491' });
  idInactivo = await crearUsuario(t.db, 1, { usuario: 'retirado', nroId: '1020304051', permisos: '491' });
  await crearUsuario(t.db, 1, { usuario: 'consulta', nroId: '1010101010', permisos: '59' });
  await t.db.tenant(1, (tx) => tx.execute(sql`update usuarios set activo = false where id = ${idInactivo}`));
  [admin1, asesor1, admin2, consulta1] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, DEMO.admin2),
    login(t.app, { idEmpresa: 1, usuario: 'consulta', clave: 'demo1234' }),
  ]);
  idAdmin1 = tokenClaims(admin1).idUsuario;
  idAsesor1 = tokenClaims(asesor1).idUsuario;
  [municipio1, municipio2] = [await primerMunicipio(1), await primerMunicipio(2)];
  c.a = await crear(admin1, { id_municipio: municipio1, id_asesor_comercial: idAsesor1, id_asesor_captador: idAsesor1 });
  c.b = await crear(admin1, { id_municipio: municipio1, id_asesor_comercial: idAsesor1, tipo: 'casa' });
  c.cap = await crear(admin1, { id_municipio: municipio1, id_asesor_captador: idAsesor1, id_asesor_comercial: idAdmin1 });
  c.bloq = await crear(admin1, { id_municipio: municipio1, id_asesor_comercial: idAsesor1 });
  c.ubicado = await crear(admin1, { id_municipio: municipio1, lat: 6.2442, lng: -75.5812 });
  c.otra = await crear(admin2, { id_municipio: municipio2, id_asesor_comercial: tokenClaims(admin2).idUsuario });
  for (const k of ['a', 'b', 'cap'])
    expect((await pedir(admin1, 'POST', `/api/inmuebles/${c[k]}/estado`, { estado: 'disponible' })).statusCode).toBe(200);
  expect((await pedir(admin2, 'POST', `/api/inmuebles/${c.otra}/estado`, { estado: 'disponible' })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /inmuebles-utilidades/opciones', () => {
  it("lists the company's users and the municipios that have properties", async () => {
    const r = await as(t.app, admin1).get('/api/inmuebles-utilidades/opciones');
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data as { asesores: { id: number; usuario: string; activo: boolean }[]; municipios: { id: number }[] };
    expect(d.asesores.map((a) => a.usuario)).toEqual(expect.arrayContaining(['admin', 'asesor', 'asesora2', 'retirado']));
    expect(d.asesores.find((a) => a.usuario === 'retirado')?.activo).toBe(false);
    expect(d.municipios).toEqual([expect.objectContaining({ id: municipio1, inmuebles: 5 })]);
    const otra = (await as(t.app, admin2).get('/api/inmuebles-utilidades/opciones')).json().data;
    expect(otra.asesores.map((a: { usuario: string }) => a.usuario)).not.toContain('asesora2');
    expect(otra.municipios).toEqual([expect.objectContaining({ id: municipio2, inmuebles: 1 })]);
  });
  it('needs one of the utilities', async () => {
    expect((await as(t.app, consulta1).get('/api/inmuebles-utilidades/opciones')).statusCode).toBe(403);
  });
});

describe('reasignar inmuebles (10545)', () => {
  const previa = (token: string, qs: string) => as(t.app, token).get(`/api/inmuebles-utilidades/reasignar/previa?${qs}`);

  it('previews by role and estado', async () => {
    const ambos = (await previa(admin1, `origen=${idAsesor1}&destino=${idAsesor2}`)).json().data;
    expect(ambos.items.map((i: { consecutivo: number }) => i.consecutivo)).toEqual([c.a, c.b, c.cap, c.bloq]);
    const comercial = (await previa(admin1, `origen=${idAsesor1}&destino=${idAsesor2}&rol=comercial`)).json().data;
    expect(comercial.total).toBe(3);
    const disponibles = (await previa(admin1, `origen=${idAsesor1}&destino=${idAsesor2}&rol=comercial&estado=disponible`)).json()
      .data;
    expect(disponibles.items.map((i: { consecutivo: number }) => i.consecutivo)).toEqual([c.a, c.b]);
  });

  it('refuses the same asesor, unknown users, an inactive destination, and bad input, naming the field', async () => {
    const mismo = await previa(admin1, `origen=${idAsesor1}&destino=${idAsesor1}`);
    expect(mismo.statusCode).toBe(400);
    expect(mismo.json().message).toContain('destino');
    const nadie = await previa(admin1, `origen=999999&destino=${idAsesor2}`);
    expect(nadie.statusCode).toBe(400);
    expect(nadie.json().message).toMatch(/^origen: .*no existe/);
    const inactivo = await previa(admin1, `origen=${idAsesor1}&destino=${idInactivo}`);
    expect(inactivo.statusCode).toBe(400);
    expect(inactivo.json().message).toContain('inactivo');
    const rol = await previa(admin1, `origen=${idAsesor1}&destino=${idAsesor2}&rol=jefe`);
    expect(rol.statusCode).toBe(400);
    expect(rol.json().message).toContain('rol');
    const sinSeleccion = await pedir(admin1, 'POST', '/api/inmuebles-utilidades/reasignar', {
      origen: idAsesor1,
      destino: idAsesor2,
      todos: false,
      consecutivos: [],
    });
    expect(sinSeleccion.statusCode).toBe(400);
    expect(sinSeleccion.json().message).toContain('consecutivos');
  });

  it('needs permission 10545 and does not see users of another company', async () => {
    expect((await previa(asesor1, `origen=${idAsesor1}&destino=${idAdmin1}`)).statusCode).toBe(403);
    const r = await pedir(asesor1, 'POST', '/api/inmuebles-utilidades/reasignar', {
      origen: idAsesor1,
      destino: idAdmin1,
      todos: true,
    });
    expect(r.statusCode).toBe(403);
    const otra = await previa(admin2, `origen=${idAsesor1}&destino=${tokenClaims(admin2).idUsuario}`);
    expect(otra.statusCode).toBe(400);
    expect(otra.json().message).toContain('origen');
  });

  it('refuses "todos" when the count changed since the preview', async () => {
    const r = await pedir(admin1, 'POST', '/api/inmuebles-utilidades/reasignar', {
      origen: idAsesor1,
      destino: idAsesor2,
      rol: 'comercial',
      todos: true,
      esperados: 7,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('eran 7, ahora son 3');
  });

  it('moves the selected ones, skips one being edited, audits each field and notifies the destination', async () => {
    await t.db.tenant(1, (tx) =>
      tx.insert(editLock).values({
        recurso: 'inmueble',
        clave: String(c.bloq),
        idUsuario: idAsesor1,
        usuario: 'asesor',
        expiraEn: new Date(Date.now() + 3_600_000),
      }),
    );
    const r = await pedir(admin1, 'POST', '/api/inmuebles-utilidades/reasignar', {
      origen: idAsesor1,
      destino: idAsesor2,
      rol: 'ambos',
      todos: false,
      consecutivos: [c.a, c.cap, c.bloq, c.otra! + 1000],
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.reasignados).toEqual([c.a, c.cap]);
    expect(d.omitidos).toEqual([
      { consecutivo: c.otra! + 1000, motivo: expect.stringContaining('no existe') },
      { consecutivo: c.bloq, motivo: 'lo está editando asesor' },
    ]);
    expect(d.destino).toContain('asesora2');

    const a = (await pedir(admin1, 'GET', `/api/inmuebles/${c.a}`)).json().data;
    expect([a.id_asesor_comercial, a.id_asesor_captador, a.version]).toEqual([idAsesor2, idAsesor2, 3]);
    const cap = (await pedir(admin1, 'GET', `/api/inmuebles/${c.cap}`)).json().data;
    expect([cap.id_asesor_comercial, cap.id_asesor_captador]).toEqual([idAdmin1, idAsesor2]);
    const bloq = (await pedir(admin1, 'GET', `/api/inmuebles/${c.bloq}`)).json().data;
    expect(bloq.id_asesor_comercial).toBe(idAsesor1);

    const auditoria = await t.db.tenant(1, (tx) =>
      queryRows<{ entidad_id: string; cambios: Record<string, unknown> }>(
        tx,
        sql`select entidad_id, cambios from auditoria where accion = 'reasignar' order by id`,
      ),
    );
    expect(auditoria).toEqual([
      {
        entidad_id: String(c.a),
        cambios: {
          id_asesor_comercial: { antes: idAsesor1, despues: idAsesor2 },
          id_asesor_captador: { antes: idAsesor1, despues: idAsesor2 },
        },
      },
      { entidad_id: String(c.cap), cambios: { id_asesor_captador: { antes: idAsesor1, despues: idAsesor2 } } },
    ]);
    const avisos = await t.db.tenant(1, (tx) =>
      queryRows<{ id_usuario: number; tipo_carta: number; titulo: string; cuerpo: string; enlace: string }>(
        tx,
        sql`select id_usuario, tipo_carta, titulo, cuerpo, enlace from notificacion where tipo_carta = 205`,
      ),
    );
    expect(avisos).toEqual([
      expect.objectContaining({
        id_usuario: idAsesor2,
        titulo: 'Le asignaron 2 inmuebles',
        cuerpo: expect.stringContaining('admin'),
        // The search shows the new asesor's properties in the estados of the two moved.
        enlace: `/propiedades/inmuebles-disponibles?asesor=${idAsesor2}&estado=${[...new Set([a.estado, cap.estado])].sort().join(',')}`,
      }),
    ]);
  });

  it('moves all that match, in one go', async () => {
    const r = await pedir(admin1, 'POST', '/api/inmuebles-utilidades/reasignar', {
      origen: idAsesor1,
      destino: idAdmin1,
      rol: 'comercial',
      estado: ['disponible'],
      todos: true,
      esperados: 1,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.reasignados).toEqual([c.b]);
    // The executor is the destination: no notification to oneself.
    const avisos = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from notificacion where tipo_carta = 205`),
    );
    expect(avisos[0]!.n).toBe(1);
  });
});

describe('geolocalizar inmuebles (31)', () => {
  const lista = (token: string, qs = '') => as(t.app, token).get(`/api/inmuebles-utilidades/ubicacion?${qs}`);

  it('lists those without coordinates and counts them; all with sinCoordenadas=0; filters', async () => {
    const r = await lista(admin1);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.sinCoordenadas).toBe(4);
    expect(d.items.map((i: { consecutivo: number }) => i.consecutivo)).toEqual([c.a, c.b, c.cap, c.bloq]);
    expect((await lista(admin1, 'sinCoordenadas=0')).json().data.total).toBe(5);
    expect((await lista(admin1, 'sinCoordenadas=0&estado=captado')).json().data.total).toBe(2);
    expect((await lista(admin1, `q=${c.b}`)).json().data.items).toContainEqual(
      expect.objectContaining({ consecutivo: c.b, tipo: 'casa' }),
    );
    expect((await lista(admin1, 'q=avenida')).json().data.total).toBe(0);
    expect((await lista(admin1, 'municipio=abc')).statusCode).toBe(400);
  });

  it('saves a point, audited, bumping the version; the property leaves the list', async () => {
    const antes = (await pedir(admin1, 'GET', `/api/inmuebles/${c.b}`)).json().data;
    const r = await pedir(admin1, 'PUT', `/api/inmuebles-utilidades/ubicacion/${c.b}`, {
      lat: 4.711,
      lng: -74.0721,
      version: antes.version,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ consecutivo: c.b, lat: 4.711, lng: -74.0721, version: antes.version + 1 });
    const despues = (await pedir(admin1, 'GET', `/api/inmuebles/${c.b}`)).json().data;
    expect([despues.lat, despues.lng, despues.modificado_por]).toEqual([4.711, -74.0721, 'admin']);
    const d = (await lista(admin1)).json().data;
    expect(d.sinCoordenadas).toBe(3);
    expect(d.items.map((i: { consecutivo: number }) => i.consecutivo)).not.toContain(c.b);
    const viejo = await pedir(admin1, 'PUT', `/api/inmuebles-utilidades/ubicacion/${c.b}`, {
      lat: 4.7,
      lng: -74.07,
      version: antes.version,
    });
    expect(viejo.statusCode).toBe(409);
  });

  it('refuses out-of-range or half coordinates, naming the field', async () => {
    const lat = await pedir(admin1, 'PUT', `/api/inmuebles-utilidades/ubicacion/${c.a}`, { lat: 91, lng: -74 });
    expect(lat.statusCode).toBe(400);
    expect(lat.json().message).toContain('El campo Latitud debe estar entre -90 y 90');
    const media = await pedir(admin1, 'PUT', `/api/inmuebles-utilidades/ubicacion/${c.a}`, { lat: 4, lng: null });
    expect(media.statusCode).toBe(400);
    expect(media.json().message).toContain('lng');
    const texto = await pedir(admin1, 'PUT', `/api/inmuebles-utilidades/ubicacion/${c.a}`, { lat: 'norte', lng: -74 });
    expect(texto.statusCode).toBe(400);
    expect(texto.json().message).toContain('lat');
  });

  it('answers 409 naming who holds the edit lock', async () => {
    const r = await pedir(admin1, 'PUT', `/api/inmuebles-utilidades/ubicacion/${c.bloq}`, { lat: 6.2, lng: -75.5 });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('lo está editando asesor');
    expect(r.json().data.usuario).toBe('asesor');
  });

  it("needs permission 31; another company's property is not found", async () => {
    expect((await lista(asesor1)).statusCode).toBe(403);
    expect((await pedir(asesor1, 'PUT', `/api/inmuebles-utilidades/ubicacion/${c.a}`, { lat: 1, lng: 1 })).statusCode).toBe(403);
    const otra = await pedir(admin2, 'PUT', `/api/inmuebles-utilidades/ubicacion/${c.cap}`, { lat: 1, lng: 1 });
    expect(otra.statusCode).toBe(404);
    expect((await lista(admin2)).json().data).toMatchObject({ total: 1, sinCoordenadas: 1 });
  });
});

describe('modificaciones de inmuebles (19)', () => {
  type Fila = { consecutivo: number; campo: string; antes: string; despues: string; accion: string; usuario: string };
  const lista = async (token: string, qs = '') => {
    const r = await as(t.app, token).get(`/api/inmuebles-utilidades/modificaciones?${qs}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { items: Fila[]; total: number };
  };

  it('unfolds each audited write into one row per field, with names and formats', async () => {
    const geo = await lista(admin1, `consecutivo=${c.b}&accion=geolocalizar`);
    expect(geo.items.map((f) => [f.campo, f.antes, f.despues]).sort()).toEqual([
      ['lat', '', '4,711'],
      ['lng', '', '-74,0721'],
    ]);
    const reas = await lista(admin1, `consecutivo=${c.a}&campo=id_asesor_comercial`);
    expect(reas.items).toEqual([
      expect.objectContaining({
        accion: 'reasignar',
        usuario: 'admin',
        antes: 'Laura Marcela Ospina Rojas',
        despues: 'Usuario asesora2',
      }),
      expect.objectContaining({ accion: 'crear', antes: '', despues: 'Laura Marcela Ospina Rojas' }),
    ]);
    expect((await lista(admin1, `consecutivo=${c.a}&campo=tipo`)).items[0]!.despues).toBe('Apartamento');
    // Fields a creation left empty are not listed as changes.
    expect((await lista(admin1, `consecutivo=${c.a}&campo=codigo_llaves`)).total).toBe(0);
    const canon = await lista(admin1, `consecutivo=${c.a}&campo=canon`);
    expect(canon.items[0]!.despues).toBe('$ 2.500.000');
    const todos = await lista(admin1, 'pageSize=5');
    expect(todos.items).toHaveLength(5);
    expect(todos.total).toBeGreaterThan(40);
    const hoy = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Bogota' });
    expect((await lista(admin1, `desde=${hoy}&hasta=${hoy}&pageSize=1`)).total).toBe(todos.total);
    expect((await lista(admin1, 'hasta=2020-01-01')).total).toBe(0);
    expect((await lista(admin1, 'usuario=ASESOR')).total).toBe(0);
  });

  it('offers the users, fields and actions that appear', async () => {
    const v = (await as(t.app, admin1).get('/api/inmuebles-utilidades/modificaciones/valores')).json().data;
    expect(v.usuarios).toEqual(['admin']);
    expect(v.campos).toEqual(expect.arrayContaining(['canon', 'estado', 'lat', 'id_asesor_comercial']));
    expect(v.acciones).toEqual(expect.arrayContaining(['crear', 'cambiar estado', 'reasignar', 'geolocalizar']));
  });

  it('names bad filters; needs permission 19; hides another company', async () => {
    const mal = await as(t.app, admin1).get('/api/inmuebles-utilidades/modificaciones?desde=ayer');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('desde');
    const al = await as(t.app, admin1).get('/api/inmuebles-utilidades/modificaciones?desde=2025-02-01&hasta=2025-01-01');
    expect(al.statusCode).toBe(400);
    expect(al.json().message).toContain('hasta');
    expect((await as(t.app, admin1).get('/api/inmuebles-utilidades/modificaciones?consecutivo=x')).json().message).toContain(
      'consecutivo',
    );
    expect((await as(t.app, asesor1).get('/api/inmuebles-utilidades/modificaciones')).statusCode).toBe(403);
    expect((await as(t.app, asesor1).get('/api/inmuebles-utilidades/modificaciones/exportar')).statusCode).toBe(403);
    const otra = await lista(admin2, 'pageSize=200');
    expect(otra.items.every((f) => f.consecutivo === c.otra)).toBe(true);
    expect(otra.total).toBeGreaterThan(0);
  });

  it('exports the filter to CSV and Excel', async () => {
    const r = await as(t.app, admin1).get(`/api/inmuebles-utilidades/modificaciones/exportar?formato=csv&consecutivo=${c.b}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.headers['content-disposition']).toMatch(/modificaciones-inmuebles-\d{4}-\d{2}-\d{2}\.csv/);
    expect(r.body).toContain('Fecha;Usuario;Consecutivo;Campo;Antes;Después;Acción');
    expect(r.body).toContain('Latitud;;4,711;Geolocalización');
    expect(r.body).toContain('Asesor comercial');
    const x = await as(t.app, admin1).get('/api/inmuebles-utilidades/modificaciones/exportar');
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('labels fields as the form does and shows características and portals by name', async () => {
    const cat = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number; nombre: string }>(tx, sql`select id, nombre from caracteristicas_inmueble order by id limit 2`),
    );
    const cuerpo = { id_municipio: municipio1, caracteristicas: [cat[0]!.id], publicar: { fincaraiz: true } };
    const consecutivo = await crear(admin1, cuerpo);
    expect((await pedir(admin1, 'POST', `/api/inmuebles/${consecutivo}/bloqueo`)).statusCode).toBe(200);
    const u = await pedir(admin1, 'PUT', `/api/inmuebles/${consecutivo}`, {
      ...BASE,
      id_municipio: municipio1,
      caracteristicas: cat.map((x) => x.id),
      publicar: { fincaraiz: true, sitio_web: true },
      version: 1,
    });
    expect(u.statusCode, u.body).toBe(200);
    const car = await lista(admin1, `consecutivo=${consecutivo}&campo=caracteristicas`);
    expect(car.items.map((f) => [f.accion, f.antes, f.despues])).toEqual([
      ['actualizar', cat[0]!.nombre, `${cat[0]!.nombre}, ${cat[1]!.nombre}`],
      ['crear', '', cat[0]!.nombre],
    ]);
    const pub = await lista(admin1, `consecutivo=${consecutivo}&campo=publicar`);
    expect(pub.items.map((f) => [f.antes, f.despues])).toEqual([
      ['Fincaraíz', 'Fincaraíz, Sitio web'],
      ['', 'Fincaraíz'],
    ]);
    const csv = await as(t.app, admin1).get(
      `/api/inmuebles-utilidades/modificaciones/exportar?formato=csv&consecutivo=${consecutivo}`,
    );
    expect(csv.body).toContain(`;Características;${cat[0]!.nombre};`);
    expect(csv.body).toContain(';Publicar en;Fincaraíz;Fincaraíz, Sitio web;');
  });
});

describe('configurar TV (10521)', () => {
  it('starts with the defaults, saves a selection (audited) and lists what matches', async () => {
    const d = await as(t.app, admin1).get('/api/inmuebles-utilidades/tv/config');
    expect(d.json().data).toEqual({
      gestion: null,
      tipos: [],
      municipios: [],
      soloConFotos: false,
      maxItems: 30,
      intervaloSegundos: 15,
    });
    const todos = (await as(t.app, admin1).get('/api/inmuebles-utilidades/tv/inmuebles')).json().data;
    expect(todos.items.map((i: { consecutivo: number }) => i.consecutivo).sort()).toEqual([c.a, c.b, c.cap].sort());
    expect(todos.empresa.nombre).toBeTruthy();
    const config = {
      gestion: 'arriendo',
      tipos: ['casa'],
      municipios: [municipio1],
      soloConFotos: false,
      maxItems: 5,
      intervaloSegundos: 8,
    };
    const g = await pedir(admin1, 'PUT', '/api/inmuebles-utilidades/tv/config', config);
    expect(g.statusCode, g.body).toBe(200);
    const p = (await as(t.app, admin1).get('/api/inmuebles-utilidades/tv/inmuebles')).json().data;
    expect(p.config).toEqual(config);
    expect(p.items).toEqual([
      expect.objectContaining({ consecutivo: c.b, tipo: 'casa', canon: 2_500_000, habitaciones: 3, banos: 2, con_foto: false }),
    ]);
    const aud = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: Record<string, unknown> }>(tx, sql`select cambios from auditoria where entidad = 'tv_config'`),
    );
    expect(aud[0]!.cambios.intervaloSegundos).toEqual({ antes: 15, despues: 8 });
  });

  it('refuses an interval out of 5–120 and unknown tipos, naming the field', async () => {
    const r = await pedir(admin1, 'PUT', '/api/inmuebles-utilidades/tv/config', { intervaloSegundos: 3 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('El campo Segundos por inmueble debe ser al menos 5');
    const t2 = await pedir(admin1, 'PUT', '/api/inmuebles-utilidades/tv/config', { tipos: ['castillo'] });
    expect(t2.statusCode).toBe(400);
    expect(t2.json().message).toContain('tipos');
  });

  it('needs permission 10521; each company sees its own selection', async () => {
    expect((await as(t.app, asesor1).get('/api/inmuebles-utilidades/tv/inmuebles')).statusCode).toBe(403);
    expect((await pedir(asesor1, 'PUT', '/api/inmuebles-utilidades/tv/config', {})).statusCode).toBe(403);
    const otra = (await as(t.app, admin2).get('/api/inmuebles-utilidades/tv/inmuebles')).json().data;
    expect(otra.config.intervaloSegundos).toBe(15);
    expect(otra.items.map((i: { consecutivo: number }) => i.consecutivo)).toEqual([c.otra]);
  });
});
