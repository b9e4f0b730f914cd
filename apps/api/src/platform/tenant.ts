import type { Database, TxOptions, Tx } from '../db/client.ts';
import { seguir } from './tras-confirmar.ts';

/**
 * A tenant transaction plus work to do only once it has committed (live pushes, e-mail kicks, deleting
 * files). Work that returns a promise is kept track of (platform/tras-confirmar.ts).
 */
export type Scope = { tx: Tx; onCommit: (fn: () => void) => void };

export async function inTenant<T>(
  db: Database,
  idEmpresa: number,
  fn: (s: Scope) => Promise<T>,
  opciones?: TxOptions,
): Promise<T> {
  const pendientes: (() => void)[] = [];
  const result = await db.tenant(idEmpresa, (tx) => fn({ tx, onCommit: (f) => pendientes.push(f) }), opciones);
  for (const f of pendientes) {
    const r: unknown = f();
    if (r instanceof Promise) seguir(r);
  }
  return result;
}
