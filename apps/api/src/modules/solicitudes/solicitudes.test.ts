import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../db/rows.ts';
import { leerXlsx } from '../../platform/tabular/xlsx.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let sin73: string;
let idAsesor: number;
let idSin73: number;
let tercero1: { id: number; nro_id: string; nombre: string };
let tercero2: { id: number };
let consecutivo1: number;
let consecutivo2: number;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const esperaError = (r: LightMyRequestResponse, status: number, campo?: string) => {
  expect(r.statusCode, r.body).toBe(status);
  const body = r.json() as { code: number; message: string };
  expect(body.code).not.toBe(20000);
  if (campo) expect(body.message).toContain(campo);
  return body;
};

type Detalle = {
  numero: number;
  estado: string;
  version: number;
  asignado: { id: number; nombre: string } | null;
  tercero: { id: number; nombre: string } | null;
  inmueble: { consecutivo: number; direccion: string } | null;
  observacion: string;
  cliente_atendido: { id: number; consecutivo: number } | null;
  historial: {
    tipo: string;
    estado_anterior: string | null;
    estado_nuevo: string | null;
    asignado_nuevo: string | null;
    nota: string;
    usuario: string;
  }[];
} & Record<string, unknown>;

const porTelefono = () => ({
  canal: 'telefono',
  tipo: 'arrendar',
  id_tercero: tercero1.id,
  consecutivo_inmueble: consecutivo1,
  mensaje: 'Llamó preguntando por el apartamento de la Calle 10: quiere verlo el sábado.',
});

const crear = async (token = admin1, body: Record<string, unknown> = porTelefono()) => {
  const r = await as(t.app, token).post('/api/solicitudes', body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Detalle;
};

beforeAll(async () => {
  t = await createTestApp();
  idSin73 = await crearUsuario(t.db, 1, { usuario: 'sinsolicitudes', nroId: '1020304050', permisos: '59,491' });
  [admin1, asesor1, admin2, sin73] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, DEMO.admin2),
    login(t.app, { idEmpresa: 1, usuario: 'sinsolicitudes', clave: 'demo1234' }),
  ]);
  await t.db.tenant(1, async (tx) => {
    idAsesor = (await queryRows<{ id: number }>(tx, sql`select id from usuarios where usuario = 'asesor'`))[0]!.id;
    const ts = await queryRows<{ id: number; nro_id: string; nombre: string }>(
      tx,
      sql`select id, nro_id, nombre from terceros where nombre <> '' order by id limit 2`,
    );
    tercero1 = ts[0]!;
  });
  await t.db.tenant(2, async (tx) => {
    tercero2 = (await queryRows<{ id: number }>(tx, sql`select id from terceros order by id limit 1`))[0]!;
  });
  // One property in each company, to relate requests to.
  const inmueble = async (token: string, idEmpresa: number) => {
    const municipio = await t.db.tenant(idEmpresa, async (tx) =>
      Number((await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))[0]!.id),
    );
    const r = await as(t.app, token).post('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: 'Calle 10 # 43-20 Apto 501',
      id_municipio: municipio,
      canon: 2_000_000,
    });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().data as { consecutivo: number }).consecutivo;
  };
  consecutivo1 = await inmueble(admin1, 1);
  consecutivo2 = await inmueble(admin2, 2);
});
afterAll(() => t.close());

const auditorias = (numero: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ accion: string; cambios: Record<string, unknown> }>(
      tx,
      sql`select accion, cambios from auditoria where entidad = 'solicitudes' and entidad_id = ${String(numero)} order by id`,
    ),
  );

