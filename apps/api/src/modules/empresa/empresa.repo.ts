import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { configuracion, empresa } from '../../db/schema/empresa.ts';
import { usuarios } from '../../db/schema/usuarios.ts';

export async function actual(tx: Tx) {
  const r = await tx.select().from(empresa).limit(1);
  return r[0] ?? null;
}

export async function usuariosActivos(tx: Tx): Promise<number> {
  const r = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(eq(usuarios.activo, true));
  return r[0]?.n ?? 0;
}

export async function configuracionActual(tx: Tx) {
  const r = await tx.select().from(configuracion).limit(1);
  return r[0] ?? null;
}
