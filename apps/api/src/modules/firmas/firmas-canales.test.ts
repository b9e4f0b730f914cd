import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { sql } from 'drizzle-orm';
import { infoSms } from '@predio/contract/mensajes';
import { queryRows } from '../../db/rows.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { enviarMensaje } from '../../platform/mensajes/salida.ts';
import { inTenant } from '../../platform/tenant.ts';
import { CLAVE_HABLAME, FakeProveedores, TOKEN_WHATSAPP } from '../../test/fake-proveedores.ts';
import { as, createTestApp, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';
import { SmtpSink } from '../../test/smtp-sink.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { pasoDiario, textoEnlaceSms } from './firmas.service.ts';

// Issue 29: the link and the one-time code by SMS or WhatsApp through the company's provider (the fake
// gateway speaks Hablame's and WhatsApp Cloud's contracts), the channel in the evidence, a provider's
// failure shown as such with no e-mail sent in its place, and bad input named in Spanish.

const fake = new FakeProveedores();
const sink = new SmtpSink();
let t: TestApp;
let admin: string;
let admin2: string;
let asesor: string;
let cifrador: Cifrador;
/** A Monday 10:00 in Bogotá, inside the Ley 2300 hours, so the link is not put off. */
const LUNES_10AM = new Date('2026-03-02T15:00:00Z');

const put = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, payload, headers: { authorization: `Bearer ${admin}` } });

