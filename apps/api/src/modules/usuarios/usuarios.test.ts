import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditoria } from '../../db/schema/plataforma.ts';
import { sesionDispositivo, usuarios } from '../../db/schema/usuarios.ts';
import { as, crearUsuario, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('POST /usuarios/login', () => {
  it('returns a token with the claims of spec §3 and trims the username', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { idEmpresa: 1, usuario: '  admin ', clave: 'demo1234' },
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.code).toBe(20000);
    expect(body.data.token).toBe(body.token);
    const c = claims(body.token);
    expect(c).toMatchObject({
      idempresa: 1,
      admemp: true,
      nro_id: '71650321',
      agencia: 0,
      permisos: 'All',
      nombre_usuario: 'admin',
    });
    expect(typeof c.idUsuario).toBe('number');
    expect(typeof c.jti).toBe('string');
    expect(c.exp).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.parse(Buffer.from(body.token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
  });

  it('refuses a wrong password, an unknown user and an unknown company with one message', async () => {
    for (const payload of [
      { idEmpresa: 1, usuario: 'admin', clave: 'nope' },
      { idEmpresa: 1, usuario: 'nadie', clave: 'demo1234' },
      { idEmpresa: 999, usuario: 'admin', clave: 'demo1234' },
    ]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 40100, message: 'Empresa, usuario o contraseña incorrectos.' });
    }
  });

  it('names each bad field in Spanish', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload: { idEmpresa: 'abc', usuario: '   ' } });
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body.code).toBe(40000);
    expect(body.message).toContain('idEmpresa');
    expect(body.message).toContain('usuario');
    expect(body.message).toContain('clave');
  });

  it('logs in the support user EMPATIA with permisos All and no user record', async () => {
    const token = await login(t.app, DEMO.soporte1);
    expect(claims(token)).toMatchObject({ idUsuario: 0, idempresa: 1, permisos: 'All', nombre_usuario: 'EMPATIA' });
    const r = await as(t.app, token).get('/api/Usuarios/GetUsuario');
    expect(r.json().sesion).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { ...DEMO.soporte1, clave: 'demo1234' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('session lifecycle', () => {
  it('GetUsuario answers sesion true, then false once cerrarsesion closed it', async () => {
    const token = await login(t.app, DEMO.asesor1);
    const c = as(t.app, token);
    const r1 = await c.get('/api/usuarios/getusuario');
    expect(r1.json()).toMatchObject({ code: 20000, sesion: true, tipoVistaInmueblesBuscador: 1 });
    expect((await c.get('/api/Usuarios/cerrarsesion')).json().code).toBe(20000);
    const r2 = await c.get('/api/Usuarios/GetUsuario');
    expect(r2.json()).toMatchObject({ code: 20000, sesion: false });
    const r3 = await c.get('/api/Empresa/GetEmpresa');
    expect(r3.statusCode).toBe(401);
    expect(r3.json().code).toBe(50012);
  });

  it('rejects a missing, forged or expired token with 401 and a session code', async () => {
    const none = await as(t.app, null).get('/api/Usuarios/GetUsuario');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(50008);
    const token = await login(t.app, DEMO.admin1);
    const [h, p] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims(token), permisos: 'All', idempresa: 2 })).toString('base64url')}.${token.split('.')[2]}`;
    expect((await as(t.app, forged).get('/api/Empresa/GetEmpresa')).json().code).toBe(50008);
    const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect((await as(t.app, algNone).get('/api/Empresa/GetEmpresa')).json().code).toBe(50008);
    const c = claims(token);
    const expired = await t.deps.tokens.sign(
      {
        idUsuario: c.idUsuario as number,
        idempresa: 1,
        admemp: true,
        nro_id: '71650321',
        agencia: 0,
        permisos: 'All',
        nombre_usuario: 'admin',
      },
      c.jti as string,
      new Date(Date.now() - 1000),
    );
    const r = await as(t.app, expired).get('/api/Empresa/GetEmpresa');
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50014);
  });
});

const auditoriaDe = (usuario: string) =>
  t.db.tenant(1, (tx) => tx.select().from(auditoria).where(eq(auditoria.usuario, usuario)).orderBy(auditoria.id));

describe('disabled user', () => {
  it('is refused at login exactly as a wrong password is, and an open session answers sesion false', async () => {
    const id = await crearUsuario(t.db, 1, { usuario: 'inactivo', nroId: '1017000001', permisos: '489' });
    const token = await login(t.app, { idEmpresa: 1, usuario: 'inactivo', clave: 'demo1234' });
    const c = as(t.app, token);
    expect((await c.get('/api/Usuarios/GetUsuario')).json().sesion).toBe(true);

    await t.db.tenant(1, (tx) => tx.update(usuarios).set({ activo: false }).where(eq(usuarios.id, id)));
    t.deps.sessions.clear();
    const r = await c.get('/api/Usuarios/GetUsuario');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 20000, sesion: false });
    const otra = await c.get('/api/Empresa/GetEmpresa');
    expect(otra.statusCode).toBe(401);
    expect(otra.json().code).toBe(50012);
    expect(otra.json().message).toContain('desactivado');

    const l = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { idEmpresa: 1, usuario: 'inactivo', clave: 'demo1234' },
    });
    // Whoever holds a disabled user's password learns nothing from it (issue 22, finding 13).
    const mala = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { idEmpresa: 1, usuario: 'inactivo', clave: 'otra-clave' },
    });
    expect(l.statusCode).toBe(401);
    expect(l.json()).toEqual({ code: 40100, message: 'Empresa, usuario o contraseña incorrectos.' });
    expect(l.json()).toEqual(mala.json());
    expect(l.statusCode).toBe(mala.statusCode);
  });
});

describe('audit of sessions', () => {
  it('writes login_fallido, login and logout rows', async () => {
    const antes = (await auditoriaDe('asesor')).length;
    const mal = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { ...DEMO.asesor1, clave: 'equivocada' },
      remoteAddress: '10.1.1.1',
    });
    expect(mal.statusCode).toBe(401);
    const token = await login(t.app, DEMO.asesor1);
    const { jti } = tokenClaims(token);
    expect((await as(t.app, token).get('/api/Usuarios/cerrarsesion')).statusCode).toBe(200);

    const filas = (await auditoriaDe('asesor')).slice(antes);
    expect(filas.map((f) => f.accion)).toEqual(['login_fallido', 'login', 'logout']);
    expect(filas[0]).toMatchObject({ entidad: 'sesion', ip: '10.1.1.1' });
    expect(filas[1]).toMatchObject({ entidad: 'sesion', entidadId: jti, idUsuario: tokenClaims(token).idUsuario });
    expect(filas[2]).toMatchObject({ entidad: 'sesion', entidadId: jti });
    // The rows belong to company 1 only.
    expect(await t.db.tenant(2, (tx) => tx.select().from(auditoria).where(eq(auditoria.entidadId, jti)))).toEqual([]);
  });

  it('notifies "Nuevo inicio de sesión" when the browser differs from the previous session', async () => {
    const titulos = async (token: string) =>
      ((await as(t.app, token).get('/api/notificaciones')).json().data.items as { titulo: string; tipo_Carta: number }[]).filter(
        (n) => n.titulo === 'Nuevo inicio de sesión',
      );
    const conAgente = (ua: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/usuarios/login', payload: DEMO.admin1, headers: { 'user-agent': ua } })
        .then((r) => r.json().token as string);

    const a1 = await conAgente('Navegador A');
    const n = (await titulos(a1)).length;
    const a2 = await conAgente('Navegador A');
    expect((await titulos(a2)).length).toBe(n);
    const b = await conAgente('Navegador B');
    const despues = await titulos(b);
    expect(despues.length).toBe(n + 1);
    expect(despues[0]!.tipo_Carta).toBe(9001);
    // Only the user concerned is told.
    expect(await titulos(await login(t.app, DEMO.asesor1))).toEqual([]);
  });
});

describe('GET /Usuarios/GetPermisosE/:idUsuario', () => {
  let admin: string;
  let asesor: string;
  let admin2: string;
  let idAdmin: number;
  let idAsesor: number;
  beforeAll(async () => {
    [admin, asesor, admin2] = await Promise.all([
      login(t.app, DEMO.admin1),
      login(t.app, DEMO.asesor1),
      login(t.app, DEMO.admin2),
    ]);
    idAdmin = tokenClaims(admin).idUsuario;
    idAsesor = tokenClaims(asesor).idUsuario;
    await t.db.tenant(1, (tx) => tx.update(usuarios).set({ permisosEspeciales: '10545, 3' }).where(eq(usuarios.id, idAsesor)));
  });

  it('answers the own special permissions', async () => {
    const r = await as(t.app, asesor).get(`/api/Usuarios/GetPermisosE/${idAsesor}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 20000, data: { permisos: '10545, 3', ids: [3, 10545] } });
  });

  it("lets the company admin read another user's, not the reverse", async () => {
    const r = await as(t.app, admin).get(`/api/Usuarios/GetPermisosE/${idAsesor}`);
    expect(r.json().data).toEqual({ permisos: '10545, 3', ids: [3, 10545] });
    const no = await as(t.app, asesor).get(`/api/Usuarios/GetPermisosE/${idAdmin}`);
    expect(no.statusCode).toBe(403);
    expect(no.json().code).toBe(50403);
  });

  it('answers 404 for an unknown user and for a user of another company', async () => {
    const r = await as(t.app, admin).get('/api/Usuarios/GetPermisosE/99999');
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe(40400);
    const otra = await as(t.app, admin2).get(`/api/Usuarios/GetPermisosE/${idAsesor}`);
    expect(otra.statusCode).toBe(404);
    expect(otra.json().code).toBe(40400);
  });

  it('names idUsuario when it is not a number', async () => {
    const r = await as(t.app, admin).get('/api/Usuarios/GetPermisosE/abc');
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe(40000);
    expect(r.json().message).toContain('idUsuario');
  });

  it('needs a token', async () => {
    const r = await as(t.app, null).get(`/api/Usuarios/GetPermisosE/${idAsesor}`);
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50008);
  });
});

