import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { Hub, type HubMessage } from './hub.ts';

describe('Hub without a bus (one process)', () => {
  it('delivers to the subscribed user of the company only, and stops after unsubscribe', () => {
    const hub = new Hub();
    const recibidos: string[] = [];
    const off = hub.subscribe(1, 7, (m) => recibidos.push(`1:7 ${m.tipo}`));
    hub.subscribe(2, 7, (m) => recibidos.push(`2:7 ${m.tipo}`));
    hub.publish(1, 7, { tipo: 'a', data: null });
    off();
    hub.publish(1, 7, { tipo: 'b', data: null });
    expect(recibidos).toEqual(['1:7 a']);
    expect(hub.connections()).toBe(1);
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
    const ws = await b.app.injectWS(`/api/ws?token=${token}`);
    const mensajes: HubMessage[] = [];
    const llego = new Promise<HubMessage>((resolve) => {
      ws.on('message', (raw: Buffer) => {
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
