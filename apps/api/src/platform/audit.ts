import type { Tx } from '../db/client.ts';
import { auditoria } from '../db/schema/plataforma.ts';

export type Cambios = Record<string, { antes: unknown; despues: unknown }>;

export type EntradaAuditoria = {
  idUsuario: number | null;
  usuario: string;
  accion: string;
  entidad: string;
  entidadId?: string;
  cambios?: Cambios | Record<string, unknown>;
  ip?: string;
};

/** Writes an audit row in the caller's transaction, so it commits or rolls back with the change. */
export async function registrarAuditoria(tx: Tx, e: EntradaAuditoria): Promise<void> {
  await registrarAuditorias(tx, [e]);
}

/**
 * Many audit rows (bulk imports), 250 per statement: building a statement of a thousand held the thread
 * some 80 ms, while other requests waited.
 */
export async function registrarAuditorias(tx: Tx, entradas: EntradaAuditoria[]): Promise<void> {
  for (let i = 0; i < entradas.length; i += 250) {
    await tx.insert(auditoria).values(
      entradas.slice(i, i + 250).map((e) => ({
        idUsuario: e.idUsuario,
        usuario: e.usuario,
        accion: e.accion,
        entidad: e.entidad,
        entidadId: e.entidadId ?? null,
        cambios: e.cambios ?? null,
        ip: e.ip ?? '',
      })),
    );
  }
}
