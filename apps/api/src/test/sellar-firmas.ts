import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { sellarFirmado } from '../modules/firmas/firmas.service.ts';
import { cifradorDe } from '../platform/mensajes/cifrado.ts';
import { inTenant } from '../platform/tenant.ts';
import { as, type TestApp } from './harness.ts';
import { asuntoDelMensaje, type SmtpSink } from './smtp-sink.ts';

/**
 * Runs the seal job's work (firmas.sellar) for every document of the company that everyone signed and
 * is not sealed yet, and nothing else: a test that wants to see what other jobs queue runs them itself.
 */
export async function sellarFirmas(t: TestApp, idEmpresa = 1): Promise<number> {
  const ids = await t.db.tenant(idEmpresa, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`select id from firma_documento where estado = 'firmado' and clave_firmado is null order by id`,
    ),
  );
  for (const { id } of ids)
    await inTenant(t.db, idEmpresa, (scope) =>
      sellarFirmado({
        ...scope,
        hub: t.deps.hub,
        mailer: t.deps.mailer,
        storage: t.deps.storage,
        cifrador: cifradorDe(t.deps.config),
        idEmpresa,
        id,
      }),
    );
  return ids.length;
}

/** A 1×1 PNG: the smallest drawn signature the public signing page accepts. */
export const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Signs as the holder of a signing link would: asks for the one-time code, reads it from the e-mail the
 * SMTP sink received, verifies it, opens the PDF and signs with a drawn signature.
 */
export async function firmarPorEnlace(t: TestApp, sink: SmtpSink, token: string): Promise<void> {
  const p = as(t.app, null);
  const a = sink.recibidos.length;
  expect((await p.post(`/api/firmar/${token}/codigo`)).statusCode).toBe(200);
  await t.deps.mailer.idle();
  t.deps.mailer.despertar();
  const r = await sink.esperar(a + 1);
  const codigo = /(\d{6})/.exec(asuntoDelMensaje(r.at(-1)!.data))![1]!;
  expect((await p.post(`/api/firmar/${token}/verificar`, { codigo })).statusCode).toBe(200);
  expect((await p.get(`/api/firmar/${token}/pdf`)).statusCode).toBe(200);
  const f = await p.post(`/api/firmar/${token}/firmar`, {
    tipo: 'dibujada',
    imagen: `data:image/png;base64,${PNG_1x1}`,
    texto: '',
    acepto: true,
  });
  expect(f.statusCode, f.body).toBe(200);
}
