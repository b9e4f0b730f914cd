import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ical from 'node-ical';
import type { Cita, InvitacionCita } from '@predio/contract/agenda';
import { queryRows } from '../../db/rows.ts';
import { terceros } from '../../db/schema/terceros.ts';
import { as, createTestApp, crearUsuario, DEMO, login, tokenClaims, type TestApp, ok } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';

/** Issue 25: the cita e-mailed to its participants with an .ics, through a real SMTP exchange. */
const sink = new SmtpSink();
let t: TestApp;
let admin1: string;
let admin2: string;
let sin489: string;
let conCorreo: number;
let sinCorreo: number;

const fallo = (r: { statusCode: number; body: string; json: () => unknown }, status: number) => {
  expect(r.statusCode, r.body).toBe(status);
  return (r.json() as { message: string }).message;
};

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  [admin1, admin2] = await Promise.all([login(t.app, DEMO.admin1), login(t.app, DEMO.admin2)]);
  await crearUsuario(t.db, 1, { usuario: 'invita490', nroId: '80490', permisos: '490' });
  sin489 = await login(t.app, { idEmpresa: 1, usuario: 'invita490', clave: 'demo1234' });
  const ids = await t.db.tenant(1, async (tx) =>
    (
      await tx
        .insert(terceros)
        .values([
          { nro_id: '63001', nombre: 'Mariana Ortiz Vélez', email: 'mariana@example.com', celular: '3005550101' },
          { nro_id: '63002', nombre: 'Jorge Ruiz', celular: '3005550102' },
        ])
        .returning({ id: terceros.id })
    ).map((f) => f.id),
  );
  [conCorreo, sinCorreo] = [ids[0]!, ids[1]!];
});

afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

const nuevaCita = async (participantes: number[]) =>
  ok<Cita>(
    await as(t.app, admin1).post('/api/citas', {
      titulo: 'Visita apartamento Laureles',
      inicio: '2027-03-02T10:00:00-05:00',
      fin: '2027-03-02T11:00:00-05:00',
      asesores: [tokenClaims(admin1).idUsuario],
      participantes,
      lugar: 'Carrera 76 # 35-20, Medellín',
      confirmar: true,
    }),
  );

describe('invitar a los participantes', () => {
  it('e-mails the cita with an .ics to those with an e-mail, names those without, and audits it', async () => {
    const c = await nuevaCita([conCorreo, sinCorreo]);
    const r = ok<InvitacionCita>(
      await as(t.app, admin1).post(`/api/citas/${c.id}/invitar`, { mensaje: 'La esperamos en la portería.' }),
    );
    expect(r).toEqual({ enviados: ['Mariana Ortiz Vélez'], sin_correo: ['Jorge Ruiz'] });

    await t.deps.mailer.idle();
    const [m] = await sink.esperar(1);
    expect(m!.to).toEqual(['mariana@example.com']);
    expect(asuntoDelMensaje(m!.data)).toContain('Cita: Visita apartamento Laureles');
    const texto = textoDelMensaje(m!.data.split(/\r\n--/).find((p) => /content-type: text\/plain/i.test(p))!);
    expect(texto).toContain('La esperamos en la portería.');
    expect(texto).toContain('Dónde: Carrera 76 # 35-20, Medellín');
    // The attachment is a calendar an independent parser reads back: the same event, in Bogotá time.
    const parte = m!.data.split(/\r\n--/).find((p) => /filename="?cita\.ics/i.test(p))!;
    const [cabeceras, ...cuerpo] = parte.split(/\r\n\r\n/);
    const crudo = cuerpo.join('\r\n\r\n').replace(/\r\n/g, '');
    const ics = /base64/i.test(cabeceras!) ? Buffer.from(crudo, 'base64').toString('utf8') : cuerpo.join('\r\n\r\n');
    const eventos = Object.values(ical.sync.parseICS(ics)).filter((e) => e.type === 'VEVENT');
    expect(eventos).toHaveLength(1);
    const e = eventos[0] as ical.VEvent;
    expect(e.summary).toBe('Visita apartamento Laureles');
    expect(e.location).toBe('Carrera 76 # 35-20, Medellín');
    expect(new Date(e.start).toISOString()).toBe('2027-03-02T15:00:00.000Z');

    const [auditoria] = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string; cambios: unknown }>(
        tx,
        sql`select accion, cambios from auditoria where entidad = 'citas' and entidad_id = ${String(c.id)} and accion = 'enviar'`,
      ),
    );
    expect(auditoria).toMatchObject({ accion: 'enviar', cambios: { enviada_a: { despues: 'mariana@example.com' } } });
  });

  it('refuses a cita without participants or e-mails, a cancelled one, another company and a user without 489', async () => {
    const sola = await nuevaCita([]);
    expect(fallo(await as(t.app, admin1).post(`/api/citas/${sola.id}/invitar`, {}), 400)).toContain('no tiene participantes');
    const sinMail = await nuevaCita([sinCorreo]);
    expect(fallo(await as(t.app, admin1).post(`/api/citas/${sinMail.id}/invitar`, {}), 400)).toContain(
      'Ningún participante tiene correo: Jorge Ruiz',
    );
    const c = await nuevaCita([conCorreo]);
    expect(fallo(await as(t.app, admin1).post(`/api/citas/${c.id}/invitar`, { mensaje: 'x'.repeat(1001) }), 400)).toContain(
      'Mensaje',
    );
    fallo(await as(t.app, admin2).post(`/api/citas/${c.id}/invitar`, {}), 404);
    fallo(await as(t.app, sin489).post(`/api/citas/${c.id}/invitar`, {}), 403);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/citas/${c.id}`,
      headers: { authorization: `Bearer ${admin1}` },
      payload: { estado: 'cancelada' },
    });
    expect(fallo(await as(t.app, admin1).post(`/api/citas/${c.id}/invitar`, {}), 400)).toContain('cancelada');
  });
});
