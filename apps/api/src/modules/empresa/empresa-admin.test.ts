import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { auditoria } from '../../db/schema/plataforma.ts';
import { as, createTestApp, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let admin3: string;
let asesor1: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin1, admin2, admin3, asesor1] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.admin2),
    login(t.app, DEMO.admin3),
    login(t.app, DEMO.asesor1),
  ]);
});
afterAll(() => t.close());

const send = (method: 'PUT' | 'DELETE', token: string | null, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const error = (r: { statusCode: number; json: () => { code: number; message: string } }, status: number, code: number) => {
  expect(r.statusCode).toBe(status);
  expect(r.json().code).toBe(code);
  return r.json().message;
};
const auditoriaDe = (idEmpresa: number, entidad: string) =>
  t.db.tenant(idEmpresa, (tx) =>
    tx
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, entidad)))
      .orderBy(auditoria.id),
  );

const datos = {
  nombre: 'Inmobiliaria Andina S.A.S.',
  nit: '890.903.938-8',
  direccion: 'Carrera 7 # 71-21, Bogotá',
  telefonos: '601 555 0000',
  email: 'info@andina.com.co',
  web: 'https://andina.com.co',
};

describe('PUT /empresa', () => {
  it('updates the company; GetEmpresa reflects it; the audit has before and after', async () => {
    const r = await send('PUT', admin3, '/api/empresa', datos);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ ...datos, nit: '890903938-8', id_Empresa: 3 });
    expect((await as(t.app, admin3).get('/api/Empresa/GetEmpresa')).json().data.nombre).toBe('Inmobiliaria Andina S.A.S.');
    const [fila] = await auditoriaDe(3, 'empresa');
    expect(fila).toMatchObject({ accion: 'actualizar', entidadId: '3', usuario: 'admin' });
    expect(fila!.cambios).toMatchObject({
      nombre: { antes: '', despues: 'Inmobiliaria Andina S.A.S.' },
      nit: { antes: '', despues: '890903938-8' },
    });
    // Other companies are untouched.
    expect((await as(t.app, admin2).get('/api/Empresa/GetEmpresa')).json().data.nombre).toBe('Inmobiliaria del Norte');
    expect(await auditoriaDe(2, 'empresa')).toEqual([]);
  });

  it('refuses a NIT with a wrong check digit, naming the field and the right digit', async () => {
    const m = error(await send('PUT', admin3, '/api/empresa', { ...datos, nit: '890903938-7' }), 400, 40000);
    expect(m).toBe('nit: tiene un dígito de verificación errado: para 890903938 es 8');
    expect(error(await send('PUT', admin3, '/api/empresa', { ...datos, email: 'no-es-correo' }), 400, 40000)).toContain('email');
    expect(error(await send('PUT', admin3, '/api/empresa', { ...datos, nombre: '  ' }), 400, 40000)).toContain('nombre');
    expect(error(await send('PUT', admin3, '/api/empresa', { ...datos, web: 'ftp://x' }), 400, 40000)).toContain('web');
  });

  it('checks the defaults: agencia, asesor and auxiliar must exist in the company', async () => {
    expect(error(await send('PUT', admin1, '/api/empresa', { ...datos, defaultAgencia: 999 }), 400, 40000)).toContain(
      'defaultAgencia',
    );
    expect(error(await send('PUT', admin1, '/api/empresa', { ...datos, defaultAsesor: 'nadie' }), 400, 40000)).toContain(
      'defaultAsesor',
    );
    const ag = (await as(t.app, admin1).post('/api/empresa/agencias', { nombre: 'Sede El Poblado' })).json().data;
    const r = await send('PUT', admin1, '/api/empresa', {
      ...datos,
      nombre: 'Inmobiliaria Demo S.A.S.',
      nit: '900123456-8',
      defaultAgencia: ag.id,
      defaultAsesor: 'ASESOR',
      defaultAuxiliar: 'admin',
    });
    expect(r.json().data).toMatchObject({ defaultAgencia: ag.id, defaultAsesor: 'asesor', defaultAuxiliar: 'admin' });
    const info = (await as(t.app, asesor1).get('/api/Empresa/GetInfoEmpresa')).json().data;
    expect(info).toMatchObject({ defaultAgencia: ag.id, agencias: [{ id: ag.id, nombre: 'Sede El Poblado', activo: true }] });
    // The default agencia cannot be deleted or disabled.
    expect(error(await send('DELETE', admin1, `/api/empresa/agencias/${ag.id}`), 409, 40900)).toContain('agencia por defecto');
    expect(
      error(
        await send('PUT', admin1, `/api/empresa/agencias/${ag.id}`, { nombre: 'Sede El Poblado', activo: false }),
        409,
        40900,
      ),
    ).toContain('por defecto');
    // Another company's agencia is not a valid default.
    expect(error(await send('PUT', admin2, '/api/empresa', { ...datos, defaultAgencia: ag.id }), 400, 40000)).toContain(
      'defaultAgencia',
    );
  });

  it('needs permission 3', async () => {
    error(await send('PUT', asesor1, '/api/empresa', datos), 403, 50403);
    error(await as(t.app, asesor1).get('/api/empresa/usuarios-opciones'), 403, 50403);
    error(await send('PUT', null, '/api/empresa', datos), 401, 50008);
  });

  it('offers the active users as default asesor or auxiliar', async () => {
    const r = await as(t.app, admin1).get('/api/empresa/usuarios-opciones');
    expect(r.json().data.map((u: { usuario: string }) => u.usuario)).toEqual(['admin', 'asesor']);
  });
});

