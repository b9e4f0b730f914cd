import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

// Its own server: tight limits so a few attempts reach them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: { maxPorUsuario: 3, maxPorIp: 100, ventanaMin: 15, bloqueoMin: 15 } });
});
afterAll(() => t.close());

const intento = (payload: { idEmpresa: number; usuario: string; clave: string }, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload, remoteAddress: ip });

async function loginDesde(cred: { idEmpresa: number; usuario: string; clave: string }, ip: string): Promise<string> {
  const r = await intento(cred, ip);
  expect(r.json().code, r.body).toBe(20000);
  return r.json().token as string;
}

function esBloqueo(r: Awaited<ReturnType<typeof intento>>) {
  expect(r.statusCode).toBe(429);
  const body = r.json();
  expect(body.code).toBe(42900);
  expect(body.message).toContain('Intente de nuevo');
  expect(body.token).toBeUndefined();
  expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
}

describe('login throttling', () => {
  it('blocks a user after 3 failures, even with the right password; other users from the IP still log in', async () => {
    const ip = '10.0.0.1';
    for (let i = 0; i < 3; i++) expect((await intento({ ...DEMO.admin1, clave: 'mala' }, ip)).statusCode).toBe(401);
    esBloqueo(await intento(DEMO.admin1, ip));
    // The block is on the user, not the machine: from elsewhere it is blocked too.
    esBloqueo(await intento(DEMO.admin1, '10.0.0.99'));

    expect((await intento(DEMO.asesor1, ip)).json().code).toBe(20000);
    // Same user name in another company is another account.
    expect((await intento(DEMO.admin2, ip)).json().code).toBe(20000);
  });

  it('a success before the limit resets the user count', async () => {
    const ip = '10.0.0.2';
    for (let i = 0; i < 2; i++) expect((await intento({ ...DEMO.admin3, clave: 'mala' }, ip)).statusCode).toBe(401);
    expect((await intento(DEMO.admin3, ip)).json().code).toBe(20000);
    for (let i = 0; i < 2; i++) expect((await intento({ ...DEMO.admin3, clave: 'mala' }, ip)).statusCode).toBe(401);
    expect((await intento(DEMO.admin3, ip)).json().code).toBe(20000);
  });

  it('blocks every user from an IP that reached 100 failures', async () => {
    const ip = '10.0.0.3';
    // Support-user failures with a different company each time: no per-user limit is reached and no hash is computed.
    for (let i = 0; i < 100; i++) {
      const r = await intento({ idEmpresa: 1000 + i, usuario: 'EMPATIA', clave: 'mala' }, ip);
      expect(r.statusCode).toBe(401);
    }
    esBloqueo(await intento(DEMO.asesor1, ip));
    esBloqueo(await intento(DEMO.admin2, ip));
    // Another IP is not affected.
    expect((await intento(DEMO.asesor1, '10.0.0.4')).json().code).toBe(20000);
  });
});

describe('change-own-password throttling', () => {
  it('blocks a user after 3 wrong current passwords, the login too; another user is not affected', async () => {
    const admin = await loginDesde(DEMO.admin2, '10.0.1.1');
    const crear = (usuario: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/usuarios',
        payload: { usuario, clave: 'Vivienda.Segura.2025', permisos: '59' },
        headers: { authorization: `Bearer ${admin}` },
      });
    for (const u of ['clave.uno', 'clave.dos']) expect((await crear(u)).statusCode).toBe(200);
    const uno = { idEmpresa: 2, usuario: 'clave.uno', clave: 'Vivienda.Segura.2025' };
    const dos = { ...uno, usuario: 'clave.dos' };
    const [tokenUno, tokenDos] = [await loginDesde(uno, '10.0.1.2'), await loginDesde(dos, '10.0.1.3')];
    const cambiar = (token: string, actual: string, nueva = 'Casa.En.El.Campo.7') =>
      t.app.inject({
        method: 'POST',
        url: '/api/usuarios/cambiar-clave',
        payload: { actual, nueva },
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: '10.0.1.4',
      });

    for (let i = 0; i < 3; i++)
      expect((await cambiar(tokenUno, 'mala')).json().message).toBe('actual: no es su contraseña actual');
    const bloqueado = await cambiar(tokenUno, uno.clave);
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json().message).toContain('Intente de nuevo');
    expect(Number(bloqueado.headers['retry-after'])).toBeGreaterThan(0);
    // Guesses here and at the login share one budget: the login is blocked too.
    esBloqueo(await intento(uno, '10.0.1.5'));

    // Another user of the company is not affected, and a success resets the count.
    for (let i = 0; i < 2; i++) expect((await cambiar(tokenDos, 'mala', 'Casa.En.El.Campo.7')).statusCode).toBe(400);
    expect((await cambiar(tokenDos, dos.clave, 'Casa.En.El.Campo.7')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await cambiar(tokenDos, 'mala', 'Otra.Casa.Grande.8')).statusCode).toBe(400);
    expect((await cambiar(tokenDos, 'Casa.En.El.Campo.7', 'Otra.Casa.Grande.8')).statusCode).toBe(200);
    await loginDesde({ ...dos, clave: 'Otra.Casa.Grande.8' }, '10.0.1.6');
  });
});
