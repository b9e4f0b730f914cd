import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WebhookWhatsapp } from '@predio/contract/mensajes';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { FakeProveedores, SECRETO_APP_WHATSAPP, TOKEN_WHATSAPP } from '../../test/fake-proveedores.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import { encolarMensaje, enviarMensaje } from '../../platform/mensajes/salida.ts';
import { inTenant } from '../../platform/tenant.ts';

// WhatsApp Cloud API delivery statuses (issue 27): Meta verifies the webhook with the company's token,
// then posts statuses signed with the App Secret; each one moves the message sent through the fake.

let t: TestApp;
let admin1: string;
let admin2: string;
const fake = new FakeProveedores();
const LUNES_10AM = new Date('2026-11-23T15:00:00Z');

const put = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createTestApp();
  await fake.start();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  const r = await put(admin1, '/api/mensajes/proveedores/whatsapp', {
    proveedor: 'whatsapp_cloud',
    url: `${fake.url}/v21.0`,
    remitente: '106540352242922',
    secreto: TOKEN_WHATSAPP,
    secreto_app: SECRETO_APP_WHATSAPP,
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

/** Queues a WhatsApp message and sends it through the fake: answers its row id and Meta's wamid. */
async function enviado(): Promise<{ id: number; wamid: string }> {
  const id = await inTenant(t.db, 1, (s) =>
    encolarMensaje(s, {
      canal: 'whatsapp',
      para: '3001234567',
      texto: 'Inmobiliaria Demo: su cita',
      whatsappPlantilla: 'cita_asignada',
      whatsappParametros: ['Ana'],
      origen: 'prueba',
      aCliente: false,
    }),
  );
  await enviarMensaje({
    db: t.db,
    cifrador: cifradorDe(t.deps.config),
    idEmpresa: 1,
    id,
    intento: 1,
    maxIntentos: 5,
    ahora: () => LUNES_10AM,
  });
  const [f] = await t.db.tenant(1, (tx) =>
    queryRows<{ id_externo: string; estado: string; ultimo_error: string | null }>(
      tx,
      sql`select id_externo, estado, ultimo_error from mensaje_salida where id = ${id}`,
    ),
  );
  expect(f!.estado, f!.ultimo_error ?? '').toBe('enviado');
  return { id, wamid: f!.id_externo };
}

const estadoDe = async (id: number) =>
  (
    await t.db.tenant(1, (tx) =>
      queryRows<{ estado: string; ultimo_error: string | null }>(
        tx,
        sql`select estado, ultimo_error from mensaje_salida where id = ${id}`,
      ),
    )
  )[0]!;

describe('the WhatsApp delivery-status webhook', () => {
  it('shows the address and the verify token to Configurar mensajes only; answers Meta’s check', async () => {
    const d = (await as(t.app, admin1).get('/api/mensajes/entregas-whatsapp')).json().data as WebhookWhatsapp;
    expect(d.url).toMatch(/\/api\/publico\/mensajes\/whatsapp\/1$/);
    const asesor = await login(t.app, DEMO.asesor1);
    expect((await as(t.app, asesor).get('/api/mensajes/entregas-whatsapp')).statusCode).toBe(403);
    const otra = (await as(t.app, admin2).get('/api/mensajes/entregas-whatsapp')).json().data as WebhookWhatsapp;
    expect(otra.token_verificacion).not.toBe(d.token_verificacion);

    const verificar = (token: string, empresa = 1) =>
      t.app.inject({
        method: 'GET',
        url: `/api/publico/mensajes/whatsapp/${empresa}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const ok = await verificar(d.token_verificacion);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toBe('1158201444');
    expect((await verificar('otro')).statusCode).toBe(403);
    expect((await verificar(otra.token_verificacion)).statusCode).toBe(403);
    const proveedores = (await as(t.app, admin1).get('/api/mensajes/proveedores')).json().data as {
      canal: string;
      con_secreto_app: boolean;
    }[];
    expect(proveedores.find((p) => p.canal === 'whatsapp')!.con_secreto_app).toBe(true);
    expect(JSON.stringify(proveedores)).not.toContain(SECRETO_APP_WHATSAPP);
  });

  it('moves each message by its signed status: delivered, read, failed with Meta’s reason; never back', async () => {
    const a = await enviado();
    const b = await enviado();
    const c = await enviado();
    const postear = (n: { cuerpo: string; cabeceras: Record<string, string> }, empresa = 1) =>
      t.app.inject({ method: 'POST', url: `/api/publico/mensajes/whatsapp/${empresa}`, payload: n.cuerpo, headers: n.cabeceras });

    const r = await postear(
      fake.notificarWhatsapp([
        { id: a.wamid, status: 'sent' },
        { id: a.wamid, status: 'delivered' },
        { id: b.wamid, status: 'read' },
        { id: c.wamid, status: 'failed' },
        { id: 'wamid.de-otra-herramienta', status: 'delivered' },
      ]),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ estados: 5, cambios: 3 });
    expect(await estadoDe(a.id)).toEqual({ estado: 'entregado', ultimo_error: null });
    expect(await estadoDe(b.id)).toEqual({ estado: 'entregado', ultimo_error: null });
    const fallido = await estadoDe(c.id);
    expect(fallido.estado).toBe('fallido');
    expect(fallido.ultimo_error).toContain('El destinatario no tiene WhatsApp');
    expect(fallido.ultimo_error).toContain('131026');

    // A late «failed» does not take a delivered message back.
    expect((await postear(fake.notificarWhatsapp([{ id: a.wamid, status: 'failed' }]))).json().data).toEqual({
      estados: 1,
      cambios: 0,
    });
    expect((await estadoDe(a.id)).estado).toBe('entregado');
  });

  it('refuses an unsigned, a wrongly signed or a tampered notification, and another company’s', async () => {
    const m = await enviado();
    const n = fake.notificarWhatsapp([{ id: m.wamid, status: 'delivered' }]);
    const post = (cuerpo: string, cabeceras: Record<string, string>, empresa = 1) =>
      t.app.inject({ method: 'POST', url: `/api/publico/mensajes/whatsapp/${empresa}`, payload: cuerpo, headers: cabeceras });
    expect((await post(n.cuerpo, { 'content-type': 'application/json' })).statusCode).toBe(403);
    const otraClave = fake.notificarWhatsapp([{ id: m.wamid, status: 'delivered' }], 'otro-secreto');
    expect((await post(otraClave.cuerpo, otraClave.cabeceras)).statusCode).toBe(403);
    // The same signature over other bytes.
    expect((await post(n.cuerpo.replace('delivered', 'failed'), n.cabeceras)).statusCode).toBe(403);
    // Company 2 has no App Secret saved: nothing of it opens with company 1's signature.
    const ajena = await post(n.cuerpo, n.cabeceras, 2);
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json().message).toContain('App Secret');
    expect((await estadoDe(m.id)).estado).toBe('enviado');
    // A signed body that is not Meta's shape: 400 naming it, nothing changed.
    const raro = '{"object":"page","entry":"x"}';
    const firmado = fake.notificarWhatsapp([]);
    const firma = `sha256=${createHmac('sha256', SECRETO_APP_WHATSAPP).update(raro).digest('hex')}`;
    const r = await post(raro, { ...firmado.cabeceras, 'x-hub-signature-256': firma });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('WhatsApp');
  });

  it('keeps the saved App Secret when the provider is saved again without it', async () => {
    const r = await put(admin1, '/api/mensajes/proveedores/whatsapp', {
      proveedor: 'whatsapp_cloud',
      url: `${fake.url}/v21.0`,
      remitente: '106540352242922',
    });
    expect(r.statusCode, r.body).toBe(200);
    const m = await enviado();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/publico/mensajes/whatsapp/1',
      ...(({ cuerpo, cabeceras }) => ({ payload: cuerpo, headers: cabeceras }))(
        fake.notificarWhatsapp([{ id: m.wamid, status: 'delivered' }]),
      ),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await estadoDe(m.id)).estado).toBe('entregado');
  });
});