describe('create and read', () => {
  it('creates a phone request for a tercero and a property, numbered, with history and audit', async () => {
    const d = await crear();
    expect(d).toMatchObject({
      canal: 'telefono',
      portal: null,
      tipo: 'arrendar',
      estado: 'nueva',
      version: 1,
      asignado: null,
      tercero: { id: tercero1.id, nro_id: tercero1.nro_id, nombre: tercero1.nombre },
      inmueble: { consecutivo: consecutivo1, direccion: 'Calle 10 # 43-20 Apto 501' },
      creado_por: 'admin',
    });
    expect(d.numero).toBeGreaterThan(0);
    expect(d.historial).toMatchObject([{ tipo: 'creacion', estado_nuevo: 'nueva', usuario: 'admin' }]);
    const got = await as(t.app, asesor1).get(`/api/solicitudes/${d.numero}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toMatchObject({ numero: d.numero, mensaje: porTelefono().mensaje });
    const a = await auditorias(d.numero);
    expect(a.map((x) => x.accion)).toEqual(['crear']);
    expect(a[0]!.cambios).toMatchObject({ canal: { antes: null, despues: 'telefono' } });
  });

  it('takes a contact without a tercero, and a portal must be named', async () => {
    const d = await crear(admin1, {
      canal: 'portal',
      portal: 'fincaraiz',
      tipo: 'comprar',
      contacto_nombre: 'Mariana Cuéllar',
      contacto_telefono: '310 555 1234',
      contacto_email: 'Mariana@Correo.co',
      mensaje: 'Interesada en casas en venta en el norte.',
    });
    expect(d).toMatchObject({ tercero: null, contacto_nombre: 'Mariana Cuéllar', contacto_email: 'mariana@correo.co' });
    esperaError(await as(t.app, admin1).post('/api/solicitudes', { ...porTelefono(), canal: 'portal' }), 400, 'Portal');
    esperaError(await as(t.app, admin1).post('/api/solicitudes', { ...porTelefono(), portal: 'wasi' }), 400, 'Portal');
  });

  it('starts asignada when created with an assignee, and notifies them', async () => {
    const d = await crear(admin1, { ...porTelefono(), id_asignado: idAsesor });
    expect(d).toMatchObject({ estado: 'asignada', asignado: { id: idAsesor } });
    expect(d.historial.map((h) => h.tipo)).toEqual(['asignacion', 'creacion']);
    const n = (await as(t.app, asesor1).get('/api/notificaciones')).json().data as {
      items: { tipo_Carta: number; titulo: string; enlace: string }[];
    };
    expect(n.items.find((x) => x.titulo === `Solicitud ${d.numero} asignada`)).toMatchObject({
      tipo_Carta: 303,
      enlace: `/propiedades/solicitudes?abrir=${d.numero}`,
    });
  });

  it('refuses bad input naming the field, never a 500', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ ...porTelefono(), canal: 'fax' }, 'Canal'],
      [{ ...porTelefono(), tipo: 'vender' }, 'Tipo'],
      [{ ...porTelefono(), mensaje: '  ' }, 'Mensaje'],
      [{ ...porTelefono(), id_tercero: null }, 'Nombre del contacto'],
      [{ ...porTelefono(), id_tercero: null, contacto_nombre: 'Ana' }, 'Teléfono del contacto'],
      [{ ...porTelefono(), id_tercero: null, contacto_nombre: 'Ana', contacto_email: 'no-es-correo' }, 'Correo del contacto'],
      [{ ...porTelefono(), fecha_recepcion: '2099-01-01T10:00:00-05:00' }, 'Fecha de recepción'],
      [{ ...porTelefono(), fecha_recepcion: 'ayer' }, 'Fecha de recepción'],
      [{ ...porTelefono(), consecutivo_inmueble: 999999 }, 'consecutivo_inmueble'],
      [{ ...porTelefono(), id_tercero: 99999999 }, 'id_tercero'],
      [{ ...porTelefono(), id_asignado: idSin73 }, 'id_asignado'],
    ];
    for (const [body, campo] of casos) esperaError(await as(t.app, admin1).post('/api/solicitudes', body), 400, campo);
    esperaError(await as(t.app, admin1).get('/api/solicitudes/abc'), 400, 'numero');
    esperaError(await as(t.app, admin1).get('/api/solicitudes?estado=cerrada'), 400, 'estado');
    esperaError(await as(t.app, admin1).get('/api/solicitudes?desde=2025-02-10&hasta=2025-02-01'), 400, 'hasta');
  });

  it('gives the numbers in order under concurrent creates, never twice', async () => {
    const rs = await Promise.all(Array.from({ length: 8 }, () => as(t.app, admin1).post('/api/solicitudes', porTelefono())));
    for (const r of rs) expect(r.statusCode, r.body).toBe(200);
    const numeros = rs.map((r) => (r.json().data as Detalle).numero).sort((a, b) => a - b);
    expect(new Set(numeros).size).toBe(8);
    expect(numeros.at(-1)! - numeros[0]!).toBe(7);
    // Company 2 counts on its own.
    const otra = await crear(admin2, { ...porTelefono(), id_tercero: tercero2.id, consecutivo_inmueble: consecutivo2 });
    expect(otra.numero).toBe(1);
  });
});

describe('assign, estado, notes and history', () => {
  it('follows a request from nueva to resuelta, each step in the history with user and note', async () => {
    const d = await crear();
    const url = `/api/solicitudes/${d.numero}`;
    // En trámite needs someone holding it.
    esperaError(await pedir(admin1, 'POST', `${url}/estado`, { estado: 'en_tramite' }), 400, 'Asigne');

    let r = await pedir(admin1, 'POST', `${url}/asignar`, { id_asignado: idAsesor, nota: 'Es de su zona' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ estado: 'asignada', asignado: { id: idAsesor } });
    esperaError(await pedir(admin1, 'POST', `${url}/asignar`, { id_asignado: idAsesor }), 400, 'id_asignado');

    r = await pedir(asesor1, 'POST', `${url}/estado`, { estado: 'en_tramite', observacion: '' });
    expect(r.statusCode, r.body).toBe(200);
    r = await pedir(asesor1, 'POST', `${url}/notas`, { nota: 'Visita agendada para el sábado 10 a. m.' });
    expect(r.statusCode, r.body).toBe(200);
    esperaError(await pedir(asesor1, 'POST', `${url}/notas`, { nota: ' ' }), 400, 'Nota');
    esperaError(await pedir(asesor1, 'POST', `${url}/estado`, { estado: 'resuelta' }), 400, 'Observación');
    esperaError(await pedir(asesor1, 'POST', `${url}/estado`, { estado: 'en_tramite' }), 400, 'estado');
    r = await pedir(asesor1, 'POST', `${url}/estado`, { estado: 'resuelta', observacion: 'Tomó el apartamento' });
    expect(r.statusCode, r.body).toBe(200);
    const fin = r.json().data as Detalle;
    expect(fin).toMatchObject({ estado: 'resuelta', observacion: 'Tomó el apartamento' });
    expect(
      fin.historial.map((h) => [h.tipo, h.estado_anterior, h.estado_nuevo, h.nota, h.usuario, h.asignado_nuevo ?? null]),
    ).toEqual([
      ['estado', 'en_tramite', 'resuelta', 'Tomó el apartamento', 'asesor', null],
      ['nota', null, null, 'Visita agendada para el sábado 10 a. m.', 'asesor', null],
      ['estado', 'asignada', 'en_tramite', '', 'asesor', null],
      ['asignacion', 'nueva', 'asignada', 'Es de su zona', 'admin', fin.asignado!.nombre],
      ['creacion', null, 'nueva', 'Recibida por teléfono', 'admin', null],
    ]);
    // A closed request is reopened before it changes hands.
    esperaError(await pedir(admin1, 'POST', `${url}/asignar`, { id_asignado: idAsesor }), 400, 'id_asignado');
    expect((await auditorias(d.numero)).map((a) => a.accion)).toEqual([
      'crear',
      'asignar',
      'cambiar estado',
      'nota',
      'cambiar estado',
    ]);
  });

  it('edits the data with the version read, records what changed, and refuses a stale version', async () => {
    const d = await crear();
    const url = `/api/solicitudes/${d.numero}`;
    const body = { ...porTelefono(), tipo: 'visita', consecutivo_inmueble: null, version: d.version };
    let r = await pedir(admin1, 'PUT', url, body);
    expect(r.statusCode, r.body).toBe(200);
    const e = r.json().data as Detalle;
    expect(e).toMatchObject({ tipo: 'visita', inmueble: null, version: 2 });
    expect(e.historial[0]).toMatchObject({ tipo: 'edicion', nota: 'Cambió: Tipo, Inmueble relacionado' });
    r = await pedir(admin1, 'PUT', url, body);
    expect(r.statusCode, r.body).toBe(409);
    esperaError(await pedir(admin1, 'PUT', url, { ...body, version: undefined }), 400, 'version');
  });
});

describe('list and export', () => {
  it('searches by contact, message, tercero and número, and filters', async () => {
    const d = await crear(admin1, {
      canal: 'whatsapp',
      tipo: 'consignar',
      contacto_nombre: 'Álvaro Núñez',
      contacto_telefono: '300 123 4567',
      mensaje: 'Quiere consignar una finca en Fusagasugá',
      id_asignado: idAsesor,
    });
    const lista = async (q: string) => {
      const r = await as(t.app, admin1).get(`/api/solicitudes?${q}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { items: { numero: number }[]; total: number };
    };
    expect((await lista('q=alvaro nunez')).items.map((i) => i.numero)).toEqual([d.numero]);
    expect((await lista('q=fusagasuga')).items.map((i) => i.numero)).toEqual([d.numero]);
    expect((await lista(`q=${d.numero}`)).items.map((i) => i.numero)).toContain(d.numero);
    const porTercero = await lista(`q=${encodeURIComponent(tercero1.nombre.split(' ')[0]!)}`);
    expect(porTercero.total).toBeGreaterThan(0);
    expect((await lista('canal=whatsapp')).items.map((i) => i.numero)).toEqual([d.numero]);
    expect((await lista(`asignado=${idAsesor}&tipo=consignar`)).items.map((i) => i.numero)).toEqual([d.numero]);
    expect((await lista('asignado=ninguno&canal=whatsapp')).total).toBe(0);
    expect((await lista(`inmueble=${consecutivo1}`)).total).toBeGreaterThan(0);
    const hoy = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Bogota' });
    expect((await lista(`desde=${hoy}&hasta=${hoy}&canal=whatsapp`)).total).toBe(1);
    expect((await lista('hasta=2000-01-01')).total).toBe(0);
    const pagina = await lista('pageSize=2&page=2&sort=numero&order=asc');
    expect(pagina.items.map((i) => i.numero)).toEqual([3, 4]);
  });

  it('exports the filter to Excel', async () => {
    const r = await as(t.app, admin1).get('/api/solicitudes/exportar?canal=whatsapp&formato=xlsx');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const filas = await leerXlsx(r.rawPayload);
    expect(filas[0]).toContain('Número');
    expect(filas).toHaveLength(2);
    expect(filas[1]).toContain('Álvaro Núñez');
    expect(filas[1]).toContain('WhatsApp');
  });

  it('lists who can take requests and finds terceros', async () => {
    const r = await as(t.app, admin1).get('/api/solicitudes/asignables');
    const ids = (r.json().data as { id: number }[]).map((u) => u.id);
    expect(ids).toContain(idAsesor);
    expect(ids).not.toContain(idSin73);
    const ts = await as(t.app, asesor1).get(`/api/solicitudes/terceros?q=${tercero1.nro_id}`);
    expect((ts.json().data as { id: number }[]).map((x) => x.id)).toContain(tercero1.id);
  });
});

