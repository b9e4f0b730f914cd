import type { Database, Tx } from '../db/client.ts';

/** A tenant transaction plus work to do only once it has committed (live pushes, e-mail kicks). */
export type Scope = { tx: Tx; alConfirmar: (fn: () => void) => void };

export async function enTenant<T>(db: Database, idEmpresa: number, fn: (s: Scope) => Promise<T>): Promise<T> {
  const pendientes: (() => void)[] = [];
  const result = await db.tenant(idEmpresa, (tx) => fn({ tx, alConfirmar: (f) => pendientes.push(f) }));
  for (const f of pendientes) f();
  return result;
}
