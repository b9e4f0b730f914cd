import { sql } from 'drizzle-orm';
import type { AccionHistorial, HistorialDocumento } from '@predio/contract/gestion-documental-versiones';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const utc = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type FilaVersion = {
  id_documento: number;
  documento: string;
  numero: number | null;
  id_archivo: number;
  nombre: string;
  bytes: string | number;
  content_type: string;
  creado_por: string;
  creado_en: string;
  motivo: string;
  categoria: string;
};

/**
 * Every current document of the radicado (category `documento`) with its numbered versions. A document
 * never replaced has no version row: it reads as its own version 1 (numero null here).
 */
export function deRadicado(tx: Tx, idRadicado: number, tipoDueno: string): Promise<FilaVersion[]> {
  return queryRows<FilaVersion>(
    tx,
    sql`select d.id as id_documento, d.nombre as documento, v.numero, coalesce(a.id, d.id) as id_archivo,
               coalesce(a.nombre, d.nombre) as nombre, coalesce(a.bytes, d.bytes) as bytes,
               coalesce(a.content_type, d.content_type) as content_type,
               coalesce(a.creado_por, d.creado_por) as creado_por, ${utc('coalesce(a.creado_en, d.creado_en)')} as creado_en,
               coalesce(v.motivo, '') as motivo, coalesce(a.categoria, d.categoria) as categoria
          from archivo d
          left join radicado_version v on v.id_documento = d.id
          left join archivo a on a.id = v.id_archivo
         where d.tipo_dueno = ${tipoDueno} and d.id_dueno = ${String(idRadicado)} and d.categoria = 'documento'
         order by d.orden desc, d.id desc, v.numero desc nulls first`,
  );
}

/** The document's last version number (0: never replaced, so its file is version 1 without a row). */
export async function ultimaVersion(tx: Tx, idDocumento: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(max(numero), 0)::int as n from radicado_version where id_documento = ${idDocumento}`,
  );
  return r?.n ?? 0;
}

export async function tieneVersiones(tx: Tx, idDocumento: number): Promise<boolean> {
  return (await ultimaVersion(tx, idDocumento)) > 0;
}

/**
 * Records a replacement: the version that was current moves to the row keeping its bytes (`idAnterior`),
 * numbered 1 when it is the first replacement, and the document itself becomes version `numero`.
 */
export async function registrar(
  tx: Tx,
  v: { idRadicado: number; idDocumento: number; idAnterior: number; numero: number; motivo: string },
): Promise<void> {
  if (v.numero === 2)
    await tx.execute(
      sql`insert into radicado_version (id_radicado, id_documento, id_archivo, numero)
          values (${v.idRadicado}, ${v.idDocumento}, ${v.idAnterior}, 1)`,
    );
  else
    await tx.execute(
      sql`update radicado_version set id_archivo = ${v.idAnterior}
           where id_documento = ${v.idDocumento} and id_archivo = ${v.idDocumento}`,
    );
  await tx.execute(
    sql`insert into radicado_version (id_radicado, id_documento, id_archivo, numero, motivo)
        values (${v.idRadicado}, ${v.idDocumento}, ${v.idDocumento}, ${v.numero}, ${v.motivo})`,
  );
}

/** The text the search read from the version replaced is no longer the document's. */
export async function olvidarTexto(tx: Tx, idArchivo: number): Promise<void> {
  await tx.execute(sql`delete from radicado_texto where id_archivo = ${idArchivo}`);
}

export async function anotar(
  tx: Tx,
  h: {
    idRadicado: number;
    accion: AccionHistorial;
    idArchivo: number | null;
    archivo: string;
    detalle: string;
    idUsuario: number | null;
    usuario: string;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into radicado_historial (id_radicado, accion, id_archivo, archivo, detalle, id_usuario, usuario)
        values (${h.idRadicado}, ${h.accion}, ${h.idArchivo}, ${h.archivo}, ${h.detalle}, ${h.idUsuario}, ${h.usuario})`,
  );
}

/** Whether the user already has a «ver» of this radicado within the last `minutos`. */
export async function vistoHace(tx: Tx, idRadicado: number, usuario: string, minutos: number): Promise<boolean> {
  const filas = await queryRows<{ x: number }>(
    tx,
    sql`select 1 as x from radicado_historial
         where id_radicado = ${idRadicado} and accion = 'ver' and usuario = ${usuario}
           and creado_en > now() - make_interval(mins => ${minutos}::int)
         limit 1`,
  );
  return filas.length > 0;
}

export function historial(tx: Tx, idRadicado: number, limite: number): Promise<HistorialDocumento[]> {
  return queryRows<HistorialDocumento>(
    tx,
    sql`select id::int as id, accion, id_archivo, archivo, detalle, usuario, ${utc('creado_en')} as creado_en
          from radicado_historial where id_radicado = ${idRadicado}
         order by creado_en desc, id desc limit ${limite}`,
  );
}
