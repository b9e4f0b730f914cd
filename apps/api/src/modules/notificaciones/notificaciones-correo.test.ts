import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { SmtpSink } from '../../test/smtp-sink.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import { inTenant } from '../../platform/tenant.ts';

let t: TestApp;
const sink = new SmtpSink();

beforeAll(async () => {
  const smtpUrl = await sink.start();
  t = await createTestApp({ smtpUrl });
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

type Fila = { para: string; asunto: string; estado: string; intentos: number; ultimo_error: string | null };
const outbox = () =>
  t.db.tenant(1, (tx) =>
    queryRows<Fila>(tx, sql`select para, asunto, estado, intentos, ultimo_error from correo_salida order by id`),
  );

async function notificarAdmin(tipoCarta: number, titulo: string) {
  const token = await login(t.app, DEMO.admin1);
  const idUsuario = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).idUsuario as number;
  await inTenant(t.db, 1, (scope) =>
    notificar(
      { ...scope, hub: t.deps.hub, mailer: t.deps.mailer },
      { idEmpresa: 1, idUsuario, tipoCarta, titulo, cuerpo: 'Cuerpo del aviso', enlace: null },
    ),
  );
  return token;
}

describe('e-mail channel of notifications through SMTP', () => {
  it('a type whose e-mail switch is on is sent over SMTP to the person’s corporate address', async () => {
    await notificarAdmin(101, 'Nueva cita asignada: visita apartamento 301');
    await t.deps.mailer.idle();
    const [m] = await sink.esperar(1);
    expect(m?.to).toEqual(['carlos.restrepo@inmobiliariademo.com.co']);
    expect(m?.from).toBe('contacto@inmobiliariademo.com.co');
    expect(m?.data).toContain('Subject: Nueva cita asignada: visita apartamento 301');
    expect(m?.data).toContain('Cuerpo del aviso');
    const filas = await outbox();
    expect(filas.at(-1)).toMatchObject({ estado: 'enviado', intentos: 1 });
  });

  it('a type whose e-mail switch is off queues nothing', async () => {
    const antes = (await outbox()).length;
    await notificarAdmin(102, 'Recordatorio');
    expect((await outbox()).length).toBe(antes);
  });

  it('turning the switch on in Mis notificaciones makes that type go by e-mail', async () => {
    const token = await login(t.app, DEMO.admin1);
    const c = as(t.app, token);
    const modulos = (await c.get('/api/notificaciones/Consultar_config')).json().data as {
      label: string;
      notificaciones: { tipo_Carta: number; email: boolean }[];
    }[];
    const cambiados = modulos.map((m) => ({
      ...m,
      notificaciones: m.notificaciones.map((n) => (n.tipo_Carta === 102 ? { ...n, email: true } : n)),
    }));
    expect((await c.post('/api/notificaciones/Grabar_config', cambiados)).json().exito).toBe(true);
    const n = sink.recibidos.length;
    await notificarAdmin(102, 'Recordatorio de cita');
    const recibidos = await sink.esperar(n + 1);
    expect(recibidos.at(-1)?.data).toContain('Subject: Recordatorio de cita');
  });

  it('a refusing SMTP server leaves the message pending with the error and a later retry', async () => {
    sink.fallar = true;
    await notificarAdmin(101, 'Aviso que el servidor rechaza');
    // the commit woke the mailer; wait for that round
    await t.deps.mailer.idle();
    const ultimo = (await outbox()).at(-1)!;
    expect(ultimo.estado).toBe('pendiente');
    expect(ultimo.intentos).toBe(1);
    expect(ultimo.ultimo_error).toMatch(/451/);
    sink.fallar = false;
    // due again only after the backoff: nothing is sent right now
    expect(await t.deps.mailer.enviarPendientes()).toBe(0);
    await t.db.system((tx) => tx.execute(sql`update correo_salida set proximo_intento = now() where estado = 'pendiente'`));
    expect(await t.deps.mailer.enviarPendientes()).toBe(1);
    expect((await outbox()).at(-1)?.estado).toBe('enviado');
  });

  it('a message left in enviando by a process that died is sent once its lease expires', async () => {
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`insert into correo_salida (para, asunto, texto, estado, intentos, proximo_intento)
                     values ('laura.ospina@inmobiliariademo.com.co', 'Huérfano', 'x', 'enviando', 1, now() - interval '1 minute')`),
    );
    const n = sink.recibidos.length;
    expect(await t.deps.mailer.enviarPendientes()).toBe(1);
    expect((await sink.esperar(n + 1)).at(-1)?.data).toContain('Subject: =?UTF-8?Q?Hu=C3=A9rfano?=');
  });

  it('the outbox is per company: company 2 sees none of company 1’s mail', async () => {
    const otra = await t.db.tenant(2, (tx) => queryRows<Fila>(tx, sql`select para from correo_salida`));
    expect(otra).toEqual([]);
  });
});
