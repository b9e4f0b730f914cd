import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { infoSms, type MensajeLleno, type PlantillaMensaje, type PlantillaMensajeResumen } from '@predio/contract/mensajes';
import { queryRows } from '../../db/rows.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import { inTenant } from '../../platform/tenant.ts';
import { as, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink } from '../../test/smtp-sink.ts';

// Configurar mensajes (issue 27 §1): templates per notification type and free messages, checked by the
// liquid engine when saved, previewed with a real notification, sent as a test through the outbox.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let asesor1: string;
let admin2: string;

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start(), publicUrl: 'https://predio.example' });
  [admin1, asesor1, admin2] = [
    await login(t.app, DEMO.admin1),
    await login(t.app, DEMO.asesor1),
    await login(t.app, DEMO.admin2),
  ];
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

const put = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
const del = (token: string, url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

/** The body of a (multipart) message with quoted-printable soft breaks and escapes undone. */
const cuerpo = (data: string) =>
  Buffer.from(
    data.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** The message received whose subject passes `pred`, waiting for it up to 5 s. */
async function recibido(pred: (asunto: string) => boolean) {
  const hasta = Date.now() + 5000;
  for (;;) {
    const m = sink.recibidos.find((r) => pred(asuntoDelMensaje(r.data)));
    if (m || Date.now() > hasta) return m!;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const CITA = {
  asunto: 'Cita para {{ destinatario.nombre }}: {{ notificacion.titulo }}',
  html: '<p>Hola {{ destinatario.nombre }}, de {{ empresa.nombre }}:</p><p>{{ notificacion.cuerpo }}</p>',
  texto: 'Hola {{ destinatario.nombre }}. {{ notificacion.cuerpo }}',
  sms: '{{ empresa.nombre }}: {{ notificacion.titulo }}',
  whatsapp_plantilla: 'cita_asignada',
  whatsapp_parametros: ['{{ destinatario.nombre }}'],
};

describe('templates of the notification types', () => {
  it('lists every notification type with its Spanish default until the company changes it', async () => {
    const r = await as(t.app, admin1).get('/api/mensajes/plantillas');
    expect(r.statusCode, r.body).toBe(200);
    const lista = r.json().data as PlantillaMensajeResumen[];
    const cita = lista.find((p) => p.tipo_carta === 101)!;
    expect(cita).toMatchObject({
      clave: 'notificacion-101',
      nombre: 'Nueva cita asignada',
      grupo: 'Agenda',
      personalizada: false,
    });
    expect(lista.filter((p) => p.tipo_carta !== null).length).toBeGreaterThanOrEqual(20);
    const una = (await as(t.app, admin1).get('/api/mensajes/plantillas/notificacion-101')).json().data as PlantillaMensaje;
    expect(una.asunto).toBe('{{ notificacion.titulo }}');
    expect(una.html).toContain('{{ destinatario.nombre }}');
  });

  it('saves a template whose fields exist; an unknown field or bad syntax is a Spanish 400 naming it', async () => {
    const malo = await put(admin1, '/api/mensajes/plantillas/notificacion-101', {
      ...CITA,
      asunto: 'Hola {{ destinatario.apodo }}',
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toBe('Asunto: el campo «destinatario.apodo» no existe.');
    const sintaxis = await put(admin1, '/api/mensajes/plantillas/notificacion-101', {
      ...CITA,
      html: '<p>{% if notificacion.titulo %}sin cierre</p>',
    });
    expect(sintaxis.statusCode).toBe(400);
    expect(sintaxis.json().message).toMatch(/^Cuerpo del correo: línea 1, falta cerrar/);
    const sms = await put(admin1, '/api/mensajes/plantillas/notificacion-101', { ...CITA, sms: '{{ inmueble.canon }}' });
    expect(sms.json().message).toBe(
      'Texto del SMS: el campo «inmueble.canon» no está disponible en una plantilla de tipo «ninguno».',
    );
    const wa = await put(admin1, '/api/mensajes/plantillas/notificacion-101', { ...CITA, whatsapp_plantilla: 'Cita Asignada' });
    expect(wa.statusCode).toBe(400);
    expect(wa.json().message).toContain('whatsapp_plantilla');

    const ok = await put(admin1, '/api/mensajes/plantillas/notificacion-101', CITA);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ personalizada: true, asunto: CITA.asunto, actualizado_por: 'admin' });
  });

  it('previews with sample values or with a real notification of the type', async () => {
    const ejemplo = await as(t.app, admin1).post('/api/mensajes/plantillas/notificacion-101/vista-previa', CITA);
    expect(ejemplo.statusCode, ejemplo.body).toBe(200);
    const m = ejemplo.json().data as MensajeLleno;
    expect(m.asunto).toBe('Cita para Carlos Restrepo: Nueva cita asignada: visita al apartamento 501');
    expect(m.sms).toMatch(/: Nueva cita asignada: visita al apartamento 501$/);
    expect(m.sms_info).toMatchObject({ codificacion: 'GSM-7', segmentos: 1 });

    const idUsuario = tokenClaims(asesor1).idUsuario;
    await inTenant(t.db, 1, (s) =>
      notificar(
        { ...s, hub: t.deps.hub, mailer: { despertar: () => undefined, urlPublica: null } },
        { idEmpresa: 1, idUsuario, tipoCarta: 101, titulo: 'Visita casa 12', cuerpo: 'Lunes 7 a las 9', enlace: null },
      ),
    );
    const ejemplos = (await as(t.app, admin1).get('/api/mensajes/ejemplos?tipo_carta=101')).json().data as { id: number }[];
    expect(ejemplos.length).toBeGreaterThan(0);
    const real = await as(t.app, admin1).post('/api/mensajes/plantillas/notificacion-101/vista-previa', {
      ...CITA,
      registro: String(ejemplos[0]!.id),
    });
    expect(real.statusCode, real.body).toBe(200);
    expect((real.json().data as MensajeLleno).texto).toContain('Lunes 7 a las 9');
    const ajena = await as(t.app, admin2).post('/api/mensajes/plantillas/notificacion-101/vista-previa', {
      ...CITA,
      registro: String(ejemplos[0]!.id),
    });
    expect(ajena.statusCode).toBe(404);
  });

  it('«Enviar prueba» goes through the outbox and SMTP to the user, with the company’s sender name', async () => {
    await put(admin1, '/api/mensajes/configuracion', {
      remitente_nombre: 'Inmobiliaria Demo Avisos',
      firma: 'Equipo comercial\nTel. 604 000',
    });
    const r = await as(t.app, admin1).post('/api/mensajes/plantillas/notificacion-101/prueba', {
      ...CITA,
      html: `${CITA.html}<p>REF-PRUEBA-1</p>`,
    });
    expect(r.statusCode, r.body).toBe(200);
    const m = await recibido((a) => a.startsWith('[Prueba]'));
    expect(m.to).toEqual(['carlos.restrepo@inmobiliariademo.com.co']);
    expect(asuntoDelMensaje(m.data)).toBe('[Prueba] Cita para Carlos Restrepo: Nueva cita asignada: visita al apartamento 501');
    expect(m.data).toMatch(/^From: "?Inmobiliaria Demo Avisos"? <contacto@inmobiliariademo\.com\.co>/m);
    expect(cuerpo(m.data)).toContain('REF-PRUEBA-1');
    expect(cuerpo(m.data)).toContain('Equipo comercial');
    const [fila] = await t.db.tenant(1, (tx) =>
      queryRows<{ origen: string; plantilla: string; tipo_carta: number; id_usuario: number }>(
        tx,
        sql`select origen, plantilla, tipo_carta, id_usuario from correo_salida order by id desc limit 1`,
      ),
    );
    expect(fila).toEqual({
      origen: 'prueba',
      plantilla: 'notificacion-101',
      tipo_carta: 101,
      id_usuario: tokenClaims(admin1).idUsuario,
    });
  });

  it('a notification e-mail uses the company’s template', async () => {
    await inTenant(t.db, 1, (s) =>
      notificar(
        { ...s, hub: t.deps.hub, mailer: t.deps.mailer },
        {
          idEmpresa: 1,
          idUsuario: tokenClaims(admin1).idUsuario,
          tipoCarta: 101,
          titulo: 'Visita lote 9',
          cuerpo: 'Martes 8 REF-AVISO-2',
          enlace: '/archivo/agenda',
        },
      ),
    );
    const m = await recibido((a) => a.endsWith('Visita lote 9'));
    expect(asuntoDelMensaje(m.data)).toBe('Cita para Carlos Andrés Restrepo Gómez: Visita lote 9');
    expect(cuerpo(m.data)).toContain('Martes 8 REF-AVISO-2');
  });

  it('«Restablecer» brings the default back; other types keep theirs', async () => {
    expect((await del(admin1, '/api/mensajes/plantillas/notificacion-101')).statusCode).toBe(200);
    const una = (await as(t.app, admin1).get('/api/mensajes/plantillas/notificacion-101')).json().data as PlantillaMensaje;
    expect(una.personalizada).toBe(false);
    expect((await del(admin1, '/api/mensajes/plantillas/notificacion-101')).statusCode).toBe(404);
  });
});

describe('free messages, permissions and companies', () => {
  it('creates a free message filled from a tercero; another company cannot see it', async () => {
    const r = await as(t.app, admin1).post('/api/mensajes/plantillas', {
      nombre: 'Bienvenida',
      tipo: 'tercero',
      asunto: 'Bienvenido, {{ tercero.nombre }}',
      html: '<p>Gracias por confiar en {{ empresa.nombre }}.</p>',
    });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json().data as PlantillaMensaje;
    expect(p.clave).toMatch(/^libre-\d+$/);
    expect((await as(t.app, admin2).get(`/api/mensajes/plantillas/${p.clave}`)).statusCode).toBe(404);
    expect((await del(admin2, `/api/mensajes/plantillas/${p.clave}`)).statusCode).toBe(404);
    const repetida = await as(t.app, admin1).post('/api/mensajes/plantillas', { nombre: 'bienvenida', asunto: 'x', html: '' });
    expect(repetida.statusCode).toBe(409);
    const sinNombre = await as(t.app, admin1).post('/api/mensajes/plantillas', { asunto: 'x', html: '' });
    expect(sinNombre.statusCode).toBe(400);
    expect(sinNombre.json().message).toContain('nombre');
  });

  it('is for idm 10555; a bad clave names the parameter', async () => {
    expect((await as(t.app, asesor1).get('/api/mensajes/plantillas')).statusCode).toBe(403);
    expect((await put(asesor1, '/api/mensajes/plantillas/notificacion-101', CITA)).statusCode).toBe(403);
    const mala = await as(t.app, admin1).get('/api/mensajes/plantillas/otra-1');
    expect(mala.statusCode).toBe(400);
    expect(mala.json().message).toContain('clave');
    expect((await as(t.app, admin1).get('/api/mensajes/plantillas/notificacion-99999')).statusCode).toBe(404);
  });

  it('keeps each user’s signature; the asesor may set their own', async () => {
    expect((await put(asesor1, '/api/mensajes/mi-firma', { firma: 'Asesor comercial' })).statusCode).toBe(200);
    expect((await as(t.app, asesor1).get('/api/mensajes/mi-firma')).json().data).toEqual({ firma: 'Asesor comercial' });
    expect((await as(t.app, admin1).get('/api/mensajes/mi-firma')).json().data).toEqual({ firma: '' });
    expect((await put(asesor1, '/api/mensajes/mi-firma', { firma: 5 })).statusCode).toBe(400);
  });
});

describe('SMS length', () => {
  it('counts GSM-7 septets (extension characters twice) and switches to UCS-2 for other letters', () => {
    expect(infoSms('Hola')).toMatchObject({ codificacion: 'GSM-7', caracteres: 4, segmentos: 1 });
    expect(infoSms('a'.repeat(160)).segmentos).toBe(1);
    expect(infoSms('a'.repeat(161))).toMatchObject({ segmentos: 2, porSegmento: 153 });
    expect(infoSms('€')).toMatchObject({ codificacion: 'GSM-7', caracteres: 2 });
    expect(infoSms('Cita mañana')).toMatchObject({ codificacion: 'GSM-7' }); // ñ is in GSM-7
    expect(infoSms('Visita confirmada: sí')).toMatchObject({ codificacion: 'UCS-2', noGsm: ['í'] });
    expect(infoSms('x'.repeat(71)).segmentos).toBe(1);
    expect(infoSms('á'.repeat(71))).toMatchObject({ segmentos: 2, porSegmento: 67 });
  });
});