describe('agencias', () => {
  it('creates, renames, disables and deletes a branch, with audit', async () => {
    const c = await as(t.app, admin2).post('/api/empresa/agencias', {
      nombre: 'Sede Norte',
      direccion: 'Calle 84 # 50-20',
      telefono: '605 111',
    });
    expect(c.statusCode).toBe(200);
    const id = c.json().data.id as number;
    expect(error(await as(t.app, admin2).post('/api/empresa/agencias', { nombre: 'sede norte' }), 409, 40900)).toContain(
      'Ya existe',
    );
    const u = await send('PUT', admin2, `/api/empresa/agencias/${id}`, { nombre: 'Sede Norte Alto Prado', activo: false });
    expect(u.json().data).toMatchObject({ nombre: 'Sede Norte Alto Prado', activo: false, direccion: '' });
    expect((await as(t.app, admin2).get('/api/empresa/agencias')).json().data).toHaveLength(1);
    expect((await as(t.app, admin1).get('/api/empresa/agencias')).json().data.map((a: { id: number }) => a.id)).not.toContain(id);
    error(await send('PUT', admin1, `/api/empresa/agencias/${id}`, { nombre: 'x' }), 404, 40400);
    expect((await send('DELETE', admin2, `/api/empresa/agencias/${id}`)).json().data).toEqual({ id });
    expect((await auditoriaDe(2, 'agencia')).map((f) => f.accion)).toEqual(['crear', 'actualizar', 'eliminar']);
  });

  it('refuses to delete a branch users belong to, names bad input, needs permission 3', async () => {
    const id = (await as(t.app, admin1).post('/api/empresa/agencias', { nombre: 'Sede Laureles' })).json().data.id as number;
    expect(
      (await as(t.app, admin1).post('/api/usuarios', { usuario: 'laureles', clave: 'Vivienda.Segura.2025', agencia: id }))
        .statusCode,
    ).toBe(200);
    expect(error(await send('DELETE', admin1, `/api/empresa/agencias/${id}`), 409, 40900)).toContain('1 usuario');
    expect(error(await as(t.app, admin1).post('/api/empresa/agencias', { nombre: '' }), 400, 40000)).toContain('nombre');
    error(await as(t.app, asesor1).post('/api/empresa/agencias', { nombre: 'x' }), 403, 50403);
  });
});

