import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Enviado, TotalesEnviados } from '@predio/contract/mensajes';
import { as, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';

// Informes › Correos enviados y SMS enviados (idm 10562): both outboxes, filtered, totalled, exported.

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin1, asesor1, admin2] = [
    await login(t.app, DEMO.admin1),
    await login(t.app, DEMO.asesor1),
    await login(t.app, DEMO.admin2),
  ];
  const yo = tokenClaims(admin1).idUsuario;
  await t.db.tenant(1, (tx) =>
    tx.execute(sql`insert into correo_salida (para, asunto, texto, origen, estado, intentos, ultimo_error, id_usuario, tipo_carta, creado_en) values
      ('ana@correo.co', 'Nueva cita: casa 12', '…', 'notificacion:101', 'enviado', 1, null, null, 101, '2026-11-20T15:00:00Z'),
      ('bruno@correo.co', '[Prueba] Cita', '…', 'prueba', 'error', 5, '550 buzón no existe', ${yo}, 101, '2026-11-21T15:00:00Z'),
      ('carla@correo.co', 'Ficha 7', '…', 'ficha', 'pendiente', 0, null, ${yo}, null, '2026-11-21T16:00:00Z')`),
  );
  await t.db.tenant(1, (tx) =>
    tx.execute(sql`insert into mensaje_salida (canal, para, texto, estado, intentos, ultimo_error, segmentos, costo, origen, tipo_carta, creado_en) values
      ('sms', '+573001234567', 'Demo: cita mañana', 'entregado', 1, null, 1, 9.5, 'notificacion:102', 102, '2026-11-21T15:00:00Z'),
      ('whatsapp', '+573001234568', 'Demo: cita', 'fallido', 5, 'WhatsApp falló (500)', null, null, 'notificacion:101', 101, '2026-11-22T15:00:00Z')`),
  );
  await t.db.tenant(2, (tx) =>
    tx.execute(
      sql`insert into correo_salida (para, asunto, texto, origen) values ('norte@correo.co', 'De la otra empresa', '…', 'aviso')`,
    ),
  );
});
afterAll(() => t.close());

const lista = async (token: string, url: string) => {
  const r = await as(t.app, token).get(url);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { items: Enviado[]; total: number };
};

describe('GET /informes/emails-enviados', () => {
  it('lists the company’s e-mails, newest first, with the state and error, who sent them and what they were', async () => {
    const r = await lista(admin1, '/api/informes/emails-enviados');
    expect(r.total).toBe(3);
    expect(r.items.map((m) => [m.para, m.estado, m.error, m.usuario, m.tipo])).toEqual([
      ['carla@correo.co', 'en_cola', null, 'Carlos Andrés Restrepo Gómez', 'Ficha de inmueble'],
      [
        'bruno@correo.co',
        'fallido',
        '550 buzón no existe',
        'Carlos Andrés Restrepo Gómez',
        'Prueba de plantilla · Nueva cita asignada',
      ],
      ['ana@correo.co', 'enviado', null, 'Sistema', 'Nueva cita asignada'],
    ]);
    expect((await lista(admin2, '/api/informes/emails-enviados')).items.map((m) => m.para)).toEqual(['norte@correo.co']);
  });

  it('filters by date (Bogotá days), state, recipient, type and user', async () => {
    const yo = tokenClaims(admin1).idUsuario;
    expect((await lista(admin1, '/api/informes/emails-enviados?desde=2026-11-21&hasta=2026-11-21')).total).toBe(2);
    expect((await lista(admin1, '/api/informes/emails-enviados?estado=fallido')).items.map((m) => m.para)).toEqual([
      'bruno@correo.co',
    ]);
    expect((await lista(admin1, '/api/informes/emails-enviados?para=ANA')).items.map((m) => m.para)).toEqual(['ana@correo.co']);
    expect((await lista(admin1, '/api/informes/emails-enviados?tipo_carta=101')).total).toBe(2);
    expect((await lista(admin1, `/api/informes/emails-enviados?usuario=${yo}`)).total).toBe(2);
    expect((await lista(admin1, '/api/informes/emails-enviados?page=2&pageSize=2')).items.length).toBe(1);
  });

  it('totals per day, per user and per type', async () => {
    const r = await as(t.app, admin1).get('/api/informes/emails-enviados/totales');
    const tot = r.json().data as TotalesEnviados;
    expect(tot.porDia).toEqual([
      { dia: '2026-11-20', total: 1, fallidos: 0 },
      { dia: '2026-11-21', total: 2, fallidos: 1 },
    ]);
    expect(tot.porUsuario.map((u) => [u.usuario, u.total])).toEqual([
      ['Carlos Andrés Restrepo Gómez', 2],
      ['Sistema', 1],
    ]);
    expect(tot.porTipo).toEqual([{ tipo_carta: 101, tipo: 'Nueva cita asignada', total: 2 }]);
  });

  it('exports the filter as CSV', async () => {
    const r = await as(t.app, admin1).get('/api/informes/emails-enviados/exportar?formato=csv&estado=fallido');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/emails-enviados-\d{4}-\d{2}-\d{2}\.csv/);
    expect(r.body).toContain('bruno@correo.co');
    expect(r.body).toContain('550 buzón no existe');
    expect(r.body).not.toContain('ana@correo.co');
  });

  it('is for idm 10562; a bad filter names the parameter', async () => {
    expect((await as(t.app, asesor1).get('/api/informes/emails-enviados')).statusCode).toBe(403);
    expect((await as(t.app, asesor1).get('/api/informes/sms-enviados/exportar')).statusCode).toBe(403);
    const mal = await as(t.app, admin1).get('/api/informes/emails-enviados?estado=perdido');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('estado');
    const rango = await as(t.app, admin1).get('/api/informes/emails-enviados?desde=2026-11-22&hasta=2026-11-01');
    expect(rango.statusCode).toBe(400);
    expect(rango.json().message).toContain('hasta');
  });
});

describe('GET /informes/sms-enviados', () => {
  it('lists SMS and WhatsApp with parts, cost and the error; filters by channel', async () => {
    const r = await lista(admin1, '/api/informes/sms-enviados');
    expect(r.items.map((m) => [m.canal, m.para, m.estado, m.segmentos, m.costo, m.error])).toEqual([
      ['whatsapp', '+573001234568', 'fallido', null, null, 'WhatsApp falló (500)'],
      ['sms', '+573001234567', 'entregado', 1, 9.5, null],
    ]);
    expect((await lista(admin1, '/api/informes/sms-enviados?canal=sms')).total).toBe(1);
    expect((await lista(admin2, '/api/informes/sms-enviados')).total).toBe(0);
  });
});
