import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Vacante } from '@predio/contract/pagina-web-banco';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, type TestApp, ok } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje, type Recibido } from '../../test/smtp-sink.ts';

// Banco de trabajo (issue 32): an application that arrives e-mails the applicant an acknowledgement and
// tells the staff who review vacancies (idm 202), through the outbox and a real SMTP exchange.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let pdf: Buffer;
let ipN = 0;

const enDias = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const postular = (idVacante: number, campos: Record<string, string>, data = pdf) => {
  const m = multipart({ field: 'cv', filename: 'cv.pdf', contentType: 'application/pdf', data }, campos);
  return t.app.inject({
    method: 'POST',
    url: `/api/publico/1/vacantes/${idVacante}/postulaciones`,
    payload: m.payload,
    headers: m.headers,
    remoteAddress: `10.41.0.${++ipN}`,
  });
};
const persona = (email: string) => ({
  nombre: 'Julián Postulante',
  email,
  telefono: '300 555 1234',
  mensaje: '<b>hola</b> escriba a spam.example',
  autoriza_datos: 'true',
});
async function mensajes(para: string, asunto: string): Promise<Recibido[]> {
  await t.deps.mailer.idle();
  const hasta = Date.now() + 5000;
  for (;;) {
    const ms = sink.recibidos.filter(
      (r) => r.to.some((x) => x.toLowerCase() === para.toLowerCase()) && asuntoDelMensaje(r.data).includes(asunto),
    );
    if (ms.length || Date.now() > hasta) return ms;
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start(), publicUrl: 'https://predio.example' });
  admin1 = await login(t.app, DEMO.admin1);
  // A reviewer of vacancies and a user who may not see them, each with an e-mail on their tercero.
  await crearUsuario(t.db, 1, { usuario: 'revisora202', nroId: '80291', permisos: '202' });
  await crearUsuario(t.db, 1, { usuario: 'sinbanco', nroId: '80292', permisos: '10535' });
  await t.db.tenant(1, (tx) =>
    tx.execute(sql`update terceros set email = case nro_id when '80291' then 'revisora@agencia.example'
                                                          else 'otra@agencia.example' end
                   where nro_id in ('80291', '80292')`),
  );
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  pdf = Buffer.from(await doc.save());
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('banco de trabajo: e-mails when an application arrives', () => {
  it('acknowledges to the applicant and tells who reviews vacancies, once an hour per inbox', async () => {
    const v = ok<Vacante>(
      await as(t.app, admin1).post('/api/paginaweb/banco-de-trabajo/vacantes', {
        titulo: 'Auxiliar de arriendos',
        descripcion: '<p>Apoyo al área</p>',
        area: 'Arriendos',
        fecha_cierre: enDias(20),
        estado: 'publicada',
      }),
    );
    ok(await postular(v.id, persona('Julian.Postula@example.com')));

    const [acuse] = await mensajes('julian.postula@example.com', 'Recibimos su postulación a «Auxiliar de arriendos»');
    expect(acuse, 'the applicant got the acknowledgement').toBeDefined();
    const texto = textoDelMensaje(acuse!.data);
    expect(texto).toContain('Recibimos su postulación a la vacante «Auxiliar de arriendos»');
    // Nothing the visitor typed goes back out (not the message, not the name).
    expect(texto).not.toContain('spam.example');
    expect(texto).not.toContain('Julián');

    const [aviso] = await mensajes('revisora@agencia.example', 'Nueva postulación a «Auxiliar de arriendos»');
    expect(aviso, 'the reviewer got the notice').toBeDefined();
    expect(textoDelMensaje(aviso!.data)).toContain('Julián Postulante se postuló desde el sitio web');
    expect(await mensajes('otra@agencia.example', 'Nueva postulación')).toEqual([]);
    const [n] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from notificacion where tipo_carta = 801 and titulo = 'Nueva postulación a «Auxiliar de arriendos»'`,
      ),
    );
    expect(n!.n).toBeGreaterThanOrEqual(1);

    // The same inbox applying again within the hour: kept and told to staff, but not acknowledged twice.
    ok(await postular(v.id, persona('julian.postula+otra@example.com')));
    await t.deps.mailer.idle();
    const acuses = sink.recibidos.filter((r) => asuntoDelMensaje(r.data).startsWith('Recibimos su postulación'));
    expect(acuses).toHaveLength(1);
    const avisos = sink.recibidos.filter(
      (r) => r.to.includes('revisora@agencia.example') && asuntoDelMensaje(r.data).startsWith('Nueva postulación'),
    );
    expect(avisos).toHaveLength(2);
  });

  it('sends nothing for a refused application or a robot', async () => {
    const v = ok<Vacante>(
      await as(t.app, admin1).post('/api/paginaweb/banco-de-trabajo/vacantes', {
        titulo: 'Contador',
        descripcion: '',
        area: 'Contabilidad',
        fecha_cierre: enDias(20),
        estado: 'publicada',
      }),
    );
    const antes = sink.recibidos.length;
    expect((await postular(v.id, { ...persona('sin.consentimiento@example.com'), autoriza_datos: '' })).statusCode).toBe(400);
    expect((await postular(v.id, persona('texto@example.com'), Buffer.from('no soy un pdf'))).statusCode).toBe(415);
    ok(await postular(v.id, { ...persona('robot@example.com'), sitio: 'http://spam.example' }));
    await t.deps.mailer.idle();
    expect(sink.recibidos.slice(antes)).toEqual([]);
  });
});
