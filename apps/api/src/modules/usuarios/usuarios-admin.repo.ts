import { and, asc, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { UsuariosQuery } from '@predio/contract/usuarios';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { agencia } from '../../db/schema/empresa.ts';
import { terceros } from '../../db/schema/terceros.ts';
import { sesion, usuarios } from '../../db/schema/usuarios.ts';
import { escaparLike } from '../../db/like.ts';

const norm = (x: SQL) => sql`lower(predio_unaccent(${x}))`;

// Qualified by hand: Drizzle drops the table name of a single-table select, and sesion has an id too.
const ultimoIngreso = sql<Date | null>`(select max(s.creada_en) from sesion s where s.id_usuario = "usuarios"."id")`;

const columnas = {
  id: usuarios.id,
  usuario: usuarios.usuario,
  nombre: usuarios.nombre,
  nroId: usuarios.nroId,
  agencia: usuarios.agencia,
  admemp: usuarios.admemp,
  activo: usuarios.activo,
  permisos: usuarios.permisos,
  permisosEspeciales: usuarios.permisosEspeciales,
  permisosPorUsuario: usuarios.permisosPorUsuario,
  creadoEn: usuarios.creadoEn,
  ultimoIngreso,
};
export type FilaUsuario = {
  id: number;
  usuario: string;
  nombre: string;
  nroId: string | null;
  agencia: number;
  admemp: boolean;
  activo: boolean;
  permisos: string;
  permisosEspeciales: string;
  permisosPorUsuario: string;
  creadoEn: Date;
  ultimoIngreso: Date | string | null;
};

const ORDEN: Record<string, SQL> = {
  usuario: sql`lower(${usuarios.usuario})`,
  nombre: norm(sql`${usuarios.nombre}`),
  creado_en: sql`${usuarios.creadoEn}`,
  ultimo_ingreso: sql`${ultimoIngreso}`,
};

type Filtro = Pick<UsuariosQuery, 'q' | 'activo' | 'sort' | 'order'>;

function filtro(q: Filtro): { where: SQL | undefined; orden: SQL[] } {
  const conds: (SQL | undefined)[] = [];
  for (const palabra of (q.q ?? '').split(/\s+/).filter(Boolean)) {
    const patron = norm(sql`${`%${escaparLike(palabra)}%`}::text`);
    conds.push(
      sql`(${norm(sql`${usuarios.usuario}`)} like ${patron} or ${norm(sql`${usuarios.nombre}`)} like ${patron} or coalesce(${usuarios.nroId}, '') like ${patron})`,
    );
  }
  if (q.activo !== undefined) conds.push(eq(usuarios.activo, q.activo));
  const dir = (q.order ?? 'asc') === 'desc' ? desc : asc;
  const orden = ORDEN[q.sort ?? 'usuario'] ?? ORDEN.usuario!;
  return {
    where: and(...conds),
    orden: [
      q.sort === 'ultimo_ingreso' ? sql`${orden} ${sql.raw(q.order === 'desc' ? 'desc' : 'asc')} nulls last` : dir(orden),
      asc(usuarios.id),
    ],
  };
}

async function contar(tx: Tx, where: SQL | undefined): Promise<number> {
  const [n] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(where);
  return n?.n ?? 0;
}

export async function listar(tx: Tx, q: UsuariosQuery): Promise<{ items: FilaUsuario[]; total: number }> {
  const { where, orden } = filtro(q);
  const items = await tx
    .select(columnas)
    .from(usuarios)
    .where(where)
    .orderBy(...orden)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { items, total: await contar(tx, where) };
}

export type FilaExportacion = FilaUsuario & { agenciaNombre: string | null };

/** The list's filter and order without pages, with the agency's name (the spreadsheet has no lookup). */
export async function exportacion(tx: Tx, q: Filtro, max: number): Promise<{ items: FilaExportacion[]; total: number }> {
  const { where, orden } = filtro(q);
  const items = await tx
    .select({
      ...columnas,
      agenciaNombre: sql<string | null>`(select a.nombre from agencia a where a.id = "usuarios"."agencia")`,
    })
    .from(usuarios)
    .where(where)
    .orderBy(...orden)
    .limit(max);
  return { items, total: await contar(tx, where) };
}

export async function porId(tx: Tx, id: number): Promise<FilaUsuario | null> {
  const r = await tx.select(columnas).from(usuarios).where(eq(usuarios.id, id)).limit(1);
  return r[0] ?? null;
}

export async function claveHash(tx: Tx, id: number): Promise<string | null> {
  const r = await tx.select({ h: usuarios.claveHash }).from(usuarios).where(eq(usuarios.id, id)).limit(1);
  return r[0]?.h ?? null;
}

export async function existeNombre(tx: Tx, usuario: string, salvoId?: number): Promise<boolean> {
  const r = await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(sql`lower(${usuarios.usuario}) = lower(${usuario})`, salvoId ? sql`${usuarios.id} <> ${salvoId}` : undefined))
    .limit(1);
  return r.length > 0;
}

export type Valores = Partial<{
  usuario: string;
  claveHash: string;
  nombre: string;
  nroId: string | null;
  agencia: number;
  admemp: boolean;
  activo: boolean;
  permisos: string;
  permisosEspeciales: string;
  permisosPorUsuario: string;
}>;

export async function insertar(tx: Tx, v: Valores & { usuario: string; claveHash: string }): Promise<number> {
  const [r] = await tx.insert(usuarios).values(v).returning({ id: usuarios.id });
  return r!.id;
}

export async function actualizar(tx: Tx, id: number, v: Valores): Promise<void> {
  if (Object.keys(v).length > 0) await tx.update(usuarios).set(v).where(eq(usuarios.id, id));
}

/** Closes every open session of a user; returns their ids so the caller can drop them from the cache. */
export async function cerrarSesiones(tx: Tx, idUsuario: number, salvo?: string): Promise<string[]> {
  const r = await tx
    .update(sesion)
    .set({ cerradaEn: new Date() })
    .where(and(eq(sesion.idUsuario, idUsuario), isNull(sesion.cerradaEn), salvo ? ne(sesion.id, salvo) : undefined))
    .returning({ id: sesion.id });
  return r.map((x) => x.id);
}

export async function empleado(tx: Tx, nroId: string): Promise<{ nro_id: string; nombre: string; empleado: boolean } | null> {
  const r = await tx
    .select({ nro_id: terceros.nro_id, nombre: terceros.nombre, empleado: terceros.empleado })
    .from(terceros)
    .where(eq(terceros.nro_id, nroId))
    .limit(1);
  return r[0] ?? null;
}

export async function empleados(tx: Tx, q: string | undefined, limit: number) {
  const patron = `%${escaparLike(q ?? '')}%`;
  return queryRows<{ nro_id: string; nombre: string }>(
    tx,
    sql`select nro_id, nombre from terceros
        where empleado and activo
          and (lower(predio_unaccent(nombre)) like lower(predio_unaccent(${patron}::text)) or nro_id like ${patron})
        order by lower(predio_unaccent(nombre)), nro_id limit ${limit}`,
  );
}

export async function agenciaExiste(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.select({ id: agencia.id }).from(agencia).where(eq(agencia.id, id)).limit(1);
  return r.length > 0;
}
