import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MensajeDeRegistro, SmsEncolado } from '@predio/contract/mensajes';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp } from '../../test/harness.ts';

// An SMS to a tercero from its record (issue 27 «Sending»): consent (Ley 1581), the company's name, the
// contact hours (Ley 2300) and the record's history.

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let sinTerceros: string;
let conAut: number;
let sinAut: number;
let sinCelular: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin1, asesor1, admin2] = [
    await login(t.app, DEMO.admin1),
    await login(t.app, DEMO.asesor1),
    await login(t.app, DEMO.admin2),
  ];
  await crearUsuario(t.db, 1, { usuario: 'solo37', nroId: '900111222', permisos: '37' });
  sinTerceros = await login(t.app, { idEmpresa: 1, usuario: 'solo37', clave: 'demo1234' });
  const ids = await t.db.tenant(1, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`with medio as (insert into medios_aut_manejo_datos (nombre) values ('Formulario firmado') returning id)
        insert into terceros (nro_id, nombre, celular, aut_manejo_datos_personales, id_medio_aut_datos, fecha_aut_datos)
        select v.nro_id, v.nombre, v.celular, v.aut, case when v.aut then medio.id end, case when v.aut then current_date end
        from medio, (values ('80000001', 'Ana Cliente', '310 555 1234', true, 1),
                            ('80000002', 'Bruno Sin Autorización', '310 555 9999', false, 2),
                            ('80000003', 'Carla Sin Celular', '', true, 3)) as v (nro_id, nombre, celular, aut, orden)
        order by v.orden
        returning id`,
    ),
  );
  [conAut, sinAut, sinCelular] = ids.map((r) => r.id) as [number, number, number];
  await t.app.inject({
    method: 'PUT',
    url: '/api/mensajes/proveedores/sms',
    headers: { authorization: `Bearer ${admin1}` },
    payload: { proveedor: 'generico', url: 'http://127.0.0.1:9/enviar', secreto: 'x', cabecera: 'X-Api-Key' },
  });
});
afterAll(() => t.close());

describe('POST /terceros/:id/sms', () => {
  it('queues an SMS to a client who authorised their data, named by the company, kept in their history', async () => {
    const r = await as(t.app, asesor1).post(`/api/terceros/${conAut}/sms`, { texto: 'su visita es mañana a las 9' });
    expect(r.statusCode, r.body).toBe(200);
    const m = r.json().data as SmsEncolado;
    expect(m).toMatchObject({
      para: '+573105551234',
      texto: 'Inmobiliaria Demo S.A.S.: su visita es mañana a las 9',
      segmentos: 1,
    });
    const [fila] = await t.db.tenant(1, (tx) =>
      queryRows<{ a_cliente: boolean; entidad: string; origen: string }>(
        tx,
        sql`select a_cliente, entidad, origen from mensaje_salida where id = ${m.id}`,
      ),
    );
    expect(fila).toEqual({ a_cliente: true, entidad: 'tercero', origen: 'tercero' });
    const h = (await as(t.app, asesor1).get(`/api/terceros/${conAut}/mensajes`)).json().data as MensajeDeRegistro[];
    expect(h.map((x) => [x.canal, x.para, x.estado])).toEqual([['sms', '+573105551234', 'en_cola']]);
  });

  it('refuses a tercero without data authorisation, or without a mobile, naming why', async () => {
    const r = await as(t.app, admin1).post(`/api/terceros/${sinAut}/sms`, { texto: 'hola' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(
      'Bruno Sin Autorización no autorizó el tratamiento de sus datos (Ley 1581 de 2012): no se le pueden enviar mensajes.',
    );
    const c = await as(t.app, admin1).post(`/api/terceros/${sinCelular}/sms`, { texto: 'hola' });
    expect(c.json().message).toBe('celular: Carla Sin Celular no tiene celular registrado');
    const vacio = await as(t.app, admin1).post(`/api/terceros/${conAut}/sms`, {});
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().message).toContain('texto');
  });

  it('checks the permission (Terceros) and the company', async () => {
    expect((await as(t.app, sinTerceros).post(`/api/terceros/${conAut}/sms`, { texto: 'hola' })).statusCode).toBe(403);
    expect((await as(t.app, admin2).post(`/api/terceros/${conAut}/sms`, { texto: 'hola' })).statusCode).toBe(404);
    expect((await as(t.app, admin2).get(`/api/terceros/${conAut}/mensajes`)).json().data).toEqual([]);
  });
});
