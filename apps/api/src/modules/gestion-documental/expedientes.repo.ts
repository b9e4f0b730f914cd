import { sql, type SQL } from 'drizzle-orm';
import type {
  Expediente,
  ExpedientesQuery,
  RadicadoDeExpediente,
  RetencionQuery,
} from '@predio/contract/gestion-documental-expedientes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { contiene, palabras } from '../../platform/busqueda.ts';

const SELECT = sql`
  select x.id, x.numero, x.nombre, x.agrupa,
    json_build_object('id', s.id, 'nombre', s.nombre, 'codigo', s.codigo) as serie,
    json_build_object('id', ss.id, 'nombre', ss.nombre, 'codigo', ss.codigo, 'anios_gestion', ss.anios_gestion,
      'anios_central', ss.anios_central, 'disposicion_final', ss.disposicion_final) as subserie,
    case when i.id is null then null else json_build_object('id', i.id, 'consecutivo', i.consecutivo, 'direccion', i.direccion) end as inmueble,
    case when c.id is null then null else json_build_object('id', c.id, 'consecutivo', c.consecutivo, 'programa', c.programa) end as contrato,
    case when t.id is null then null else json_build_object('id', t.id, 'nombre', t.nombre) end as tercero,
    x.observaciones, x.estado, to_char(x.abierto_en, 'YYYY-MM-DD') as abierto_en, to_char(x.cerrado_en, 'YYYY-MM-DD') as cerrado_en,
    x.cerrado_por, to_char(x.vence_gestion, 'YYYY-MM-DD') as vence_gestion, to_char(x.vence_central, 'YYYY-MM-DD') as vence_central,
    (select count(*)::int from expediente_radicado er where er.id_expediente = x.id) as radicados, x.creado_por,
    x.fase, to_char(x.transferido_en, 'YYYY-MM-DD') as transferido_en, x.transferido_por,
    to_char(x.dispuesto_en, 'YYYY-MM-DD') as dispuesto_en, x.dispuesto_por, x.motivo_disposicion,
    x.retencion_legal, x.motivo_retencion, x.retencion_por, x.retencion_en, x.id_acta is not null as tiene_acta
  from expediente x
  join series_documentales s on s.id = x.id_serie
  join subseries_documentales ss on ss.id = x.id_subserie
  left join inmueble i on i.id = x.id_inmueble
  left join contrato c on c.id = x.id_contrato
  left join terceros t on t.id = x.id_tercero`;