describe('logo', () => {
  it('uploads a logo, serves it with its content type, and shows it in GetEmpresa', async () => {
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#96be0e' } })
      .png()
      .toBuffer();
    const body = multipart({ filename: 'logo.png', contentType: 'image/png', data: png });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/logo',
      ...body,
      headers: { ...body.headers, authorization: `Bearer ${admin2}` },
    });
    expect(r.statusCode).toBe(200);
    const nombre = r.json().nombreArchivo as string;
    expect(nombre).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect((await as(t.app, admin2).get('/api/Empresa/GetEmpresa')).json().data.logo).toBe(nombre);
    const img = await t.app.inject({
      method: 'GET',
      url: `/api/empresa/logo/${nombre}`,
      headers: { cookie: `Admin-Token=${admin2}` },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    // Another company cannot read it.
    error(await as(t.app, admin1).get(`/api/empresa/logo/${nombre}`), 404, 40400);
    const [fila] = await auditoriaDe(2, 'empresa');
    expect(fila!.cambios).toEqual({ logo: { antes: null, despues: nombre } });
  });

  it('refuses a file that is not an image or is too small; needs permission 3', async () => {
    const texto = multipart({ filename: 'logo.png', contentType: 'image/png', data: Buffer.from('no soy imagen') });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/logo',
      ...texto,
      headers: { ...texto.headers, authorization: `Bearer ${admin1}` },
    });
    expect(error(r, 415, 41500)).toContain('file');
    const mini = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const chico = multipart({ filename: 'a.png', contentType: 'image/png', data: mini });
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/logo',
      ...chico,
      headers: { ...chico.headers, authorization: `Bearer ${admin1}` },
    });
    expect(error(r2, 400, 40000)).toContain('mínimo');
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const bueno = multipart({ filename: 'a.png', contentType: 'image/png', data: png });
    const r3 = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/logo',
      ...bueno,
      headers: { ...bueno.headers, authorization: `Bearer ${asesor1}` },
    });
    error(r3, 403, 50403);
  });
});

describe('configuración', () => {
  it('returns the default ajustes, saves them, and GetConfiguracion reflects them', async () => {
    const g = (await as(t.app, asesor1).get('/api/configurarPredio/GetConfiguracion')).json().data;
    expect(g.ajustes).toEqual({
      diasVigenciaConsignacion: 90,
      minutosBloqueoEdicion: 30,
      urlMosaicoMapa: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      atribucionMapa: '© colaboradores de OpenStreetMap',
      zonaHoraria: 'America/Bogota',
      moneda: 'COP',
      correoRemitente: '',
      nombreRemitente: '',
      horarioDias: [1, 2, 3, 4, 5, 6],
      horarioDesde: '08:00',
      horarioHasta: '18:00',
    });
    const r = await send('PUT', admin2, '/api/configurarPredio/configuracion', {
      carpeta_de_archivos_web: 'norte',
      https: true,
      ajustes: { diasVigenciaConsignacion: 120, correoRemitente: 'avisos@norte.co', nombreRemitente: 'Inmobiliaria del Norte' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      carpeta_de_archivos_web: 'norte',
      ajustes: { diasVigenciaConsignacion: 120, minutosBloqueoEdicion: 30, correoRemitente: 'avisos@norte.co' },
    });
    expect(
      (await as(t.app, admin2).get('/api/configurarPredio/GetConfiguracion')).json().data.ajustes.diasVigenciaConsignacion,
    ).toBe(120);
    expect(
      (await as(t.app, admin1).get('/api/configurarPredio/GetConfiguracion')).json().data.ajustes.diasVigenciaConsignacion,
    ).toBe(90);
    const [fila] = await auditoriaDe(2, 'configuracion');
    expect(fila!.cambios).toMatchObject({
      carpeta_de_archivos_web: { antes: '', despues: 'norte' },
      diasVigenciaConsignacion: { antes: 90, despues: 120 },
    });
  });

  it('names the bad setting; needs permission 55', async () => {
    const m = error(
      await send('PUT', admin1, '/api/configurarPredio/configuracion', { ajustes: { diasVigenciaConsignacion: 0 } }),
      400,
      40000,
    );
    expect(m).toContain('ajustes.diasVigenciaConsignacion');
    expect(
      error(
        await send('PUT', admin1, '/api/configurarPredio/configuracion', { ajustes: { urlMosaicoMapa: 'http://x/{z}' } }),
        400,
        40000,
      ),
    ).toContain('ajustes.urlMosaicoMapa');
    expect(
      error(await send('PUT', admin1, '/api/configurarPredio/configuracion', { ajustes: { moneda: 'EUR' } }), 400, 40000),
    ).toContain('ajustes.moneda');
    error(await send('PUT', asesor1, '/api/configurarPredio/configuracion', {}), 403, 50403);
  });
});
