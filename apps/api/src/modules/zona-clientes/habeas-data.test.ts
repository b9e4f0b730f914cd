import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, type TestApp, ok } from '../../test/harness.ts';
import { SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';
import { venceEl } from './habeas-data.service.ts';

// Habeas data (Ley 1581 de 2012): a client asks about their personal data in the portal; staff see the
// legal deadline and answer; the client reads the answer there and by e-mail.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let admin2: string;
let asesor1: string;
let ana: string;
let beto: string;

async function cliente(nombre: string, nro: string, email: string, autorizar: boolean): Promise<string> {
  const idTercero = await t.db.tenant(
    1,
    async (tx) =>
      (
        await queryRows<{ id: number }>(tx, sql`insert into terceros (nro_id, nombre) values (${nro}, ${nombre}) returning id`)
      )[0]!.id,
  );
  const antes = sink.recibidos.length;
  ok(await as(t.app, admin1).post('/api/zona-clientes/invitaciones', { id_tercero: idTercero, email }));
  await t.deps.mailer.idle();
  t.deps.mailer.despertar();
  const m = (await sink.esperar(antes + 1)).filter((r) => r.to.includes(email)).at(-1)!;
  const secreto = /activar#t=([A-Za-z0-9_-]+)/.exec(textoDelMensaje(m.data))![1]!;
  const token = (await as(t.app, null).post('/api/portal/1/activar', { token: secreto, clave: 'Clave-portal-2026' })).json()
    .token as string;
  if (autorizar) ok(await as(t.app, token).post('/api/portal/autorizacion', { acepto: true }));
  return token;
}

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  t.deps.mailer.start(60_000);
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  asesor1 = await login(t.app, DEMO.asesor1);
  ok(
    await t.app.inject({
      method: 'PUT',
      url: '/api/zona-clientes/config',
      payload: { activo: true, titulo: 'Zona clientes', bienvenida: '', politica: 'Política (Ley 1581 de 2012).' },
      headers: { authorization: `Bearer ${admin1}` },
    }),
  );
  ana = await cliente('Ana Habeas Ruiz', '52100100', 'ana.hd@correo.co', true);
  // Beto has not accepted the policy: he may still ask about his data (revoke, above all).
  beto = await cliente('Beto Habeas Gil', '52200200', 'beto.hd@correo.co', false);
}, 90_000);
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

type Hd = { id: number; tipo: string; estado: string; vence_el: string; respuesta: string | null };
type HdStaff = Hd & { cliente: string; email: string; respondido_por: string | null };

describe('the legal deadline', () => {
  it('counts 10 business days for a consulta and 15 for a reclamo, skipping weekends and holidays', () => {
    // Friday 2026-12-04: the 8th is a holiday (Inmaculada Concepción), the 25th too (Navidad).
    expect(venceEl('consulta', '2026-12-04')).toBe('2026-12-21');
    expect(venceEl('supresion', '2026-12-04')).toBe('2026-12-29');
    expect(venceEl('actualizacion', '2026-12-04')).toBe(venceEl('revocatoria', '2026-12-04'));
  });
});

