import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditoriaFiltros } from '@predio/contract/auditoria';
import { planForValues, type Tx } from '../../db/client.ts';
import { auditoria } from '../../db/schema/plataforma.ts';

export type Consulta = AuditoriaFiltros & {
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit: number;
  offset: number;
};

const ORDEN: Record<string, SQL> = {
  fecha: sql`${auditoria.creadoEn}`,
  usuario: sql`lower(${auditoria.usuario})`,
  entidad: sql`${auditoria.entidad}`,
  accion: sql`${auditoria.accion}`,
};

// Dates are days in Colombia: 'hasta' includes the whole day.
const inicioDia = (d: string) => sql`(${d}::date::timestamp at time zone 'America/Bogota')`;

/** The log's page and count, planned for the filters' values (a user with most of the rows, or a day). */
export function listar(tx: Tx, c: Consulta) {
  return planForValues(() => listarFiltrado(tx, c));
}

async function listarFiltrado(tx: Tx, c: Consulta) {
  const where =
    and(
      c.usuario ? sql`lower(${auditoria.usuario}) = lower(${c.usuario})` : undefined,
      c.entidad ? eq(auditoria.entidad, c.entidad) : undefined,
      c.accion ? eq(auditoria.accion, c.accion) : undefined,
      c.entidad_id ? eq(auditoria.entidadId, c.entidad_id) : undefined,
      c.desde ? sql`${auditoria.creadoEn} >= ${inicioDia(c.desde)}` : undefined,
      c.hasta ? sql`${auditoria.creadoEn} < ${inicioDia(c.hasta)} + interval '1 day'` : undefined,
    ) ?? sql`true`;
  const dir = c.order === 'asc' ? asc : desc;
  const items = await tx
    .select()
    .from(auditoria)
    .where(where)
    .orderBy(dir(ORDEN[c.sort ?? 'fecha'] ?? ORDEN.fecha!), dir(auditoria.id))
    .limit(c.limit)
    .offset(c.offset);
  const [n] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(auditoria)
    .where(where);
  return { items, total: n?.n ?? 0 };
}

/** The values the filters offer: entities and actions that appear in this company's log. */
export async function valores(tx: Tx) {
  const entidades = await tx.selectDistinct({ v: auditoria.entidad }).from(auditoria).orderBy(auditoria.entidad);
  const acciones = await tx.selectDistinct({ v: auditoria.accion }).from(auditoria).orderBy(auditoria.accion);
  const usuarios = await tx.selectDistinct({ v: auditoria.usuario }).from(auditoria).orderBy(auditoria.usuario);
  return { entidades: entidades.map((r) => r.v), acciones: acciones.map((r) => r.v), usuarios: usuarios.map((r) => r.v) };
}
