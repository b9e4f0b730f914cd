import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { terceros } from '../../db/schema/terceros.ts';

export async function porNroId(tx: Tx, nroId: string) {
  const r = await tx.select().from(terceros).where(eq(terceros.nro_id, nroId)).limit(1);
  return r[0] ?? null;
}

export async function cambiarFoto(tx: Tx, nroId: string, foto: string, usuario: string) {
  const r = await tx
    .update(terceros)
    .set({ foto, usuario_Modifico: usuario, fecha_Modificacion: new Date(), modificado: true })
    .where(eq(terceros.nro_id, nroId))
    .returning({ id: terceros.id });
  return r.length > 0;
}
