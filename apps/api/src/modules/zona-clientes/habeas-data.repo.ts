import { sql } from 'drizzle-orm';
import type { SolicitudHabeasData, SolicitudHabeasDataStaff } from '@predio/contract/zona-clientes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const CAMPOS = sql`h.id, h.tipo, h.descripcion, h.estado, to_char(h.vence_el, 'YYYY-MM-DD') as vence_el, h.respuesta,
  h.respondido_en, h.creado_en`;

export async function crear(
  tx: Tx,
  o: { idCliente: number; tipo: string; descripcion: string; venceEl: string; ip: string },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into solicitud_habeas_data (id_cliente, tipo, descripcion, vence_el, ip)
        values (${o.idCliente}, ${o.tipo}, ${o.descripcion}, ${o.venceEl}, ${o.ip}) returning id`,
  );
  return r!.id;
}

export function deCliente(tx: Tx, idCliente: number): Promise<SolicitudHabeasData[]> {
  return queryRows<SolicitudHabeasData>(
    tx,
    sql`select ${CAMPOS} from solicitud_habeas_data h where h.id_cliente = ${idCliente} order by h.id desc limit 200`,
  );
}

const STAFF = sql`select ${CAMPOS}, t.nombre as cliente, c.email, h.respondido_por, h.id_cliente
  from solicitud_habeas_data h
  join cliente_portal c on c.id_empresa = h.id_empresa and c.id = h.id_cliente
  join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero`;

/** Unanswered first, the nearest deadline first; then the answered ones, newest first. */
export function listar(tx: Tx): Promise<SolicitudHabeasDataStaff[]> {
  return queryRows<SolicitudHabeasDataStaff>(
    tx,
    sql`${STAFF} order by (h.estado = 'recibida') desc,
        case when h.estado = 'recibida' then h.vence_el end asc, h.id desc limit 500`,
  );
}

export async function una(tx: Tx, id: number): Promise<(SolicitudHabeasDataStaff & { id_cliente: number }) | null> {
  const [r] = await queryRows<SolicitudHabeasDataStaff & { id_cliente: number }>(tx, sql`${STAFF} where h.id = ${id}`);
  return r ?? null;
}

/** Answers it once; false when it was already answered. */
export async function responder(tx: Tx, id: number, o: { respuesta: string; usuario: string }): Promise<boolean> {
  const r = await queryRows<{ id: number }>(
    tx,
    sql`update solicitud_habeas_data set estado = 'respondida', respuesta = ${o.respuesta},
          respondido_por = ${o.usuario}, respondido_en = now()
        where id = ${id} and estado = 'recibida' returning id`,
  );
  return r.length > 0;
}
