import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';
import { SmtpSink } from '../../test/smtp-sink.ts';
import { Mailer } from '../mail/mailer.ts';
import { inTenant } from '../tenant.ts';
import { notificar } from './notificar.ts';

// Without SMTP_URL this process sends nothing: its e-mail waits in the outbox, as if it had died.
let t: TestApp;
let idAdmin: number;
const sink = new SmtpSink();
beforeAll(async () => {
  t = await createTestApp();
  idAdmin = tokenClaims(await login(t.app, DEMO.admin1)).idUsuario;
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const filas = () =>
  t.db.tenant(1, async (tx) => ({
    avisos: await queryRows<{ titulo: string }>(tx, sql`select titulo from notificacion order by id`),
    correos: await queryRows<{ asunto: string; estado: string }>(tx, sql`select asunto, estado from correo_salida order by id`),
  }));

// Type 101 (cita asignada) goes in-app and by e-mail by default.
const avisar = (titulo: string, fallar = false) =>
  inTenant(t.db, 1, async (scope) => {
    await notificar(
      { ...scope, hub: t.deps.hub, mailer: t.deps.mailer },
      { idEmpresa: 1, idUsuario: idAdmin, tipoCarta: 101, titulo, cuerpo: 'Visita a las 3 p. m.', enlace: null },
    );
    if (fallar) throw new Error('la cita no se guardó');
  });

describe('notificar', () => {
  it("writes the notice and its e-mail in the caller's transaction: a rollback leaves neither", async () => {
    await expect(avisar('Cita que no existió', true)).rejects.toThrow('la cita no se guardó');
    expect(await filas()).toEqual({ avisos: [], correos: [] });
    await avisar('Nueva cita asignada');
    expect(await filas()).toEqual({
      avisos: [{ titulo: 'Nueva cita asignada' }],
      correos: [{ asunto: 'Nueva cita asignada', estado: 'pendiente' }],
    });
  });

  it('an e-mail committed by a process that then died is sent by the mailer of another process', async () => {
    const otro = new Mailer(t.db, await sink.start());
    expect(await otro.enviarPendientes()).toBe(1);
    const [m] = await sink.esperar(1);
    expect(m?.data).toContain('Subject: Nueva cita asignada');
    expect((await filas()).correos).toEqual([{ asunto: 'Nueva cita asignada', estado: 'enviado' }]);
  });
});