beforeAll(async () => {
  await fake.start();
  const smtpUrl = await sink.start();
  t = await createTestApp({ smtpUrl });
  cifrador = cifradorDe(t.deps.config);
  [admin, admin2, asesor] = [await login(t.app, DEMO.admin1), await login(t.app, DEMO.admin2), await login(t.app, DEMO.asesor1)];
  const sms = await put('/api/mensajes/proveedores/sms', {
    proveedor: 'hablame',
    url: fake.url,
    remitente: '',
    cuerpo: '',
    cabecera: '',
    secreto: CLAVE_HABLAME,
  });
  expect(sms.statusCode, sms.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
  await fake.stop();
});
beforeEach(() => {
  fake.fallas = [];
});

async function pdf(): Promise<Buffer> {
  const d = await PDFDocument.create();
  d.addPage().drawText('Contrato de arrendamiento por SMS', { x: 50, y: 700 });
  return Buffer.from(await d.save({ useObjectStreams: false }));
}

type FirmanteIn = { nombre: string; documento: string; email: string; canal?: string; celular?: string };
const ANA_SMS: FirmanteIn = {
  nombre: 'Ana Pérez',
  documento: '43111222',
  email: 'ana.sms@ejemplo.co',
  canal: 'sms',
  celular: '300 123 4567',
};
const BRUNO: FirmanteIn = { nombre: 'Bruno Gómez', documento: '71333444', email: 'bruno.sms@ejemplo.co' };

async function crearYEnviar(firmantes: FirmanteIn[], token = admin) {
  const c = as(t.app, token);
  const r = await c.post('/api/firmas/documentos', { titulo: 'Contrato Calle 10 por SMS', mensaje: '', firmantes });
  expect(r.statusCode, r.body).toBe(200);
  const id = r.json().data.id as number;
  const b = multipart({ filename: 'contrato.pdf', contentType: 'application/pdf', data: await pdf() });
  const s = await t.app.inject({
    method: 'POST',
    url: `/api/archivos/firma_documento/${id}?categoria=original`,
    payload: b.payload,
    headers: { ...b.headers, authorization: `Bearer ${token}` },
  });
  expect(s.statusCode, s.body).toBe(200);
  const e = await c.post(`/api/firmas/documentos/${id}/enviar`);
  expect(e.statusCode, e.body).toBe(200);
  return id;
}

type Mensaje = { id: number; canal: string; para: string; texto: string; estado: string; whatsapp_plantilla: string };
/** The outbox rows of a document's signers (SMS and WhatsApp), oldest first. */
const mensajes = (id: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<Mensaje>(
      tx,
      sql`select m.id::int as id, m.canal, m.para, m.texto, m.estado, m.whatsapp_plantilla from mensaje_salida m
          join firma_firmante f on m.entidad = 'firma_firmante' and m.entidad_id = f.id::text
          where f.id_documento = ${id} order by m.id`,
    ),
  );
/** The job's work for one message, at a time inside the contact hours. */
const despachar = (id: number, intento = 1, maxIntentos = 5) =>
  enviarMensaje({ db: t.db, cifrador, idEmpresa: 1, id, intento, maxIntentos, ahora: () => LUNES_10AM });
const detalle = async (id: number) => (await as(t.app, admin).get(`/api/firmas/documentos/${id}`)).json().data;
const correosA = (email: string) => sink.recibidos.filter((r) => r.to.includes(email)).length;

describe('firmas by SMS and WhatsApp', () => {
  it('sends the link by SMS, the code by SMS, and records the channel as evidence', async () => {
    const id = await crearYEnviar([ANA_SMS, BRUNO]);
    const [enlace] = await mensajes(id);
    expect(enlace).toMatchObject({ canal: 'sms', para: '+573001234567', estado: 'en_cola' });
    expect(enlace!.texto).toMatch(
      /^Inmobiliaria .+: le enviamos un documento para firmar\. Su enlace personal: http\S+\/firmar\/[A-Za-z0-9_-]{43}$/,
    );
    expect(infoSms(enlace!.texto).segmentos).toBeLessThanOrEqual(2);
    expect(await despachar(enlace!.id)).toMatchObject({ enviado: enlace!.id });
    const llegado = fake.aceptados.at(-1)!.cuerpo.messages as { to: string; text: string }[];
    expect(llegado[0]!.to).toBe('573001234567');
    const token = /\/firmar\/([A-Za-z0-9_-]{43})/.exec(llegado[0]!.text)![1]!;
    // Bruno, by e-mail, got his link by e-mail; Ana none.
    await t.deps.mailer.idle();
    await sink.esperar(1);
    expect(correosA('bruno.sms@ejemplo.co')).toBe(1);
    expect(correosA('ana.sms@ejemplo.co')).toBe(0);

    const p = as(t.app, null);
    const info = (await p.get(`/api/firmar/${token}`)).json().data;
    expect(info).toMatchObject({ canal: 'sms', destino_oculto: '+57 ••••••4567' });
    const cod = await p.post(`/api/firmar/${token}/codigo`);
    expect(cod.statusCode, cod.body).toBe(200);
    expect(cod.json().data).toMatchObject({ enviado: true, canal: 'sms', destino_oculto: '+57 ••••••4567' });
    const otp = (await mensajes(id)).at(-1)!;
    expect(otp.texto).toMatch(/^Su codigo para firmar es \d{6}\. Vence en 10 minutos\.$/);
    expect(infoSms(otp.texto).segmentos).toBe(1);
    await despachar(otp.id);
    const codigo = /es (\d{6})\./.exec((fake.aceptados.at(-1)!.cuerpo.messages as { text: string }[])[0]!.text)![1]!;
    expect(correosA('ana.sms@ejemplo.co')).toBe(0);
    expect((await p.post(`/api/firmar/${token}/verificar`, { codigo })).statusCode).toBe(200);
    expect((await p.get(`/api/firmar/${token}/pdf`)).statusCode).toBe(200);
    const firma = await p.post(`/api/firmar/${token}/firmar`, { tipo: 'escrita', texto: 'Ana Pérez', acepto: true });
    expect(firma.statusCode, firma.body).toBe(200);

    const d = await detalle(id);
    expect(d.detalle[0]).toMatchObject({
      canal: 'sms',
      celular: '+573001234567',
      codigo_canal: 'sms',
      codigo_destino: '+57 ••••••4567',
      mensaje: { estado: 'enviado', error: null },
    });
    expect(d.detalle[1]).toMatchObject({ canal: 'correo', celular: '', mensaje: null });
    const detalles = d.eventos.map((e: { detalle: string }) => e.detalle);
    expect(detalles).toContain('Enlace de firma enviado por SMS a +57 ••••••4567');
    expect(detalles).toContain('Código enviado por SMS a +57 ••••••4567');
    expect(detalles).toContain('Identidad confirmada con el código enviado por SMS a +57 ••••••4567');
  });

  it('prints the code’s channel in the certificate of the sealed PDF', async () => {
    const id = await crearYEnviar([ANA_SMS]);
    const [enlace] = await mensajes(id);
    await despachar(enlace!.id);
    const token = /\/firmar\/([A-Za-z0-9_-]{43})/.exec(enlace!.texto)![1]!;
    const p = as(t.app, null);
    await p.post(`/api/firmar/${token}/codigo`);
    const otp = (await mensajes(id)).at(-1)!;
    const codigo = /es (\d{6})\./.exec(otp.texto)![1]!;
    await p.post(`/api/firmar/${token}/verificar`, { codigo });
    await p.get(`/api/firmar/${token}/pdf`);
    expect((await p.post(`/api/firmar/${token}/firmar`, { tipo: 'escrita', texto: 'Ana', acepto: true })).statusCode).toBe(200);
    const runner = await crearTrabajos(t.deps);
    await runner.vuelta();
    await runner.stop();
    const firmado = await as(t.app, admin).get(`/api/firmas/documentos/${id}/firmado`);
    expect(firmado.statusCode, firmado.body).toBe(200);
    const texto = execFileSync('pdftotext', ['-', '-'], { input: firmado.rawPayload }).toString();
    expect(texto).toContain('+573001234567');
    expect(texto).toMatch(/Código de un solo uso por SMS \(\+57 \S*4567\)/);
  });

  it('a provider failure (5xx, 429) shows on the signer; no e-mail is sent in its place', async () => {
    const id = await crearYEnviar([{ ...ANA_SMS, email: 'ana.falla@ejemplo.co' }]);
    const [enlace] = await mensajes(id);
    fake.fallas = ['429'];
    await expect(despachar(enlace!.id, 1)).rejects.toThrow('429');
    expect((await detalle(id)).detalle[0].mensaje).toMatchObject({
      estado: 'en_cola',
      error: 'Hablame limitó los envíos (429): se reintentará',
    });
    fake.fallas = ['500'];
    expect(await despachar(enlace!.id, 5)).toMatchObject({ fallido: enlace!.id });
    const d = await detalle(id);
    expect(d.detalle[0].mensaje).toMatchObject({ estado: 'fallido', error: 'Hablame falló (500): Internal error' });
    await t.deps.mailer.idle();
    expect(correosA('ana.falla@ejemplo.co')).toBe(0);
    // Staff resend the link: a new SMS, on the same channel.
    expect((await as(t.app, admin).post(`/api/firmas/documentos/${id}/reenviar`)).statusCode).toBe(200);
    const todos = await mensajes(id);
    expect(todos).toHaveLength(2);
    expect(todos[1]).toMatchObject({ canal: 'sms', estado: 'en_cola' });
    expect((await detalle(id)).detalle[0].mensaje.estado).toBe('en_cola');
    expect(correosA('ana.falla@ejemplo.co')).toBe(0);
  });

  it('a link asked on a Sunday waits for the Ley 2300 hours, and the detail says when it leaves', async () => {
    const id = await crearYEnviar([{ ...ANA_SMS, email: 'ana.domingo@ejemplo.co' }]);
    const [enlace] = await mensajes(id);
    const domingo = new Date('2026-03-01T17:00:00Z');
    const r = await enviarMensaje({
      db: t.db,
      cifrador,
      idEmpresa: 1,
      id: enlace!.id,
      intento: 1,
      maxIntentos: 5,
      ahora: () => domingo,
    });
    expect(r).toEqual({ aplazado: '2026-03-02T12:00:00.000Z' });
    expect((await detalle(id)).detalle[0].mensaje).toMatchObject({
      estado: 'en_cola',
      programado_para: '2026-03-02T12:00:00.000Z',
    });
  });

  it('reminds by the signer’s channel', async () => {
    const id = await crearYEnviar([{ ...ANA_SMS, email: 'ana.recordar@ejemplo.co' }]);
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update firma_firmante set invitado_en = now() - interval '4 days' where id_documento = ${id}`),
    );
    const r = await inTenant(t.db, 1, (s) =>
      pasoDiario({ ...s, hub: t.deps.hub, mailer: t.deps.mailer, cifrador, idEmpresa: 1 }),
    );
    expect(r.recordatorios).toBeGreaterThanOrEqual(1);
    const ultimo = (await mensajes(id)).at(-1)!;
    expect(ultimo.texto).toMatch(/: recuerde firmar su documento\. Su enlace personal: \S+\/firmar\/[A-Za-z0-9_-]{43}$/);
    expect((await detalle(id)).eventos.map((e: { detalle: string }) => e.detalle)).toContain(
      'Recordatorio enviado por SMS a +57 ••••••4567',
    );
  });

  it('sends the link and the code as approved WhatsApp templates', async () => {
    const c = as(t.app, admin);
    const w = await put('/api/mensajes/proveedores/whatsapp', {
      proveedor: 'whatsapp_cloud',
      url: `${fake.url}/v21.0`,
      remitente: '1234567890',
      cuerpo: '',
      cabecera: '',
      secreto: TOKEN_WHATSAPP,
    });
    expect(w.statusCode, w.body).toBe(200);
    expect((await c.get('/api/firmas/canales')).json().data).toEqual({ correo: true, sms: true, whatsapp: true });
    const id = await crearYEnviar([{ ...ANA_SMS, email: 'ana.wa@ejemplo.co', canal: 'whatsapp', celular: '+57 310 555 0101' }]);
    const [enlace] = await mensajes(id);
    expect(enlace).toMatchObject({ canal: 'whatsapp', para: '+573105550101', whatsapp_plantilla: 'predio_firma_enlace' });
    await despachar(enlace!.id);
    const plantilla = fake.aceptados.at(-1)!.cuerpo.template as {
      name: string;
      components: { parameters: { text: string }[] }[];
    };
    expect(plantilla.name).toBe('predio_firma_enlace');
    const enviado = plantilla.components[0]!.parameters.map((x) => x.text);
    expect(enviado[0]).toBe('Ana Pérez');
    const token = /\/firmar\/([A-Za-z0-9_-]{43})/.exec(enviado[3]!)![1]!;
    expect((await as(t.app, null).post(`/api/firmar/${token}/codigo`)).json().data).toMatchObject({
      canal: 'whatsapp',
      destino_oculto: '+57 ••••••0101',
    });
    const otp = (await mensajes(id)).at(-1)!;
    await despachar(otp.id);
    expect(fake.aceptados.at(-1)!.cuerpo.template).toMatchObject({
      name: 'predio_firma_codigo',
      components: [{ parameters: [{ type: 'text', text: expect.stringMatching(/^\d{6}$/) }] }],
    });
    await t.db.tenant(1, (tx) => tx.execute(sql`update mensaje_proveedor set activo = false where canal = 'whatsapp'`));
  });

  it('keeps the SMS text within two GSM-7 parts even with a long agency name', () => {
    const enlace = `https://inmobiliaria-de-ejemplo.predio.co/firmar/${'a'.repeat(43)}`;
    const texto = textoEnlaceSms('Inmobiliaria Muy Larga de la Costa Atlántica y del Caribe Colombiano S.A.S.', enlace);
    expect(infoSms(texto).segmentos).toBeLessThanOrEqual(2);
    expect(texto.endsWith(enlace)).toBe(true);
  });

  it('refuses a bad channel, a missing or bad mobile, and a channel without provider, naming the field', async () => {
    const c = as(t.app, admin);
    const post = (f: FirmanteIn) => c.post('/api/firmas/documentos', { titulo: 'Malo', mensaje: '', firmantes: [f] });
    const sinCelular = await post({ ...BRUNO, canal: 'sms' });
    expect(sinCelular.statusCode).toBe(400);
    expect(sinCelular.json().message).toContain('El campo Celular del firmante es obligatorio para enviar por SMS');
    const malo = await post({ ...BRUNO, canal: 'sms', celular: '123' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toBe('Celular del firmante 1: «123» no es un número de celular válido.');
    const fax = await post({ ...BRUNO, canal: 'fax' });
    expect(fax.statusCode).toBe(400);
    expect(fax.json().message).toContain('Canal del firmante');
    const sinProveedor = await post({ ...BRUNO, canal: 'whatsapp', celular: '3001234567' });
    expect(sinProveedor.statusCode).toBe(400);
    expect(sinProveedor.json().message).toContain('Canal del firmante 1: no hay proveedor de WhatsApp activo');
  });

  it('403 without the screen; another company has its own providers and does not see the document', async () => {
    expect((await as(t.app, asesor).get('/api/firmas/canales')).statusCode).toBe(403);
    const otra = as(t.app, admin2);
    expect((await otra.get('/api/firmas/canales')).json().data).toEqual({ correo: true, sms: false, whatsapp: false });
    const r = await otra.post('/api/firmas/documentos', { titulo: 'Otra', mensaje: '', firmantes: [ANA_SMS] });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('no hay proveedor de SMS activo');
    const id = await crearYEnviar([{ ...ANA_SMS, email: 'ana.otra@ejemplo.co' }]);
    expect((await otra.get(`/api/firmas/documentos/${id}`)).statusCode).toBe(404);
  });
});
