import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { usuarios } from '../../db/schema/usuarios.ts';
import { buildServer } from '../../server.ts';
import { as, crearUsuario, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';
import { defineRoute } from './route.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every API route declares its permission', () => {
  it('refuses to register an /api route without permiso', async () => {
    const app = await buildServer(t.deps);
    try {
      expect(() => app.get('/api/x', async () => 'x')).toThrow(/no declara su permiso/);
      expect(() => app.post('/API/Otra', async () => 'x')).toThrow(/no declara su permiso/);
      expect(() => app.get('/api/y', { config: { permiso: 'publico' } }, async () => 'y')).not.toThrow();
      // Outside /api (the web app's files) nothing is required.
      expect(() => app.get('/fuera', async () => 'z')).not.toThrow();
    } finally {
      await app.close();
    }
  });

  it('lists the routes with their permiso, and the list is complete', () => {
    const urls = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/usuarios/login');
    expect(urls).toContain('GET /api/Usuarios/GetUsuario');
    expect(urls).toContain('GET /api/ws');
    // The only doors without a session: health, login, the website form (its key names the company),
    // a user's calendar feed (its unguessable token names the user; calendar apps send no header), a
    // signer's link (its token names one signer of one document) and the client portal's login,
    // invitation and company name (the portal's own routes need a portal token), and what a company
    // publishes on its website (news, banners, available properties and their images, published forms,
    // a survey's link and their submissions: Página web), and an SMS gateway's delivery reports (a
    // secret per company in the request names it).
    expect(
      t.app.apiRoutes
        .filter((r) => r.permiso === 'publico')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'GET /api/agenda/ical/:archivo',
      'GET /api/firmar/:token',
      'GET /api/firmar/:token/paginas/:pagina',
      'GET /api/firmar/:token/pdf',
      'GET /api/health',
      'GET /api/portal/:idEmpresa/info',
      'GET /api/portal/:idEmpresa/logo',
      'GET /api/publico/:empresa/archivos/:id',
      'GET /api/publico/:empresa/banners',
      'GET /api/publico/:empresa/encuestas/:token',
      'GET /api/publico/:empresa/feed/inmuebles.json',
      'GET /api/publico/:empresa/feed/inmuebles.xml',
      'GET /api/publico/:empresa/formularios',
      'GET /api/publico/:empresa/formularios/:id',
      'GET /api/publico/:empresa/inmuebles',
      'GET /api/publico/:empresa/inmuebles/:consecutivo',
      'GET /api/publico/:empresa/inmuebles/puntos',
      'GET /api/publico/:empresa/noticias',
      'GET /api/publico/:empresa/noticias/:slug',
      'GET /api/publico/:empresa/popup',
      'GET /api/publico/:empresa/portales/:portal/:token',
      'GET /api/publico/:empresa/sitio',
      'GET /api/publico/:empresa/textos',
      'GET /api/publico/:empresa/vacantes',
      'GET /api/publico/:empresa/vacantes/:id',
      'GET /api/publico/mensajes/whatsapp/:empresa',
      'HEAD /api/agenda/ical/:archivo',
      'HEAD /api/firmar/:token',
      'HEAD /api/firmar/:token/paginas/:pagina',
      'HEAD /api/firmar/:token/pdf',
      'HEAD /api/health',
      'HEAD /api/portal/:idEmpresa/info',
      'HEAD /api/portal/:idEmpresa/logo',
      'HEAD /api/publico/:empresa/archivos/:id',
      'HEAD /api/publico/:empresa/banners',
      'HEAD /api/publico/:empresa/encuestas/:token',
      'HEAD /api/publico/:empresa/feed/inmuebles.json',
      'HEAD /api/publico/:empresa/feed/inmuebles.xml',
      'HEAD /api/publico/:empresa/formularios',
      'HEAD /api/publico/:empresa/formularios/:id',
      'HEAD /api/publico/:empresa/inmuebles',
      'HEAD /api/publico/:empresa/inmuebles/:consecutivo',
      'HEAD /api/publico/:empresa/inmuebles/puntos',
      'HEAD /api/publico/:empresa/noticias',
      'HEAD /api/publico/:empresa/noticias/:slug',
      'HEAD /api/publico/:empresa/popup',
      'HEAD /api/publico/:empresa/portales/:portal/:token',
      'HEAD /api/publico/:empresa/sitio',
      'HEAD /api/publico/:empresa/textos',
      'HEAD /api/publico/:empresa/vacantes',
      'HEAD /api/publico/:empresa/vacantes/:id',
      'HEAD /api/publico/mensajes/whatsapp/:empresa',
      'OPTIONS /api/publico/api/*',
      'OPTIONS /api/publico/solicitudes',
      'POST /api/firmar/:token/codigo',
      'POST /api/firmar/:token/firmar',
      'POST /api/firmar/:token/rechazar',
      'POST /api/firmar/:token/verificar',
      'POST /api/portal/:idEmpresa/activar',
      'POST /api/portal/:idEmpresa/enlace',
      'POST /api/portal/:idEmpresa/entrar',
      'POST /api/portal/:idEmpresa/login',
      'POST /api/portal/:idEmpresa/recuperar',
      'POST /api/publico/:empresa/encuestas/:token',
      'POST /api/publico/:empresa/formularios/:id',
      'POST /api/publico/:empresa/portales/ciencuadras/webhook',
      'POST /api/publico/:empresa/portales/fincaraiz/webhook',
      'POST /api/publico/:empresa/vacantes/:id/postulaciones',
      'POST /api/publico/mensajes/entregas-sms/:empresa',
      'POST /api/publico/mensajes/whatsapp/:empresa',
      'POST /api/publico/solicitudes',
      'POST /api/usuarios/login',
    ]);
  });

  it('answers 401 with code 50008 on every non-public route when there is no token', async () => {
    const privadas = t.app.apiRoutes.filter((r) => r.permiso !== 'publico');
    expect(privadas.length).toBeGreaterThan(20);
    for (const r of privadas) {
      const url = r.url.replace(/:[A-Za-z_]+\??/g, '1');
      const res = await t.app.inject({ method: r.method as 'GET', url });
      expect(res.statusCode, `${r.method} ${url}`).toBe(401);
      if (r.method !== 'HEAD') expect(res.json(), `${r.method} ${url}`).toMatchObject({ code: 50008 });
    }
  });

  it('checks the token before parsing or validating the body', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/notificaciones/Grabar_config',
      headers: { 'content-type': 'application/json' },
      payload: '{esto no es json',
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50008);
  });
});