export async function listar(
  tx: Tx,
  f: Omit<ExpedientesQuery, 'page' | 'pageSize'> & { permitidos: SQL | undefined; limit: number; offset: number },
): Promise<{ items: Expediente[]; total: number }> {
  const conds: SQL[] = [
    ...palabras(f.q).map((p) => sql`(${contiene(sql`(x.texto_busqueda || ' ' || coalesce(t.texto_busqueda, ''))`, p)})`),
    ...(f.estado ? [sql`x.estado = ${f.estado}`] : []),
    ...(f.agrupa ? [sql`x.agrupa = ${f.agrupa}`] : []),
    ...(f.id_radicado ? [sql`x.id in (select id_expediente from expediente_radicado where id_radicado = ${f.id_radicado})`] : []),
    ...(f.permitidos ? [f.permitidos] : []),
  ];
  const donde = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const [items, [n]] = await Promise.all([
    queryRows<Expediente>(tx, sql`${SELECT} ${donde} order by x.creado_en desc, x.id desc limit ${f.limit} offset ${f.offset}`),
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from expediente x left join terceros t on t.id = x.id_tercero ${donde}`,
    ),
  ]);
  return { items, total: n?.n ?? 0 };
}

export async function porId(tx: Tx, id: number, bloquear = false): Promise<Expediente | null> {
  if (bloquear) await tx.execute(sql`select id from expediente where id = ${id} for update`);
  return (await queryRows<Expediente>(tx, sql`${SELECT} where x.id = ${id}`))[0] ?? null;
}

/** An expediente's number (the company's, by the tenant policy), or null. */
export async function numero(tx: Tx, id: number): Promise<string | null> {
  return (await queryRows<{ numero: string }>(tx, sql`select numero from expediente where id = ${id}`))[0]?.numero ?? null;
}

export async function documentos(tx: Tx, id: number): Promise<RadicadoDeExpediente[]> {
  return queryRows<RadicadoDeExpediente>(
    tx,
    sql`select r.id, r.radicado, r.tipo, to_char(r.fecha, 'YYYY-MM-DD') as fecha, r.asunto, er.agregado_por,
               er.agregado_en
          from expediente_radicado er join radicado r on r.id = er.id_radicado
         where er.id_expediente = ${id}
         order by r.fecha, r.anio, r.numero`,
  );
}

export async function idInmueble(tx: Tx, consecutivo: number): Promise<number | null> {
  return (await queryRows<{ id: number }>(tx, sql`select id from inmueble where consecutivo = ${consecutivo}`))[0]?.id ?? null;
}
export async function existeContrato(tx: Tx, id: number): Promise<boolean> {
  return (await queryRows<{ id: number }>(tx, sql`select id from contrato where id = ${id}`)).length > 0;
}

export async function crear(
  tx: Tx,
  e: {
    numero: string;
    nombre: string;
    agrupa: string;
    idSerie: number;
    idSubserie: number;
    idInmueble: number | null;
    idContrato: number | null;
    idTercero: number | null;
    observaciones: string;
    creadoPor: string;
  },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into expediente (numero, nombre, agrupa, id_serie, id_subserie, id_inmueble, id_contrato, id_tercero,
          observaciones, abierto_en, creado_por)
        values (${e.numero}, ${e.nombre}, ${e.agrupa}, ${e.idSerie}, ${e.idSubserie}, ${e.idInmueble}, ${e.idContrato},
          ${e.idTercero}, ${e.observaciones}, (now() at time zone 'America/Bogota')::date, ${e.creadoPor})
        returning id`,
  );
  return r!.id;
}

/** The expediente a radicado is in, if any. */
export async function deRadicado(tx: Tx, idRadicado: number): Promise<{ id: number; numero: string } | null> {
  return (
    (
      await queryRows<{ id: number; numero: string }>(
        tx,
        sql`select x.id, x.numero from expediente_radicado er join expediente x on x.id = er.id_expediente
             where er.id_radicado = ${idRadicado}`,
      )
    )[0] ?? null
  );
}

export async function agregar(tx: Tx, idExpediente: number, idRadicado: number, usuario: string): Promise<void> {
  await tx.execute(
    sql`insert into expediente_radicado (id_expediente, id_radicado, agregado_por) values (${idExpediente}, ${idRadicado}, ${usuario})`,
  );
}

export async function quitar(tx: Tx, idExpediente: number, idRadicado: number): Promise<boolean> {
  const r = await queryRows<{ id_radicado: number }>(
    tx,
    sql`delete from expediente_radicado where id_expediente = ${idExpediente} and id_radicado = ${idRadicado} returning id_radicado`,
  );
  return r.length > 0;
}

/** Closes it today (Bogotá) and writes its clock from the subserie's retention, in whole years. */
export async function cerrar(tx: Tx, id: number, usuario: string): Promise<void> {
  await tx.execute(
    sql`update expediente x
           set estado = 'cerrado', cerrado_en = d.hoy, cerrado_por = ${usuario},
               vence_gestion = (d.hoy + make_interval(years => coalesce(ss.anios_gestion, 0)))::date,
               vence_central = (d.hoy + make_interval(years => coalesce(ss.anios_gestion, 0) + coalesce(ss.anios_central, 0)))::date
          from subseries_documentales ss, (select (now() at time zone 'America/Bogota')::date as hoy) d
         where x.id = ${id} and ss.id = x.id_subserie`,
  );
}

export async function reabrir(tx: Tx, id: number): Promise<void> {
  await tx.execute(
    sql`update expediente set estado = 'abierto', cerrado_en = null, cerrado_por = null, vence_gestion = null, vence_central = null
         where id = ${id}`,
  );
}

// ----- Retention -----------------------------------------------------------------------------------

const HOY = sql`(now() at time zone 'America/Bogota')::date`;

/**
 * The expedientes due for the next archival step: closed, still in gestión and past vence_gestion
 * («transferir»), or in the central and past vence_central («disponer»); the longest overdue first.
 */
export async function retencion(
  tx: Tx,
  f: Omit<RetencionQuery, 'page' | 'pageSize'> & { permitidos: SQL | undefined; limit: number; offset: number },
): Promise<{ items: Expediente[]; total: number }> {
  const vence = f.vista === 'transferir' ? sql`x.vence_gestion` : sql`x.vence_central`;
  const conds: SQL[] = [
    sql`x.estado = 'cerrado'`,
    f.vista === 'transferir' ? sql`x.fase = 'gestion'` : sql`x.fase = 'central'`,
    sql`${vence} <= ${HOY}`,
    ...palabras(f.q).map((p) => sql`(${contiene(sql`(x.texto_busqueda || ' ' || coalesce(t.texto_busqueda, ''))`, p)})`),
    ...(f.permitidos ? [f.permitidos] : []),
  ];
  const donde = sql`where ${sql.join(conds, sql` and `)}`;
  const [items, [n]] = await Promise.all([
    queryRows<Expediente>(tx, sql`${SELECT} ${donde} order by ${vence}, x.id limit ${f.limit} offset ${f.offset}`),
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from expediente x left join terceros t on t.id = x.id_tercero ${donde}`,
    ),
  ]);
  return { items, total: n?.n ?? 0 };
}

/** Today in Bogotá, as the retention dates are written. */
export async function hoy(tx: Tx): Promise<string> {
  return (await queryRows<{ d: string }>(tx, sql`select to_char(${HOY}, 'YYYY-MM-DD') as d`))[0]!.d;
}

export async function transferir(tx: Tx, id: number, usuario: string): Promise<void> {
  await tx.execute(
    sql`update expediente set fase = 'central', transferido_en = ${HOY}, transferido_por = ${usuario} where id = ${id}`,
  );
}

export async function disponer(
  tx: Tx,
  id: number,
  d: { fase: 'eliminado' | 'conservado'; usuario: string; motivo: string | null; idActa: number | null },
): Promise<void> {
  await tx.execute(
    sql`update expediente set fase = ${d.fase}, dispuesto_en = ${HOY}, dispuesto_por = ${d.usuario},
               motivo_disposicion = ${d.motivo}, id_acta = ${d.idActa}
         where id = ${id}`,
  );
}

export async function retencionLegal(tx: Tx, id: number, r: { activa: boolean; motivo: string; usuario: string }): Promise<void> {
  await tx.execute(
    sql`update expediente set retencion_legal = ${r.activa}, motivo_retencion = ${r.activa ? r.motivo : null},
               retencion_por = ${r.usuario}, retencion_en = now()
         where id = ${id}`,
  );
}

export async function idActa(tx: Tx, id: number): Promise<number | null> {
  return (
    (await queryRows<{ id_acta: number | null }>(tx, sql`select id_acta from expediente where id = ${id}`))[0]?.id_acta ?? null
  );
}

/** Whether a radicado belongs to an eliminated expediente (its files are disposed of: no more changes). */
export async function eliminadoDeRadicado(tx: Tx, idRadicado: number): Promise<string | null> {
  return (
    (
      await queryRows<{ numero: string }>(
        tx,
        sql`select x.numero from expediente_radicado er join expediente x on x.id = er.id_expediente
             where er.id_radicado = ${idRadicado} and x.fase = 'eliminado'`,
      )
    )[0]?.numero ?? null
  );
}

export type PorAvisar = { id: number; numero: string; nombre: string; etapa: 'gestion' | 'central'; vence: string };

/**
 * Closed expedientes whose time in gestión or central ran out by `hoy` and that were not yet told for that
 * due date, marked as told in the same statement (so two runs never tell twice).
 */
export async function marcarPorAvisar(tx: Tx, hoy: string): Promise<PorAvisar[]> {
  const gestion = await queryRows<PorAvisar>(
    tx,
    sql`update expediente set avisado_gestion = vence_gestion
         where estado = 'cerrado' and fase = 'gestion' and vence_gestion <= ${hoy}::date
           and avisado_gestion is distinct from vence_gestion
        returning id, numero, nombre, 'gestion' as etapa, to_char(vence_gestion, 'YYYY-MM-DD') as vence`,
  );
  const central = await queryRows<PorAvisar>(
    tx,
    sql`update expediente set avisado_central = vence_central
         where estado = 'cerrado' and fase = 'central' and vence_central <= ${hoy}::date
           and avisado_central is distinct from vence_central
        returning id, numero, nombre, 'central' as etapa, to_char(vence_central, 'YYYY-MM-DD') as vence`,
  );
  return [...gestion, ...central].sort((a, b) => a.vence.localeCompare(b.vence) || a.id - b.id);
}

/** Companies with an expediente due and not yet told (the daily job queues one job for each). */
export async function empresasConRetencion(tx: Tx, hoy: string): Promise<number[]> {
  const filas = await queryRows<{ id_empresa: number }>(
    tx,
    sql`select distinct id_empresa from expediente
         where estado = 'cerrado'
           and ((fase = 'gestion' and vence_gestion <= ${hoy}::date and avisado_gestion is distinct from vence_gestion)
             or (fase = 'central' and vence_central <= ${hoy}::date and avisado_central is distinct from vence_central))`,
  );
  return filas.map((f) => f.id_empresa);
}

/** Active users of the company with their permisos (who is told is decided by the service). */
export const usuariosConPermisos = (tx: Tx) =>
  queryRows<{ id: number; permisos: string; admemp: boolean }>(tx, sql`select id, permisos, admemp from usuarios where activo`);
