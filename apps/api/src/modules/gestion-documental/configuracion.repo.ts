import { sql } from 'drizzle-orm';
import {
  FORMATO_POR_DEFECTO,
  type ConfiguracionGd,
  type ConfiguracionGdForm,
} from '@predio/contract/gestion-documental-configuracion';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type FilaConfiguracion = Omit<ConfiguracionGd, 'plazos' | 'areas' | 'usuarios'>;

/** Today's behaviour for a company that never saved its configuration. */
export const POR_DEFECTO: FilaConfiguracion = {
  reinicio_anual: true,
  formato_entrada: FORMATO_POR_DEFECTO,
  formato_salida: FORMATO_POR_DEFECTO,
  formato_interna: FORMATO_POR_DEFECTO,
  id_area_recepcion: null,
  id_usuario_recepcion: null,
  modificado_por: null,
  modificado_en: null,
};

export async function leer(tx: Tx): Promise<FilaConfiguracion> {
  const [c] = await queryRows<FilaConfiguracion>(
    tx,
    sql`select reinicio_anual, formato_entrada, formato_salida, formato_interna, id_area_recepcion, id_usuario_recepcion,
          modificado_por, to_char(modificado_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as modificado_en
        from gd_configuracion limit 1`,
  );
  return c ?? POR_DEFECTO;
}

export async function guardar(tx: Tx, c: Omit<ConfiguracionGdForm, 'plazos'>, por: string): Promise<void> {
  await tx.execute(
    sql`insert into gd_configuracion (reinicio_anual, formato_entrada, formato_salida, formato_interna, id_area_recepcion,
          id_usuario_recepcion, modificado_por, modificado_en)
        values (${c.reinicio_anual}, ${c.formato_entrada}, ${c.formato_salida}, ${c.formato_interna}, ${c.id_area_recepcion},
          ${c.id_usuario_recepcion}, ${por}, now())
        on conflict (id_empresa) do update set reinicio_anual = excluded.reinicio_anual,
          formato_entrada = excluded.formato_entrada, formato_salida = excluded.formato_salida,
          formato_interna = excluded.formato_interna, id_area_recepcion = excluded.id_area_recepcion,
          id_usuario_recepcion = excluded.id_usuario_recepcion, modificado_por = excluded.modificado_por,
          modificado_en = excluded.modificado_en`,
  );
}

export const plazos = (tx: Tx) =>
  queryRows<{ id_tipo_documental: number; nombre: string; dias_respuesta: number | null }>(
    tx,
    sql`select id as id_tipo_documental, nombre, dias_respuesta from tipos_documentales where activo
        order by lower(predio_unaccent(nombre))`,
  );

export const areas = (tx: Tx) =>
  queryRows<{ id: number; codigo: string | null; nombre: string }>(
    tx,
    sql`select id, codigo, nombre from areas_empresa where activo order by codigo nulls last, nombre`,
  );

export const usuarios = (tx: Tx) =>
  queryRows<{ id: number; nombre: string; usuario: string }>(
    tx,
    sql`select id, coalesce(nullif(nombre, ''), usuario) as nombre, usuario from usuarios where activo order by 2`,
  );

export const existeArea = async (tx: Tx, id: number) =>
  (await queryRows(tx, sql`select 1 from areas_empresa where id = ${id} and activo`)).length > 0;
export const existeUsuario = async (tx: Tx, id: number) =>
  (await queryRows(tx, sql`select 1 from usuarios where id = ${id} and activo`)).length > 0;
export const tiposExistentes = async (tx: Tx, ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await queryRows<{ id: number }>(
          tx,
          sql`select id from tipos_documentales where id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
      ).map((r) => r.id);

export async function guardarPlazo(tx: Tx, id: number, dias: number | null, por: string): Promise<boolean> {
  const r = await queryRows(
    tx,
    sql`update tipos_documentales set dias_respuesta = ${dias}, modificado_por = ${por}, modificado_en = now()
        where id = ${id} and dias_respuesta is distinct from ${dias} returning id`,
  );
  return r.length > 0;
}

export const radicadosDelAnio = async (tx: Tx, anio: number) =>
  (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from radicado where anio = ${anio}`))[0]!.n;

export async function diasRespuesta(tx: Tx, idTipo: number): Promise<number | null> {
  const [r] = await queryRows<{ dias_respuesta: number | null }>(
    tx,
    sql`select dias_respuesta from tipos_documentales where id = ${idTipo}`,
  );
  return r?.dias_respuesta ?? null;
}
