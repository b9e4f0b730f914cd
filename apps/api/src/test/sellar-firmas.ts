import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import { sellarFirmado } from '../modules/firmas/firmas.service.ts';
import { cifradorDe } from '../platform/mensajes/cifrado.ts';
import { enTenant } from '../platform/tenant.ts';
import type { TestApp } from './harness.ts';

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
    await enTenant(t.db, idEmpresa, (scope) =>
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
