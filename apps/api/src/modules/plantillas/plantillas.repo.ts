import { sql } from 'drizzle-orm';
import type { Plantilla, PlantillaGuardar, PlantillaResumen } from '@predio/contract/documentos';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const COLUMNAS = sql`id, nombre, tipo, to_char(actualizado at time zone 'America/Bogota', 'YYYY-MM-DD"T"HH24:MI:SS') as actualizado, actualizado_por`;

export const listar = (tx: Tx) =>
  queryRows<PlantillaResumen>(tx, sql`select ${COLUMNAS} from plantilla_documento order by lower(nombre), id`);

export async function porId(tx: Tx, id: number): Promise<Plantilla | null> {
  const [r] = await queryRows<Plantilla>(tx, sql`select ${COLUMNAS}, contenido from plantilla_documento where id = ${id}`);
  return r ?? null;
}

export async function insertar(tx: Tx, p: PlantillaGuardar, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into plantilla_documento (nombre, tipo, contenido, actualizado_por)
        values (${p.nombre}, ${p.tipo}, ${p.contenido}, ${usuario}) returning id`,
  );
  return r!.id;
}

export async function actualizar(tx: Tx, id: number, p: PlantillaGuardar, usuario: string): Promise<boolean> {
  const r = await queryRows<{ id: number }>(
    tx,
    sql`update plantilla_documento set nombre = ${p.nombre}, tipo = ${p.tipo}, contenido = ${p.contenido},
          actualizado = now(), actualizado_por = ${usuario}
        where id = ${id} returning id`,
  );
  return r.length > 0;
}

export async function eliminar(tx: Tx, id: number): Promise<{ nombre: string } | null> {
  const [r] = await queryRows<{ nombre: string }>(tx, sql`delete from plantilla_documento where id = ${id} returning nombre`);
  return r ?? null;
}