describe('a request becomes a lead', () => {
  it('creates the cliente atendido with the tercero, the gestión of the tipo and the assignee as asesor, once', async () => {
    const d = await crear(admin1, { ...porTelefono(), id_asignado: idAsesor });
    const url = `/api/solicitudes/${d.numero}/convertir`;
    const r = await pedir(admin1, 'POST', url, {});
    expect(r.statusCode, r.body).toBe(200);
    const s = r.json().data as Detalle;
    expect(s.cliente_atendido?.consecutivo).toBeGreaterThan(0);
    expect(s.historial[0]).toMatchObject({ tipo: 'conversion', usuario: 'admin' });
    expect(s.historial[0]!.nota).toContain(`Cliente atendido ${s.cliente_atendido!.consecutivo}`);
    const lead = await as(t.app, admin1).get(`/api/clientes-atendidos/${s.cliente_atendido!.consecutivo}`);
    expect(lead.statusCode, lead.body).toBe(200);
    expect(lead.json().data).toMatchObject({
      gestion: 'arriendo',
      id_asesor: idAsesor,
      tercero: { id: tercero1.id },
      tipos: ['apartamento'],
    });
    expect((lead.json().data as { observaciones: string }).observaciones).toContain(`Solicitud ${d.numero}`);
    // Listed with its lead, and not converted twice.
    const lista = (await as(t.app, admin1).get(`/api/solicitudes?q=${d.numero}`)).json().data as {
      items: { numero: number; cliente_atendido: unknown }[];
    };
    expect(lista.items.find((i) => i.numero === d.numero)?.cliente_atendido).toEqual(s.cliente_atendido);
    esperaError(await pedir(admin1, 'POST', url, {}), 409, `cliente atendido ${s.cliente_atendido!.consecutivo}`);
    expect((await auditorias(d.numero)).map((a) => a.accion)).toContain('convertir');
  });

  it('asks for the tercero and the gestión when the request does not say them', async () => {
    const d = await crear(admin1, {
      canal: 'correo',
      tipo: 'informacion',
      contacto_nombre: 'Pedro Gómez',
      contacto_email: 'pedro@correo.co',
      mensaje: 'Quiere saber qué documentos piden para arrendar.',
    });
    const url = `/api/solicitudes/${d.numero}/convertir`;
    esperaError(await pedir(admin1, 'POST', url, {}), 400, 'id_tercero');
    esperaError(await pedir(admin1, 'POST', url, { id_tercero: tercero1.id }), 400, 'gestion');
    esperaError(await pedir(admin1, 'POST', url, { id_tercero: tercero1.id, gestion: 'permuta' }), 400, 'Gestión');
    esperaError(await pedir(admin2, 'POST', url, { id_tercero: tercero2.id, gestion: 'venta' }), 404);
    const r = await pedir(admin1, 'POST', url, { id_tercero: tercero1.id, gestion: 'arriendo_venta' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ tercero: { id: tercero1.id }, contacto_nombre: 'Pedro Gómez' });
  });

  it('needs the clientes atendidos permission as well', async () => {
    await crearUsuario(t.db, 1, { usuario: 'solo73', nroId: '1030507090', permisos: '73' });
    const solo73 = await login(t.app, { idEmpresa: 1, usuario: 'solo73', clave: 'demo1234' });
    const d = await crear();
    esperaError(await pedir(solo73, 'POST', `/api/solicitudes/${d.numero}/convertir`, {}), 403);
    expect((await as(t.app, solo73).get(`/api/solicitudes/${d.numero}`)).json().data.cliente_atendido).toBeNull();
  });
});

