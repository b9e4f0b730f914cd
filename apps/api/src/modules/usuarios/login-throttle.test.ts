import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esperaPorFallos } from '../../platform/auth/throttle.ts';
import { as, crearUsuario, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

// Its own server: tight limits so a few attempts reach them, and a short cap on the growing wait.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    loginThrottle: { maxPorUsuario: 3, maxPorIp: 100, ventanaMin: 15, bloqueoMin: 15, esperaMaxMs: 300 },
  });
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
  it('blocks a user from an address after 3 failures there, even with the right password; other users from it still log in', async () => {
    const ip = '10.0.0.1';
    for (let i = 0; i < 3; i++) expect((await intento({ ...DEMO.admin1, clave: 'mala' }, ip)).statusCode).toBe(401);
    esBloqueo(await intento(DEMO.admin1, ip));
    esBloqueo(await intento({ ...DEMO.admin1, clave: 'mala' }, ip));

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
    // Guesses here and at the login share one budget: the login from that address is blocked too.
    esBloqueo(await intento(uno, '10.0.1.4'));

    // Another user of the company is not affected, and a success resets the count.
    for (let i = 0; i < 2; i++) expect((await cambiar(tokenDos, 'mala', 'Casa.En.El.Campo.7')).statusCode).toBe(400);
    expect((await cambiar(tokenDos, dos.clave, 'Casa.En.El.Campo.7')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await cambiar(tokenDos, 'mala', 'Otra.Casa.Grande.8')).statusCode).toBe(400);
    expect((await cambiar(tokenDos, 'Casa.En.El.Campo.7', 'Otra.Casa.Grande.8')).statusCode).toBe(200);
    await loginDesde({ ...dos, clave: 'Otra.Casa.Grande.8' }, '10.0.1.6');
  });
});

describe('an attack on one account does not lock its user out (issue 22, finding 8)', () => {
  it('makes each attempt on the account wait longer as its failures pile up, up to the cap', () => {
    const cfg = { maxPorUsuario: 5, esperaMaxMs: 8000 };
    expect([0, 4, 5, 6, 7, 8, 9, 50, 10_000].map((f) => esperaPorFallos(f, cfg))).toEqual([
      0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  const CLAVE = 'Vivienda.Segura.2025';
  const victima = { idEmpresa: 2, usuario: 'victima', clave: CLAVE };
  const avisos = async (cred: { idEmpresa: number; usuario: string; clave: string }, ip: string) => {
    const token = await loginDesde(cred, ip);
    const items = (await as(t.app, token).get('/api/notificaciones')).json().data.items as {
      tipo_Carta: number;
      titulo: string;
      cuerpo: string;
    }[];
    return items.filter((n) => n.tipo_Carta === 9003);
  };

  beforeAll(async () => {
    await crearUsuario(t.db, 2, { usuario: 'victima', nroId: '2000001', permisos: '59', clave: CLAVE });
  });

  it('an attacker from 10 addresses with wrong passwords: the real user from a new address still logs in', async () => {
    for (let a = 1; a <= 10; a++) {
      const ip = `10.9.0.${a}`;
      for (let i = 0; i < 3; i++) expect((await intento({ ...victima, clave: `mala-${a}-${i}` }, ip)).statusCode).toBe(401);
      // Each address is blocked for this user once it failed 3 times.
      esBloqueo(await intento({ ...victima, clave: 'otra-mala' }, ip));
    }
    // 30 failures on the account: each attempt now waits (up to 300 ms here) but is not refused.
    const inicio = Date.now();
    await loginDesde(victima, '10.9.1.1');
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(300);
  });

  it('tells the user and the company administrators once, not at every attempt', async () => {
    const delUsuario = await avisos(victima, '10.9.1.1');
    expect(delUsuario).toHaveLength(1);
    expect(delUsuario[0]!.titulo).toBe('Intentos fallidos de inicio de sesión');
    expect(delUsuario[0]!.cuerpo).toMatch(/intentos fallidos de iniciar sesión con su usuario/);
    const delAdmin = await avisos(DEMO.admin2, '10.9.1.2');
    expect(delAdmin).toHaveLength(1);
    expect(delAdmin[0]!.cuerpo).toContain('«victima»');
    expect(delAdmin[0]!.cuerpo).toMatch(/desde \d+ direcciones/);

    // More failures in the same window tell nobody again.
    for (let i = 0; i < 3; i++) await intento({ ...victima, clave: 'mala' }, '10.9.0.99');
    expect(await avisos(victima, '10.9.1.1')).toHaveLength(1);
    expect(await avisos(DEMO.admin2, '10.9.1.2')).toHaveLength(1);
    // Another company's administrator hears nothing of it.
    expect(await avisos(DEMO.admin1, '10.9.1.3')).toEqual([]);
  });

  it("a few failures of one's own tell nobody", async () => {
    await crearUsuario(t.db, 2, { usuario: 'distraido', nroId: '2000002', permisos: '59', clave: CLAVE });
    const distraido = { idEmpresa: 2, usuario: 'distraido', clave: CLAVE };
    for (let i = 0; i < 2; i++) expect((await intento({ ...distraido, clave: 'casi' }, '10.9.2.1')).statusCode).toBe(401);
    expect(await avisos(distraido, '10.9.2.1')).toEqual([]);
  });
});
