import { sql } from 'drizzle-orm';
import type { EstadoRef, HistorialEstado, Transicion } from '@predio/contract/gestion-documental-estados';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const estado = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'nombre', ${alias}.nombre, 'color', ${alias}.color) end`,
  );
const utc = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export async function transiciones(tx: Tx): Promise<Transicion[]> {
  return queryRows<Transicion>(
    tx,
    sql`select t.id, ${estado('o')} as origen, ${estado('d')} as destino, t.creado_por, ${utc('t.creado_en')} as creado_en
        from gd_transicion t
        left join estados_gestion_documental o on o.id = t.id_estado_origen
        join estados_gestion_documental d on d.id = t.id_estado_destino
        order by o.nombre nulls last, d.nombre`,
  );
}

export async function estados(tx: Tx): Promise<(EstadoRef & { activo: boolean })[]> {
  return queryRows(
    tx,
    sql`select id, nombre, color, activo from estados_gestion_documental order by lower(predio_unaccent(nombre))`,
  );
}

export async function estado1(tx: Tx, id: number): Promise<(EstadoRef & { activo: boolean }) | null> {
  const [e] = await queryRows<EstadoRef & { activo: boolean }>(
    tx,
    sql`select id, nombre, color, activo from estados_gestion_documental where id = ${id}`,
  );
  return e ?? null;
}

export async function transicion1(tx: Tx, id: number): Promise<Transicion | null> {
  return (await transiciones(tx)).find((t) => t.id === id) ?? null;
}

export async function insertarTransicion(tx: Tx, origen: number | null, destino: number, usuario: string): Promise<number> {
  const [f] = await queryRows<{ id: number }>(
    tx,
    sql`insert into gd_transicion (id_estado_origen, id_estado_destino, creado_por) values (${origen}, ${destino}, ${usuario})
        returning id`,
  );
  return f!.id;
}

export const borrarTransicion = (tx: Tx, id: number) => tx.execute(sql`delete from gd_transicion where id = ${id}`);

/** Active estados a radicado in `actual` (null: none) may move to: its own rules and the «from any» ones. */
export async function siguientes(tx: Tx, actual: number | null): Promise<EstadoRef[]> {
  return queryRows<EstadoRef>(
    tx,
    sql`select distinct d.id, d.nombre, d.color
        from gd_transicion t join estados_gestion_documental d on d.id = t.id_estado_destino
        where d.activo and (t.id_estado_origen is null or t.id_estado_origen = ${actual})
          and d.id is distinct from ${actual}::int
        order by d.nombre`,
  );
}

export async function historial(tx: Tx, idRadicado: number): Promise<HistorialEstado[]> {
  return queryRows<HistorialEstado>(
    tx,
    sql`select h.id, ${estado('a')} as anterior, ${estado('e')} as estado, h.nota, h.usuario, ${utc('h.creado_en')} as creado_en
        from radicado_estado h
        left join estados_gestion_documental a on a.id = h.id_estado_anterior
        join estados_gestion_documental e on e.id = h.id_estado
        where h.id_radicado = ${idRadicado}
        order by h.creado_en desc, h.id desc`,
  );
}

export async function registrar(
  tx: Tx,
  v: { idRadicado: number; anterior: number | null; estado: number; nota: string; usuario: string },
): Promise<void> {
  await tx.execute(sql`
    insert into radicado_estado (id_radicado, id_estado_anterior, id_estado, nota, usuario)
    values (${v.idRadicado}, ${v.anterior}, ${v.estado}, ${v.nota}, ${v.usuario})`);
}

/** The radicado's estado, its row locked so two changes of it cannot both start from the same estado. */
export async function estadoActual(tx: Tx, idRadicado: number): Promise<number | null> {
  const [f] = await queryRows<{ id_estado: number | null }>(
    tx,
    sql`select id_estado from radicado where id = ${idRadicado} for update`,
  );
  return f?.id_estado ?? null;
}

/** The company's active estado of that name (unaccented, any case): «Respondido» as seeded. */
export async function estadoPorNombre(tx: Tx, nombre: string): Promise<EstadoRef | null> {
  const [e] = await queryRows<EstadoRef>(
    tx,
    sql`select id, nombre, color from estados_gestion_documental where activo and lower(predio_unaccent(nombre)) = ${nombre}
        order by id limit 1`,
  );
  return e ?? null;
}

export async function fijarRespuesta(tx: Tx, idSalida: number, idEntrada: number): Promise<void> {
  await tx.execute(sql`update radicado set id_responde_a = ${idEntrada} where id = ${idSalida}`);
}

export async function fijarEstado(tx: Tx, idRadicado: number, idEstado: number, usuario: string): Promise<void> {
  await tx.execute(sql`
    update radicado set id_estado = ${idEstado}, modificado_por = ${usuario}, modificado_en = now() where id = ${idRadicado}`);
}