describe('idm enforcement', () => {
  let app: FastifyInstance;
  let admin: string;
  let asesor: string;
  let sin59: string;
  let soporte: string;
  beforeAll(async () => {
    // A second server on the same database and secret, with one extra route guarded by idm 59.
    app = await buildServer(t.deps);
    defineRoute(app, t.deps, {
      method: 'GET',
      url: '/api/prueba/idm59',
      permiso: 59,
      handler: async ({ user }) => ({ usuario: user.usuario }),
    });
    await app.ready();
    await crearUsuario(t.db, 1, { usuario: 'sin59', nroId: '1017000059', permisos: '489,490,5900' });
    [admin, asesor, sin59, soporte] = await Promise.all([
      login(t.app, DEMO.admin1),
      login(t.app, DEMO.asesor1),
      login(t.app, { idEmpresa: 1, usuario: 'sin59', clave: 'demo1234' }),
      login(t.app, DEMO.soporte1),
    ]);
  });
  afterAll(() => app.close());

  const llamar = (token: string | null) => as(app, token).get('/api/prueba/idm59');

  it("lets in a user whose permisos include the idm, and 'All'", async () => {
    for (const [token, usuario] of [
      [asesor, 'asesor'],
      [admin, 'admin'],
      [soporte, 'EMPATIA'],
    ] as const) {
      const r = await llamar(token);
      expect(r.statusCode, usuario).toBe(200);
      expect(r.json().data).toEqual({ usuario });
    }
  });

  it('answers 403 with code 50403 to a user without it', async () => {
    const r = await llamar(sin59);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe(50403);
    expect(r.json().message).toContain('permiso');
  });

  it('answers 401 without a token', async () => {
    const r = await llamar(null);
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50008);
  });

  it("uses the user's current permisos, not the ones in the token", async () => {
    const id = tokenClaims(asesor).idUsuario;
    await t.db.tenant(1, (tx) => tx.update(usuarios).set({ permisos: '489,490' }).where(eq(usuarios.id, id)));
    t.deps.sessions.clear();
    expect((await llamar(asesor)).statusCode).toBe(403);
    await t.db.tenant(1, (tx) => tx.update(usuarios).set({ permisos: '489,490,491,463,73,59' }).where(eq(usuarios.id, id)));
    t.deps.sessions.clear();
    expect((await llamar(asesor)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs/json', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/usuarios/login'].post).toBeDefined();
    expect(doc.paths['/api/terceros/GetTercero/{nro_id}'].get).toBeDefined();
  });
});

describe('errors are JSON envelopes', () => {
  it('answers an unknown /api path with 404 and code 40400', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/nada' });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toContain('application/json');
    expect(r.json()).toMatchObject({ code: 40400, message: expect.stringContaining('/api/nada') });
    expect((await t.app.inject({ method: 'POST', url: '/api/nada/mas' })).json().code).toBe(40400);
  });

  it('answers a malformed JSON body with 400, never 500', async () => {
    const token = await login(t.app, DEMO.admin1);
    for (const [url, headers] of [
      ['/api/usuarios/login', {}],
      ['/api/notificaciones/Grabar_config', { authorization: `Bearer ${token}` }],
    ] as const) {
      const r = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"idEmpresa": 1,',
      });
      expect(r.statusCode, url).toBe(400);
      expect(r.json(), url).toMatchObject({ code: 40000, message: expect.stringContaining('JSON') });
    }
  });

  it('answers an unsupported content type with a 415 envelope', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(r.statusCode).toBe(415);
    expect(r.json().code).toBe(41500);
  });
});