describe('permission and companies', () => {
  it('answers 403 without permission 73 on every endpoint', async () => {
    const d = await crear();
    const llamadas: [InjectOptions['method'], string, unknown?][] = [
      ['GET', '/api/solicitudes'],
      ['GET', '/api/solicitudes/exportar'],
      ['GET', '/api/solicitudes/asignables'],
      ['GET', '/api/solicitudes/terceros'],
      ['POST', '/api/solicitudes', porTelefono()],
      ['GET', `/api/solicitudes/${d.numero}`],
      ['PUT', `/api/solicitudes/${d.numero}`, { ...porTelefono(), version: 1 }],
      ['POST', `/api/solicitudes/${d.numero}/asignar`, { id_asignado: idAsesor }],
      ['POST', `/api/solicitudes/${d.numero}/estado`, { estado: 'descartada', observacion: 'x' }],
      ['POST', `/api/solicitudes/${d.numero}/notas`, { nota: 'x' }],
      ['POST', `/api/solicitudes/${d.numero}/convertir`, {}],
    ];
    for (const [m, u, b] of llamadas) {
      const r = await pedir(sin73, m, u, b);
      expect(r.statusCode, `${m} ${u}`).toBe(403);
    }
  });

  it("keeps another company's requests, terceros, properties and users out of reach", async () => {
    const d = await crear();
    // Company 2 has fewer requests: this number is company 1's only.
    const numero = d.numero;
    esperaError(await as(t.app, admin2).get(`/api/solicitudes/${numero}`), 404);
    esperaError(await pedir(admin2, 'POST', `/api/solicitudes/${numero}/notas`, { nota: 'intruso' }), 404);
    const lista2 = (await as(t.app, admin2).get('/api/solicitudes?pageSize=200')).json().data as {
      items: { tercero: { id: number } | null }[];
    };
    expect(lista2.items.every((i) => i.tercero?.id !== tercero1.id)).toBe(true);
    // Pointing at company 1's rows from company 2 names the field.
    esperaError(
      await as(t.app, admin2).post('/api/solicitudes', { ...porTelefono(), consecutivo_inmueble: null }),
      400,
      'id_tercero',
    );
    esperaError(
      await as(t.app, admin2).post('/api/solicitudes', { ...porTelefono(), id_tercero: tercero2.id, id_asignado: idAsesor }),
      400,
      'id_asignado',
    );
    const ts = (await as(t.app, admin2).get(`/api/solicitudes/terceros?q=${tercero1.nro_id}`)).json().data as { id: number }[];
    expect(ts.map((x) => x.id)).not.toContain(tercero1.id);
    const us = (await as(t.app, admin2).get('/api/solicitudes/asignables')).json().data as { id: number }[];
    expect(us.map((u) => u.id)).not.toContain(idAsesor);
  });
});
