import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The properties a bulk publication's filter selects, oldest consecutivo first, at most `limite`;
 * `soloNuevos` leaves out those already on the portal (published, or pending, sent or in progress).
 */
export async function candidatos(
  tx: Tx,
  portal: string,
  f: { estado: string; tipo: string | null; gestion: string | null; soloNuevos: boolean },
  limite: number,
) {
  const filas = await queryRows<{ id: number; consecutivo: number; direccion: string }>(
    tx,
    sql`select i.id, i.consecutivo, i.direccion from inmueble i
        where i.estado = ${f.estado}
          ${f.tipo === null ? sql`` : sql`and i.tipo = ${f.tipo}`}
          ${f.gestion === null ? sql`` : sql`and i.gestion = ${f.gestion}`}
          ${
            f.soloNuevos
              ? sql`and not exists (select 1 from portal_publicacion p where p.id_empresa = i.id_empresa and p.id_inmueble = i.id
                      and p.portal = ${portal} and p.objetivo = 'publicado'
                      and p.estado in ('pendiente', 'enviado', 'en_proceso', 'publicado'))`
              : sql``
          }
        order by i.consecutivo limit ${limite}`,
  );
  return filas.map((x) => ({ ...x, consecutivo: Number(x.consecutivo) }));
}

/**
 * What a bulk unpublishing's filter selects: properties whose row on the portal still aims at being
 * published (published, on its way, or in error), oldest consecutivo first, at most `limite`.
 */
export async function enPortal(
  tx: Tx,
  portal: string,
  f: { estado: string | null; tipo: string | null; gestion: string | null },
  limite: number,
) {
  const filas = await queryRows<{ id: number; consecutivo: number; direccion: string; estado: string }>(
    tx,
    sql`select i.id, i.consecutivo, i.direccion, p.estado from portal_publicacion p
        join inmueble i on i.id_empresa = p.id_empresa and i.id = p.id_inmueble
        where p.portal = ${portal} and p.objetivo = 'publicado'
          and p.estado in ('pendiente', 'enviado', 'en_proceso', 'publicado', 'error')
          ${f.estado === null ? sql`` : sql`and i.estado = ${f.estado}`}
          ${f.tipo === null ? sql`` : sql`and i.tipo = ${f.tipo}`}
          ${f.gestion === null ? sql`` : sql`and i.gestion = ${f.gestion}`}
        order by i.consecutivo limit ${limite}`,
  );
  return filas.map((x) => ({ ...x, consecutivo: Number(x.consecutivo) }));
}
