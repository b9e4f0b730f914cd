import { sql } from 'drizzle-orm';
import type { CotizacionMantenimiento, CotizacionPortal } from '@predio/contract/zona-clientes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export const TIPO_DUENO_COTIZACION = 'cotizacion_mantenimiento';

// The amount is a bigint column: read as a JS number (exact up to MAX_COP, far below 2^53).
const CAMPOS = sql`
  c.id, c.valor::float8 as valor, c.id_proveedor, p.nombre as proveedor, c.descripcion, c.estado, c.comentario,
  dt.nombre as decidido_por, c.decidido_en, c.creado_por, c.creado_en,
  (select json_build_object('id', a.id, 'nombre', a.nombre) from archivo a
    where a.tipo_dueno = ${TIPO_DUENO_COTIZACION} and a.id_dueno = c.id::text order by a.id limit 1) as pdf`;
const DESDE = sql`
  from cotizacion_mantenimiento c
  join terceros p on p.id_empresa = c.id_empresa and p.id = c.id_proveedor
  left join cliente_portal dc on dc.id_empresa = c.id_empresa and dc.id = c.id_cliente_decide
  left join terceros dt on dt.id_empresa = dc.id_empresa and dt.id = dc.id_tercero`;

export function deSolicitud(tx: Tx, idSolicitud: number): Promise<CotizacionMantenimiento[]> {
  return queryRows<CotizacionMantenimiento>(
    tx,
    sql`select ${CAMPOS} ${DESDE} where c.id_solicitud = ${idSolicitud} order by c.id desc`,
  );
}

export async function una(tx: Tx, idSolicitud: number, id: number): Promise<CotizacionMantenimiento | null> {
  const [r] = await queryRows<CotizacionMantenimiento>(
    tx,
    sql`select ${CAMPOS} ${DESDE} where c.id_solicitud = ${idSolicitud} and c.id = ${id}`,
  );
  return r ?? null;
}

export async function hayPendiente(tx: Tx, idSolicitud: number): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from cotizacion_mantenimiento where id_solicitud = ${idSolicitud} and estado = 'pendiente'`,
  );
  return (r?.n ?? 0) > 0;
}

export async function crear(
  tx: Tx,
  o: { idSolicitud: number; valor: number; idProveedor: number; descripcion: string; usuario: string },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into cotizacion_mantenimiento (id_solicitud, valor, id_proveedor, descripcion, creado_por)
        values (${o.idSolicitud}, ${o.valor}, ${o.idProveedor}, ${o.descripcion}, ${o.usuario}) returning id`,
  );
  return r!.id;
}

/** Decides a pending quote; false when it was no longer pending (another owner, or staff, got there first). */
export async function decidir(
  tx: Tx,
  id: number,
  o: { estado: 'aprobada' | 'rechazada' | 'anulada'; comentario: string; idCliente: number | null },
): Promise<boolean> {
  const r = await queryRows<{ id: number }>(
    tx,
    sql`update cotizacion_mantenimiento set estado = ${o.estado}, comentario = ${o.comentario},
          id_cliente_decide = ${o.idCliente}, decidido_en = now()
        where id = ${id} and estado = 'pendiente' returning id`,
  );
  return r.length > 0;
}

/** Terceros that own the property and have an active portal account: who may decide its quotes. */
export function propietariosPortal(
  tx: Tx,
  idInmueble: number,
): Promise<{ id_cliente: number; id_tercero: number; nombre: string; email: string }[]> {
  return queryRows(
    tx,
    sql`select c.id as id_cliente, c.id_tercero, t.nombre, c.email
        from inmueble_propietario ip
        join cliente_portal c on c.id_empresa = ip.id_empresa and c.id_tercero = ip.id_tercero and c.activo
        join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        where ip.id_inmueble = ${idInmueble} order by c.id`,
  );
}

const PORTAL = sql`
  select ${CAMPOS}, s.consecutivo, i.direccion as inmueble, s.categoria, s.descripcion as solicitud, s.id_inmueble, c.id_solicitud
  ${DESDE}
  join solicitud_mantenimiento s on s.id_empresa = c.id_empresa and s.id = c.id_solicitud
  join inmueble i on i.id_empresa = s.id_empresa and i.id = s.id_inmueble`;
const DEL_PROPIETARIO = (idTercero: number) =>
  sql`exists (select 1 from inmueble_propietario ip where ip.id_inmueble = s.id_inmueble and ip.id_tercero = ${idTercero})`;

type Interna = CotizacionPortal & { id_solicitud: number; id_inmueble: number; id_proveedor: number };

/** Quotes of the properties the tercero owns (voided ones are staff's business, not the owner's). */
export function paraPropietario(tx: Tx, idTercero: number): Promise<Interna[]> {
  return queryRows<Interna>(
    tx,
    sql`${PORTAL} where ${DEL_PROPIETARIO(idTercero)} and c.estado <> 'anulada'
        order by (c.estado = 'pendiente') desc, c.id desc limit 200`,
  );
}

export async function delPropietario(tx: Tx, idTercero: number, id: number): Promise<Interna | null> {
  const [r] = await queryRows<Interna>(
    tx,
    sql`${PORTAL} where ${DEL_PROPIETARIO(idTercero)} and c.estado <> 'anulada' and c.id = ${id}`,
  );
  return r ?? null;
}

export function porId(tx: Tx, id: number): Promise<{ id: number; estado: string }[]> {
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return Promise.resolve([]);
  return queryRows(tx, sql`select id, estado from cotizacion_mantenimiento where id = ${id}`);
}
