import { sql, type SQL } from 'drizzle-orm';
import type { PermisoGd, PermisoGdForm, PermisosGd } from '@predio/contract/gestion-documental-permisos';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** The user a restriction applies to; null means no restriction (no rule in the company, or its administrator). */
export type Alcance = { idUsuario: number; usuario: string } | null;
export type AccionGd = 'ver' | 'radicar' | 'editar';

export const hayReglas = async (tx: Tx) =>
  (await queryRows<{ si: boolean }>(tx, sql`select exists (select 1 from gd_permiso) as si`))[0]!.si;

/** A rule of the user's own, or of an área the user belongs to, granting the action on the serie or subserie. */
const regla = (a: NonNullable<Alcance>, accion: AccionGd, serie: SQL, subserie: SQL) =>
  sql`exists (select 1 from gd_permiso p where p.${sql.identifier(accion)} and p.id_serie = ${serie}
        and (p.id_subserie is null or p.id_subserie is not distinct from ${subserie})
        and (p.id_usuario = ${a.idUsuario}
          or p.id_area in (select au.id_area from gd_area_usuario au where au.id_usuario = ${a.idUsuario})))`;

/**
 * The radicados a user may see: those of a serie a rule lets them see, and the unclassified ones (no serie)
 * they filed themselves.
 */
export function filtroVer(a: Alcance, r = 'r'): SQL | undefined {
  if (!a) return undefined;
  const al = sql.raw(r);
  return sql`((${al}.id_serie is not null and ${regla(a, 'ver', sql`${al}.id_serie`, sql`${al}.id_subserie`)})
    or (${al}.id_serie is null and ${al}.creado_por = ${a.usuario}))`;
}

export async function permite(
  tx: Tx,
  a: NonNullable<Alcance>,
  accion: AccionGd,
  idSerie: number,
  idSubserie: number | null,
): Promise<boolean> {
  const [r] = await queryRows<{ si: boolean }>(
    tx,
    sql`select ${regla(a, accion, sql`${idSerie}::integer`, sql`${idSubserie}::integer`)} as si`,
  );
  return r!.si;
}

const ref = (alias: string, conCodigo = true) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'nombre', ${alias}.nombre, 'codigo', ${conCodigo ? `${alias}.codigo` : 'null'}) end`,
  );

export const reglas = (tx: Tx) =>
  queryRows<PermisoGd>(
    tx,
    sql`select p.id,
          case when u.id is null then null else json_build_object('id', u.id, 'nombre', coalesce(nullif(u.nombre, ''), u.usuario)) end as usuario,
          ${ref('a')} as area, ${ref('s')} as serie, ${ref('ss')} as subserie, p.ver, p.radicar, p.editar, p.creado_por
        from gd_permiso p
        join series_documentales s on s.id = p.id_serie
        left join subseries_documentales ss on ss.id = p.id_subserie
        left join usuarios u on u.id = p.id_usuario
        left join areas_empresa a on a.id = p.id_area
        order by s.codigo, ss.codigo nulls first, a.codigo nulls last, u.nombre, p.id`,
  );

export const regla1 = async (tx: Tx, id: number) =>
  (
    await queryRows<PermisoGdForm & { id: number }>(
      tx,
      sql`select id, id_usuario, id_area, id_serie, id_subserie, ver, radicar, editar from gd_permiso where id = ${id}`,
    )
  )[0] ?? null;

export async function opciones(tx: Tx): Promise<Omit<PermisosGd, 'reglas' | 'integrantes'>> {
  return {
    usuarios: await queryRows(
      tx,
      sql`select id, coalesce(nullif(nombre, ''), usuario) as nombre from usuarios where activo order by 2`,
    ),
    areas: await queryRows(tx, sql`select id, nombre, codigo from areas_empresa where activo order by codigo nulls last, nombre`),
    series: await queryRows(tx, sql`select id, nombre, codigo from series_documentales where activo order by codigo`),
    subseries: await queryRows(
      tx,
      sql`select id, nombre, codigo, id_serie from subseries_documentales where activo order by codigo`,
    ),
  };
}

export const integrantes = (tx: Tx) =>
  queryRows<{ id_area: number; id_usuarios: number[] }>(
    tx,
    sql`select id_area, array_agg(id_usuario order by id_usuario) as id_usuarios from gd_area_usuario group by id_area order by id_area`,
  );

export const existe = async (tx: Tx, tabla: string, id: number) =>
  (await queryRows(tx, sql`select 1 from ${sql.identifier(tabla)} where id = ${id} and activo`)).length > 0;
export const subserieDe = async (tx: Tx, id: number) =>
  (await queryRows<{ id_serie: number }>(tx, sql`select id_serie from subseries_documentales where id = ${id}`))[0]?.id_serie ??
  null;

export async function insertar(tx: Tx, p: PermisoGdForm, por: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into gd_permiso (id_usuario, id_area, id_serie, id_subserie, ver, radicar, editar, creado_por)
        values (${p.id_usuario}, ${p.id_area}, ${p.id_serie}, ${p.id_subserie}, ${p.ver}, ${p.radicar}, ${p.editar}, ${por})
        returning id`,
  );
  return r!.id;
}
export async function actualizar(tx: Tx, id: number, p: PermisoGdForm): Promise<void> {
  await tx.execute(
    sql`update gd_permiso set id_usuario = ${p.id_usuario}, id_area = ${p.id_area}, id_serie = ${p.id_serie},
          id_subserie = ${p.id_subserie}, ver = ${p.ver}, radicar = ${p.radicar}, editar = ${p.editar} where id = ${id}`,
  );
}
export const borrar = (tx: Tx, id: number) => tx.execute(sql`delete from gd_permiso where id = ${id}`);

export async function fijarIntegrantes(tx: Tx, idArea: number, usuarios: number[]): Promise<void> {
  await tx.execute(sql`delete from gd_area_usuario where id_area = ${idArea}`);
  if (usuarios.length > 0)
    await tx.execute(
      sql`insert into gd_area_usuario (id_area, id_usuario) values ${sql.join(
        usuarios.map((u) => sql`(${idArea}, ${u})`),
        sql`, `,
      )}`,
    );
}
export const usuariosExistentes = async (tx: Tx, ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await queryRows<{ id: number }>(
          tx,
          sql`select id from usuarios where activo and id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
      ).map((r) => r.id);
