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
