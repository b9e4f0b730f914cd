import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { Hub, type HubMessage } from './hub.ts';

describe('Hub without a bus (one process)', () => {
  const suscriptor = (jti: string, registro: string[]) => ({
    jti,
    enviar: (m: HubMessage) => registro.push(`${jti} ${m.tipo}`),
    terminar: () => registro.push(`${jti} terminada`),
  });

  it('delivers to the subscribed user of the company only, and stops after unsubscribe', () => {
    const hub = new Hub();
    const recibidos: string[] = [];
    const off = hub.subscribe(1, 7, suscriptor('s1', recibidos));
    hub.subscribe(2, 7, suscriptor('s2', recibidos));
    hub.publish(1, 7, { tipo: 'a', data: null });
    off();
    hub.publish(1, 7, { tipo: 'b', data: null });
    expect(recibidos).toEqual(['s1 a']);
    expect(hub.connections()).toBe(1);
  });

  it('ends the connections of one session, of all but one, or of all, of that user only', () => {
    const hub = new Hub();
    const r: string[] = [];
    for (const jti of ['a', 'b', 'c']) hub.subscribe(1, 7, suscriptor(jti, r));
    hub.subscribe(1, 8, suscriptor('otro', r));
    hub.terminarSesiones(1, 7, { jti: 'a' });
    expect(r).toEqual(['a terminada']);
    hub.terminarSesiones(1, 7, { salvo: 'b' });
    expect(r).toEqual(['a terminada', 'a terminada', 'c terminada']);
    hub.terminarSesiones(2, 8, { salvo: null });
    hub.terminarSesiones(1, 8, { salvo: null });
    expect(r.at(-1)).toBe('otro terminada');
    expect(r).toHaveLength(4);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('between API processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await a.otroProceso();
  });
  afterAll(() => a.close());

  it('a notification created on one process reaches a browser connected to the other', async () => {
    const token = await login(a.app, DEMO.admin1);
    const ws = await b.app.injectWS('/api/ws');
    ws.send(JSON.stringify({ tipo: 'autenticar', token }));
    const mensajes: HubMessage[] = [];
    const llego = new Promise<HubMessage>((resolve) => {
      ws.on('message', (raw) => {
        const m = JSON.parse(raw.toString()) as HubMessage;
        mensajes.push(m);
        if (m.tipo === 'notificacion') resolve(m);
      });
    });
    await new Promise((r) => setTimeout(r, 200));
    const r = await as(a.app, token).post('/api/notificaciones/prueba');
    expect(r.json().code).toBe(20000);
    const m = await llego;
    expect(m.data).toMatchObject({ titulo: 'Notificación de prueba' });
    // exactly once, although the bus echoes to the sending process too
    await new Promise((r2) => setTimeout(r2, 300));
    expect(mensajes.filter((x) => x.tipo === 'notificacion')).toHaveLength(1);
    ws.terminate();
  });
});
