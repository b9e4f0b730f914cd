import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { editLock } from '../../db/schema/plataforma.ts';

/** Releases every edit lock this user holds (logout, spec §4). */
export async function liberarTodos(tx: Tx, idUsuario: number): Promise<number> {
  const r = await tx.delete(editLock).where(eq(editLock.idUsuario, idUsuario)).returning({ clave: editLock.clave });
  return r.length;
}
