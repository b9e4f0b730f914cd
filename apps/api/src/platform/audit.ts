import type { Tx } from '../db/client.ts';
import { auditoria } from '../db/schema/plataforma.ts';

export type Cambios = Record<string, { antes: unknown; despues: unknown }>;

/** Writes an audit row in the caller's transaction, so it commits or rolls back with the change. */
export async function registrarAuditoria(
  tx: Tx,
  e: {
    idUsuario: number | null;
    usuario: string;
    accion: string;
    entidad: string;
    entidadId?: string;
    cambios?: Cambios | Record<string, unknown>;
    ip?: string;
  },
): Promise<void> {
  await tx.insert(auditoria).values({
    idUsuario: e.idUsuario,
    usuario: e.usuario,
    accion: e.accion,
    entidad: e.entidad,
    entidadId: e.entidadId ?? null,
    cambios: e.cambios ?? null,
    ip: e.ip ?? '',
  });
}
