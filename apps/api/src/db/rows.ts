import type { SQL } from 'drizzle-orm';
import type { Tx } from './client.ts';

/** Raw SQL returning typed rows; both drivers answer with { rows }. */
export async function queryRows<T>(tx: Tx, q: SQL): Promise<T[]> {
  const r = (await tx.execute(q)) as unknown as { rows: T[] };
  return r.rows;
}
