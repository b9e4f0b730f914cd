import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Formulario } from '@predio/contract/pagina-web-formularios';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, type TestApp, ok } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';

// Página web > Formularios (issue 32): a visitor who leaves an e-mail gets the same confirmation as the
// site's contact form (the solicitud's number), over real SMTP, when Compañía keeps it on.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let ipN = 0;

const enviar = (id: number, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/publico/1/formularios/${id}`,
    payload: { nombre: 'Rosa Visitante', respuestas: { c1: email, c2: 'Quiero arrendar' }, autoriza_datos: true },
    remoteAddress: `10.42.0.${++ipN}`,
  });
const recibidos = async (para: string) => {
  await t.deps.mailer.idle();
  return sink.recibidos.filter((r) => r.to.some((x) => x.toLowerCase() === para));
};

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  admin1 = await login(t.app, DEMO.admin1);
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('formularios: confirmation e-mail to the visitor', () => {
  it('confirms with the solicitud’s number, notes it in its history, and honours the switch in Compañía', async () => {
    const f = ok<Formulario>(
      await as(t.app, admin1).post('/api/paginaweb/formularios', {
        nombre: 'Busco arriendo',
        tipo_solicitud: 'arrendar',
        campos: [
          { etiqueta: 'Correo', tipo: 'correo', obligatorio: true },
          { etiqueta: 'Qué busca', tipo: 'parrafo' },
        ],
      }),
    );
    const { numero } = ok<{ numero: number }>(await enviar(f.id, 'rosa.visita@example.com'));
    const [m] = await recibidos('rosa.visita@example.com');
    expect(m, 'the confirmation reached the SMTP server').toBeDefined();
    expect(asuntoDelMensaje(m!.data)).toMatch(new RegExp(`^Recibimos su solicitud N\\.º ${numero} · `));
    expect(textoDelMensaje(m!.data)).toContain(`Recibimos su solicitud N.º ${numero}`);
    // What the visitor typed is not sent back.
    expect(textoDelMensaje(m!.data)).not.toContain('Quiero arrendar');
    const [nota] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from solicitud_historial h join solicitud s on s.id = h.id_solicitud
            where s.numero = ${numero} and h.nota like 'Se envió al solicitante la confirmación%'`,
      ),
    );
    expect(nota!.n).toBe(1);

    // Turned off in Compañía: the submission is kept, nothing is e-mailed.
    await t.db.system((tx) => tx.execute(sql`update empresa set confirmar_formulario_web = false where id_empresa = 1`));
    ok(await enviar(f.id, 'sin.confirmacion@example.com'));
    expect(await recibidos('sin.confirmacion@example.com')).toEqual([]);
    await t.db.system((tx) => tx.execute(sql`update empresa set confirmar_formulario_web = true where id_empresa = 1`));
  });
});
