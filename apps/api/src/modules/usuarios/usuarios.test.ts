import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('POST /usuarios/login', () => {
  it('returns a token with the claims of spec §3 and trims the username', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload: { idEmpresa: 1, usuario: '  admin ', clave: 'demo1234' } });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.code).toBe(20000);
    expect(body.data.token).toBe(body.token);
    const c = claims(body.token);
    expect(c).toMatchObject({ idempresa: 1, admemp: true, nro_id: '71650321', agencia: 0, permisos: 'All', nombre_usuario: 'admin' });
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
    const bad = await t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload: { ...DEMO.soporte1, clave: 'demo1234' } });
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
      { idUsuario: c.idUsuario as number, idempresa: 1, admemp: true, nro_id: '71650321', agencia: 0, permisos: 'All', nombre_usuario: 'admin' },
      c.jti as string,
      new Date(Date.now() - 1000),
    );
    const r = await as(t.app, expired).get('/api/Empresa/GetEmpresa');
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50014);
  });
});
