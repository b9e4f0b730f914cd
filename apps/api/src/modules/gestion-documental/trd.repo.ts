import { sql } from 'drizzle-orm';
import type { DisposicionTrd, FilaTrd, SoporteTrd } from '@predio/contract/gestion-documental-trd';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type AreaTrd = { id: number; codigo: string | null; nombre: string; activo: boolean };
export type SerieTrd = { id: number; codigo: string; nombre: string; activo: boolean };
export type SubserieTrd = {
  id: number;
  id_serie: number;
  codigo: string;
  nombre: string;
  anios_gestion: number;
  anios_central: number;
  disposicion_final: DisposicionTrd | null;
  soporte: SoporteTrd | null;
  procedimiento: string | null;
  activo: boolean;
};
export type TipoTrd = { id: number; nombre: string; activo: boolean };
export type EnlaceTrd = { id: number; id_area: number; id_subserie: number; id_tipo_documental: number };

/** The company's TRD, one row per área-subserie-tipo, in the order of its codes. */
export function filas(tx: Tx): Promise<FilaTrd[]> {
  return queryRows<FilaTrd>(
    tx,
    sql`select a.codigo || '-' || ss.codigo as codigo, a.nombre as dependencia, s.nombre as serie, ss.nombre as subserie,
          td.nombre as tipo_documental, ss.anios_gestion, ss.anios_central, ss.disposicion_final, ss.soporte,
          coalesce(ss.procedimiento, '') as procedimiento
        from trd t
        join areas_empresa a on a.id = t.id_area
        join subseries_documentales ss on ss.id = t.id_subserie
        join series_documentales s on s.id = ss.id_serie
        join tipos_documentales td on td.id = t.id_tipo_documental
        order by a.codigo, ss.codigo, lower(predio_unaccent(td.nombre)), t.id`,
  );
}

export const areas = (tx: Tx) => queryRows<AreaTrd>(tx, sql`select id, codigo, nombre, activo from areas_empresa order by id`);
export const series = (tx: Tx) =>
  queryRows<SerieTrd>(tx, sql`select id, codigo, nombre, activo from series_documentales order by id`);
export const subseries = (tx: Tx) =>
  queryRows<SubserieTrd>(
    tx,
    sql`select id, id_serie, codigo, nombre, anios_gestion, anios_central, disposicion_final, soporte, procedimiento, activo
        from subseries_documentales order by id`,
  );
export const tipos = (tx: Tx) => queryRows<TipoTrd>(tx, sql`select id, nombre, activo from tipos_documentales order by id`);
export const enlaces = (tx: Tx) =>
  queryRows<EnlaceTrd>(tx, sql`select id, id_area, id_subserie, id_tipo_documental from trd order by id`);

const uno = async (tx: Tx, q: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(tx, q))[0]!.id;

export const insertarArea = (tx: Tx, v: { codigo: string; nombre: string }, por: string) =>
  uno(tx, sql`insert into areas_empresa (codigo, nombre, creado_por) values (${v.codigo}, ${v.nombre}, ${por}) returning id`);
export const actualizarArea = (tx: Tx, id: number, v: { codigo: string; nombre: string }, por: string) =>
  tx.execute(
    sql`update areas_empresa set codigo = ${v.codigo}, nombre = ${v.nombre}, activo = true, modificado_por = ${por},
          modificado_en = now() where id = ${id}`,
  );

export const insertarSerie = (tx: Tx, v: { codigo: string; nombre: string }, por: string) =>
  uno(
    tx,
    sql`insert into series_documentales (codigo, nombre, creado_por) values (${v.codigo}, ${v.nombre}, ${por}) returning id`,
  );
export const actualizarSerie = (tx: Tx, id: number, v: { nombre: string }, por: string) =>
  tx.execute(
    sql`update series_documentales set nombre = ${v.nombre}, activo = true, modificado_por = ${por}, modificado_en = now()
        where id = ${id}`,
  );

export type ValoresSubserie = Omit<SubserieTrd, 'id' | 'activo'>;
export const insertarSubserie = (tx: Tx, v: ValoresSubserie, por: string) =>
  uno(
    tx,
    sql`insert into subseries_documentales
          (id_serie, codigo, nombre, anios_gestion, anios_central, disposicion_final, soporte, procedimiento, creado_por)
        values (${v.id_serie}, ${v.codigo}, ${v.nombre}, ${v.anios_gestion}, ${v.anios_central}, ${v.disposicion_final},
          ${v.soporte}, ${v.procedimiento}, ${por}) returning id`,
  );
export const actualizarSubserie = (tx: Tx, id: number, v: ValoresSubserie, por: string) =>
  tx.execute(
    sql`update subseries_documentales set nombre = ${v.nombre}, anios_gestion = ${v.anios_gestion},
          anios_central = ${v.anios_central}, disposicion_final = ${v.disposicion_final}, soporte = ${v.soporte},
          procedimiento = ${v.procedimiento}, activo = true, modificado_por = ${por}, modificado_en = now()
        where id = ${id}`,
  );

export const insertarTipo = (tx: Tx, nombre: string, por: string) =>
  uno(tx, sql`insert into tipos_documentales (nombre, creado_por) values (${nombre}, ${por}) returning id`);
export const activarTipo = (tx: Tx, id: number, por: string) =>
  tx.execute(sql`update tipos_documentales set activo = true, modificado_por = ${por}, modificado_en = now() where id = ${id}`);

export async function quitarEnlaces(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length > 0)
    await tx.execute(
      sql`delete from trd where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
}
export async function insertarEnlaces(
  tx: Tx,
  filas: { id_area: number; id_subserie: number; id_tipo_documental: number }[],
  por: string,
): Promise<void> {
  for (let i = 0; i < filas.length; i += 500) {
    const lote = filas.slice(i, i + 500);
    await tx.execute(
      sql`insert into trd (id_area, id_subserie, id_tipo_documental, creado_por) values ${sql.join(
        lote.map((f) => sql`(${f.id_area}, ${f.id_subserie}, ${f.id_tipo_documental}, ${por})`),
        sql`, `,
      )}`,
    );
  }
}