describe('GET /usuarios/GetPermisosPorUsuario', () => {
  it("returns the caller's permisos and their ids", async () => {
    const asesor = await login(t.app, DEMO.asesor1);
    const id = tokenClaims(asesor).idUsuario;
    await t.db.tenant(1, (tx) => tx.update(usuarios).set({ permisosPorUsuario: ' 10544, 490,x' }).where(eq(usuarios.id, id)));
    const r = await as(t.app, asesor).get('/api/usuarios/GetPermisosPorUsuario');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ permisos: ' 10544, 490,x', ids: [490, 10544] });
    const otra = await as(t.app, await login(t.app, DEMO.admin2)).get('/api/usuarios/getpermisosporusuario');
    expect(otra.json().data).toEqual({ permisos: '', ids: [] });
    const soporte = await as(t.app, await login(t.app, DEMO.soporte1)).get('/api/usuarios/GetPermisosPorUsuario');
    expect(soporte.json().data).toEqual({ permisos: 'All', ids: [] });
    const anon = await as(t.app, null).get('/api/usuarios/GetPermisosPorUsuario');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe(50008);
  });
});

describe('POST /Usuarios/grabar_sesion', () => {
  const dispositivos = (idEmpresa: number, jti: string) =>
    t.db.tenant(idEmpresa, (tx) => tx.select().from(sesionDispositivo).where(eq(sesionDispositivo.idSesion, jti)));
  const deviceInfo = { browser: 'Chrome', version: '131', os: 'Linux', platform: 'x86_64', userAgent: 'Mozilla/5.0' };

  it('stores one device row per session; a second call replaces it', async () => {
    const token = await login(t.app, DEMO.asesor1);
    const { jti } = tokenClaims(token);
    const r1 = await as(t.app, token).post('/api/Usuarios/grabar_sesion', { firebaseId: 'fb-1', deviceInfo });
    expect(r1.statusCode).toBe(200);
    expect(r1.json().code).toBe(20000);
    let filas = await dispositivos(1, jti);
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ firebaseId: 'fb-1', deviceInfo });

    await as(t.app, token).post('/api/usuarios/GRABAR_SESION', { firebaseId: 'fb-2', deviceInfo: { browser: 'Firefox' } });
    filas = await dispositivos(1, jti);
    expect(filas).toHaveLength(1);
    expect(filas[0]!.firebaseId).toBe('fb-2');
    expect(filas[0]!.deviceInfo).toMatchObject({ browser: 'Firefox', os: '' });
    expect(await dispositivos(2, jti)).toEqual([]);
  });

  it('names deviceInfo when it is missing or not an object', async () => {
    const c = as(t.app, await login(t.app, DEMO.asesor1));
    for (const body of [{ firebaseId: 'x' }, { firebaseId: 'x', deviceInfo: 'Chrome' }]) {
      const r = await c.post('/api/Usuarios/grabar_sesion', body);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe(40000);
      expect(r.json().message).toContain('deviceInfo');
    }
  });

  it('needs a token', async () => {
    const r = await as(t.app, null).post('/api/Usuarios/grabar_sesion', { firebaseId: null, deviceInfo });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50008);
  });
});

describe('important notice (bitácora)', () => {
  const consultar = async (token: string) => {
    const r = await as(t.app, token).get('/api/usuarios/consultar_acepto_bitacora');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.exito).toBe(true);
    return body.data as string;
  };

  it('shows the company notice until this user accepts it', async () => {
    const admin = await login(t.app, DEMO.admin1);
    const asesor = await login(t.app, DEMO.asesor1);
    const html = await consultar(admin);
    expect(html).toContain('Tratamiento de datos personales');

    const r = await as(t.app, admin).get('/api/usuarios/actualizar_acepto_bitacora');
    expect(r.json()).toMatchObject({ code: 20000, exito: true });
    expect(await consultar(admin)).toBe('');
    expect(await consultar(asesor)).toBe(html);
  });

  it('is empty for a company without a notice', async () => {
    expect(await consultar(await login(t.app, DEMO.admin2))).toBe('');
  });

  it('needs a token', async () => {
    for (const url of ['/api/usuarios/consultar_acepto_bitacora', '/api/usuarios/actualizar_acepto_bitacora']) {
      const r = await as(t.app, null).get(url);
      expect(r.statusCode).toBe(401);
      expect(r.json().code).toBe(50008);
    }
  });
});