describe('habeas-data requests', () => {
  let idAna: number;

  it('refuses bad input naming the field, and a staff token', async () => {
    const r1 = await as(t.app, ana).post('/api/portal/habeas-data', { tipo: 'otra', descripcion: 'x' });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toContain('Tipo de solicitud');
    const r2 = await as(t.app, ana).post('/api/portal/habeas-data', { tipo: 'consulta', descripcion: '   ' });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toContain('Descripción');
    expect((await as(t.app, admin1).post('/api/portal/habeas-data', { tipo: 'consulta', descripcion: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('a client files one with its deadline, even before accepting the policy; staff are told and it is audited', async () => {
    const lista = ok<Hd[]>(
      await as(t.app, ana).post('/api/portal/habeas-data', {
        tipo: 'consulta',
        descripcion: 'Quiero saber qué datos míos tienen y con quién los comparten',
      }),
    );
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({ tipo: 'consulta', estado: 'recibida', respuesta: null, vence_el: venceEl('consulta') });
    idAna = lista[0]!.id;
    ok(await as(t.app, beto).post('/api/portal/habeas-data', { tipo: 'revocatoria', descripcion: 'Revoco la autorización' }));
    // Each client sees only their own.
    expect(ok<Hd[]>(await as(t.app, beto).get('/api/portal/habeas-data')).map((h) => h.tipo)).toEqual(['revocatoria']);
    expect(ok<Hd[]>(await as(t.app, ana).get('/api/portal/habeas-data')).map((h) => h.id)).toEqual([idAna]);
    const avisos = ok<{ items: { titulo: string }[] }>(await as(t.app, admin1).get('/api/notificaciones'));
    expect(avisos.items.some((n) => n.titulo === 'Solicitud de datos personales: consultar mis datos')).toBe(true);
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from auditoria where entidad = 'solicitud_habeas_data' and accion = 'crear'`,
      ),
    );
    expect(aud!.n).toBe(2);
  });

  it('staff list them with the deadline; 403 without the idm; another company sees none', async () => {
    const lista = ok<HdStaff[]>(await as(t.app, admin1).get('/api/zona-clientes/habeas-data'));
    expect(lista.map((h) => [h.cliente, h.tipo, h.estado])).toEqual(
      expect.arrayContaining([
        ['Ana Habeas Ruiz', 'consulta', 'recibida'],
        ['Beto Habeas Gil', 'revocatoria', 'recibida'],
      ]),
    );
    // The nearest deadline first: the consulta (10 days) before the revocatoria (15).
    expect(lista[0]!.tipo).toBe('consulta');
    expect((await as(t.app, asesor1).get('/api/zona-clientes/habeas-data')).statusCode).toBe(403);
    expect(ok<HdStaff[]>(await as(t.app, admin2).get('/api/zona-clientes/habeas-data'))).toEqual([]);
  });

  it('staff answer once: the client reads it in the portal and by e-mail; audited', async () => {
    const url = `/api/zona-clientes/habeas-data/${idAna}/respuesta`;
    const mal = await as(t.app, admin1).post(url, { respuesta: ' ' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('Respuesta');
    expect((await as(t.app, asesor1).post(url, { respuesta: 'x' })).statusCode).toBe(403);
    expect((await as(t.app, admin2).post(url, { respuesta: 'x' })).statusCode).toBe(404);
    expect((await as(t.app, admin1).post('/api/zona-clientes/habeas-data/999999/respuesta', { respuesta: 'x' })).statusCode).toBe(
      404,
    );
    const RESP = 'Tenemos su nombre, cédula, correo y el contrato de arrendamiento; no los compartimos con terceros.';
    const h = ok<HdStaff>(await as(t.app, admin1).post(url, { respuesta: RESP }));
    expect(h).toMatchObject({ estado: 'respondida', respuesta: RESP, respondido_por: 'admin' });
    expect((await as(t.app, admin1).post(url, { respuesta: 'otra' })).statusCode).toBe(409);
    const suya = ok<Hd[]>(await as(t.app, ana).get('/api/portal/habeas-data'));
    expect(suya[0]).toMatchObject({ estado: 'respondida', respuesta: RESP });
    // Beto's is still unanswered, and he does not see Ana's answer.
    expect(JSON.stringify(ok<Hd[]>(await as(t.app, beto).get('/api/portal/habeas-data')))).not.toContain('cédula');
    await t.deps.mailer.idle();
    t.deps.mailer.despertar();
    await t.deps.mailer.idle();
    const correo = sink.recibidos.filter((r) => r.to.includes('ana.hd@correo.co')).map((r) => textoDelMensaje(r.data));
    expect(correo.some((c) => c.includes(RESP) && c.includes('Consultar mis datos'))).toBe(true);
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ usuario: string }>(
        tx,
        sql`select usuario from auditoria where entidad = 'solicitud_habeas_data' and accion = 'responder'`,
      ),
    );
    expect(aud!.usuario).toBe('admin');
  });
});
