import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditorias } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';

export type RolTercero = 'propietario' | 'arrendatario';

/**
 * Gives these terceros a role they did not have yet (owning a property, converting a lead) and audits each
 * change on the tercero, with where it came from. Returns the ids newly marked, in order.
 */
export async function marcarRol(
  tx: Tx,
  o: { ids: number[]; rol: RolTercero; origen: string; user: Pick<Principal, 'idUsuario' | 'usuario'>; ip: string },
): Promise<number[]> {
  if (o.ids.length === 0) return [];
  const filas = await queryRows<{ id: number }>(
    tx,
    sql`update terceros set ${sql.raw(o.rol)} = true, usuario_modifico = ${o.user.usuario}, fecha_modificacion = now(),
        version = version + 1
        where id = any(${sql.param(o.ids)}::int[]) and not ${sql.raw(o.rol)} returning id`,
  );
  const marcados = filas.map((f) => f.id).sort((a, b) => a - b);
  await registrarAuditorias(
    tx,
    marcados.map((id) => ({
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'actualizar',
      entidad: 'terceros',
      entidadId: String(id),
      cambios: { [o.rol]: { antes: false, despues: true }, origen: o.origen },
      ip: o.ip,
    })),
  );
  return marcados;
}
