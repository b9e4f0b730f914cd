import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { as, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';
import type { HubMessage } from './hub.ts';

// A real WebSocket client against a listening server, as a browser tab connects.
type Conexion = {
  ws: WebSocket;
  mensajes: HubMessage[];
  /** The close code once closed, else null. */
  cierre: () => number | null;
  cerrada: Promise<number>;
};

const esperar = async (cond: () => boolean, ms = 5000) => {
  const hasta = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > hasta) throw new Error('tiempo de espera agotado');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

function direccion(t: TestApp): string {
  const a = t.app.server.address();
  return `127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
}

/** Opens /api/ws (sending the token as its first message when given) and waits for it to open. */
async function abrir(t: TestApp, o: { token?: string; ruta?: string; origin?: string } = {}): Promise<Conexion> {
  const ws = new WebSocket(`ws://${direccion(t)}${o.ruta ?? '/api/ws'}`, o.origin ? { origin: o.origin } : {});
  const mensajes: HubMessage[] = [];
  let codigo: number | null = null;
  ws.on('message', (m) => mensajes.push(JSON.parse(String(m)) as HubMessage));
  const cerrada = new Promise<number>((resolve) => ws.on('close', (c) => resolve((codigo = c))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  if (o.token) ws.send(JSON.stringify({ tipo: 'autenticar', token: o.token }));
  return { ws, mensajes, cierre: () => codigo, cerrada };
}

async function conectado(t: TestApp, token: string): Promise<Conexion> {
  const c = await abrir(t, { token });
  await esperar(() => c.mensajes.length > 0);
  expect(c.mensajes[0]).toEqual({ tipo: 'conectado', data: null });
  return c;
}

/** A notification for the caller's own user (every open session of that user should hear it). */
async function notificar(t: TestApp, token: string): Promise<void> {
  expect((await as(t.app, token).post('/api/notificaciones/prueba')).json().code).toBe(20000);
}

const notificaciones = (c: Conexion) => c.mensajes.filter((m) => m.tipo === 'notificacion').length;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://predio.agencia.co' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('opening /api/ws', () => {
  it('takes the token as the first message and then delivers', async () => {
    const token = await login(t.app, DEMO.admin1);
    const c = await conectado(t, token);
    await notificar(t, token);
    await esperar(() => notificaciones(c) === 1);
    c.ws.close();
  });

  it('no longer accepts the token in the URL, which ends up in logs', async () => {
    const token = await login(t.app, DEMO.admin1);
    const c = await abrir(t, { ruta: `/api/ws?token=${token}` });
    expect(await c.cerrada).toBe(4401);
    expect(c.mensajes.map((m) => m.tipo)).toEqual(['error']);
  });

  it('closes a connection whose first message is no valid token', async () => {
    for (const primero of ['hola', JSON.stringify({ tipo: 'autenticar', token: 'no-es-un-token' })]) {
      const c = await abrir(t);
      c.ws.send(primero);
      expect(await c.cerrada).toBe(4401);
      expect(c.mensajes.map((m) => m.tipo)).toEqual(['error']);
    }
  });

  it("refuses another site's page (Origin), and accepts the app's own and PUBLIC_URL's", async () => {
    for (const origin of ['https://evil.example', 'null', `http://${direccion(t)}.evil.example`]) {
      const ws = new WebSocket(`ws://${direccion(t)}/api/ws`, { origin });
      ws.on('error', () => undefined);
      const estado = await new Promise<number>((resolve) => {
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
      });
      expect(estado, origin).toBe(403);
      ws.terminate();
    }
    const token = await login(t.app, DEMO.admin1);
    for (const origin of [`http://${direccion(t)}`, 'https://predio.agencia.co']) {
      const c = await abrir(t, { origin });
      c.ws.send(JSON.stringify({ tipo: 'autenticar', token }));
      await esperar(() => c.mensajes.length > 0);
      expect(c.mensajes[0]?.tipo, origin).toBe('conectado');
      c.ws.close();
    }
  });
});

describe('when a session ends its connections stop hearing and close', () => {
  let claveAsesor: string = DEMO.asesor1.clave;
  const entrarAsesor = () => login(t.app, { ...DEMO.asesor1, clave: claveAsesor });

  it('logout', async () => {
    const [a, b] = [await entrarAsesor(), await entrarAsesor()];
    const ca = await conectado(t, a);
    const cb = await conectado(t, b);
    expect((await as(t.app, a).get('/api/Usuarios/cerrarsesion')).json().code).toBe(20000);
    expect(await ca.cerrada).toBe(4401);
    await notificar(t, b);
    await esperar(() => notificaciones(cb) === 1);
    await pausa(200);
    expect(notificaciones(ca)).toBe(0);
    cb.ws.close();
  });

  it('password change: every other session of the user', async () => {
    const [a, b] = [await entrarAsesor(), await entrarAsesor()];
    const ca = await conectado(t, a);
    const cb = await conectado(t, b);
    const nueva = 'OtraClave#2026xyz';
    const r = await as(t.app, b).post('/api/usuarios/cambiar-clave', { actual: claveAsesor, nueva });
    expect(r.json().code, r.body).toBe(20000);
    claveAsesor = nueva;
    expect(await ca.cerrada).toBe(4401);
    await notificar(t, b);
    await esperar(() => notificaciones(cb) === 1);
    expect(cb.cierre()).toBeNull();
    cb.ws.close();
  });

  it('deactivation of the user', async () => {
    const admin = await login(t.app, DEMO.admin1);
    const asesor = await entrarAsesor();
    const c = await conectado(t, asesor);
    const idAsesor = (
      (await as(t.app, admin).get('/api/usuarios?q=asesor')).json().data.items as { id: number; usuario: string }[]
    ).find((u) => u.usuario === 'asesor')!.id;
    expect((await as(t.app, admin).post(`/api/usuarios/${idAsesor}/desactivar`)).json().code).toBe(20000);
    expect(await c.cerrada).toBe(4401);
    expect((await as(t.app, admin).post(`/api/usuarios/${idAsesor}/activar`)).json().code).toBe(20000);
  });

  it('any other way: the next message is not sent, and the connection closes', async () => {
    const [a, b] = [await entrarAsesor(), await entrarAsesor()];
    const ca = await conectado(t, a);
    const cb = await conectado(t, b);
    await t.db.tenant(1, (tx) => tx.execute(sql`update sesion set cerrada_en = now() where id = ${tokenClaims(a).jti}`));
    t.deps.sessions.clear();
    await notificar(t, b);
    expect(await ca.cerrada).toBe(4401);
    await esperar(() => notificaciones(cb) === 1);
    expect(notificaciones(ca)).toBe(0);
    cb.ws.close();
  });

  it('expiry, at the moment the session ends', async () => {
    const corta = await createTestApp({ sessionTtlDays: 2.5 / 86_400 });
    try {
      await corta.app.listen({ port: 0, host: '127.0.0.1' });
      const c = await conectado(corta, await login(corta.app, DEMO.admin1));
      const desde = Date.now();
      expect(await c.cerrada).toBe(4401);
      expect(Date.now() - desde).toBeLessThan(4000);
    } finally {
      await corta.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on another API process (PostgreSQL)', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await t.otroProceso();
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('a logout on one process closes the connection held by the other', async () => {
    const [uno, otro] = [await login(t.app, DEMO.admin1), await login(t.app, DEMO.admin1)];
    const c = await conectado(b, uno);
    const sigue = await conectado(b, otro);
    expect((await as(t.app, uno).get('/api/Usuarios/cerrarsesion')).json().code).toBe(20000);
    expect(await c.cerrada).toBe(4401);
    await notificar(t, otro);
    await esperar(() => notificaciones(sigue) === 1);
    await pausa(200);
    expect(notificaciones(c)).toBe(0);
    sigue.ws.close();
  });
});
