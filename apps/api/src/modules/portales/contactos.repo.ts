import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// Contacts (leads) portals hand over (migration 0280_portal_contacto.sql) and the sync-health figures.

export async function yaRecibido(tx: Tx, portal: string, idPortal: string): Promise<boolean> {
  const f = await queryRows<{ id: string }>(
    tx,
    sql`select id from portal_contacto where portal = ${portal} and id_portal = ${idPortal}`,
  );
  return f.length > 0;
}

/** The property a listing of the portal is, with its asesores (the commercial one attends contacts). */
export async function inmueblePorExterno(tx: Tx, portal: string, idExterno: string) {
  const [f] = await queryRows<{
    id: number;
    consecutivo: number;
    gestion: string;
    id_asesor_comercial: number | null;
    id_asesor_captador: number | null;
  }>(
    tx,
    sql`select i.id, i.consecutivo, i.gestion, i.id_asesor_comercial, i.id_asesor_captador
        from portal_publicacion p join inmueble i on i.id_empresa = p.id_empresa and i.id = p.id_inmueble
        where p.portal = ${portal} and p.id_externo = ${idExterno}`,
  );
  return f ? { ...f, consecutivo: Number(f.consecutivo) } : null;
}

/**
 * The open request the same person's earlier contact about the same property became, within `dias`
 * days: a repeated contact adds to it instead of opening another.
 */
export async function solicitudAbierta(tx: Tx, persona: string, idInmueble: number, dias: number) {
  const [f] = await queryRows<{ numero: number }>(
    tx,
    sql`select s.numero from portal_contacto c join solicitud s on s.id_empresa = c.id_empresa and s.id = c.id_solicitud
        where c.persona = ${persona} and c.id_inmueble = ${idInmueble}
          and c.recibido_en > now() - ${dias} * interval '1 day'
          and s.estado not in ('resuelta', 'descartada')
        order by c.recibido_en desc limit 1`,
  );
  return f ? Number(f.numero) : null;
}

export async function guardar(
  tx: Tx,
  c: {
    portal: string;
    idPortal: string;
    idExterno: string;
    idInmueble: number | null;
    numeroSolicitud: number;
    persona: string;
    nombre: string;
    mensaje: string;
    resultado: 'creada' | 'fusionada';
    fechaPortal: string | null;
  },
): Promise<void> {
  await tx.execute(sql`insert into portal_contacto
      (portal, id_portal, id_externo, id_inmueble, id_solicitud, persona, nombre, mensaje, resultado, fecha_portal)
    values (${c.portal}, ${c.idPortal}, ${c.idExterno}, ${c.idInmueble},
      (select id from solicitud where numero = ${c.numeroSolicitud}), ${c.persona}, ${c.nombre}, ${c.mensaje},
      ${c.resultado}, ${c.fechaPortal})
    on conflict (id_empresa, portal, id_portal) do nothing`);
}

export async function lectura(tx: Tx, portal: string) {
  const [f] = await queryRows<{ contactos_leido_en: Date | null; contactos_error: string | null; contactos_hasta: Date | null }>(
    tx,
    sql`select contactos_leido_en, contactos_error, contactos_hasta from portal_config where portal = ${portal}`,
  );
  return f ?? null;
}

/** After a read: its time and newest contact (success), or its error (the previous success is kept). */
export async function marcarLectura(tx: Tx, portal: string, o: { error: string } | { hasta: string | null }): Promise<void> {
  if ('error' in o) await tx.execute(sql`update portal_config set contactos_error = ${o.error} where portal = ${portal}`);
  else
    await tx.execute(sql`update portal_config set contactos_error = null, contactos_leido_en = now(),
        contactos_hasta = greatest(contactos_hasta, ${o.hasta}::timestamptz) where portal = ${portal}`);
}

export async function listar(tx: Tx, portal: string) {
  return queryRows<{
    id_portal: string;
    id_externo: string;
    consecutivo: number | null;
    numero_solicitud: number | null;
    nombre: string;
    mensaje: string;
    resultado: 'creada' | 'fusionada';
    fecha_portal: Date | null;
    recibido_en: Date;
  }>(
    tx,
    sql`select c.id_portal, c.id_externo, i.consecutivo, s.numero as numero_solicitud, c.nombre, c.mensaje,
               c.resultado, c.fecha_portal, c.recibido_en
        from portal_contacto c
        left join inmueble i on i.id_empresa = c.id_empresa and i.id = c.id_inmueble
        left join solicitud s on s.id_empresa = c.id_empresa and s.id = c.id_solicitud
        where c.portal = ${portal} order by c.recibido_en desc, c.id desc limit 100`,
  );
}

/** The first day of this calendar month in Colombia, as the Solicitudes list's «desde» reads it. */
const INICIO_MES = sql.raw(`date_trunc('month', now() at time zone 'America/Bogota')`);
const MES_DESDE = sql`to_char(${INICIO_MES}, 'YYYY-MM-DD')`;
/** The portal's requests (canal «Portal inmobiliario») received this month, by their fecha_recepcion. */
const solicitudesDelMes = (portal: SQL) =>
  sql`(select count(*) from solicitud s where s.canal = 'portal' and s.portal = ${portal}
        and s.fecha_recepcion >= (${INICIO_MES} at time zone 'America/Bogota'))::int`;

export async function salud(tx: Tx, portal: string, dias: number, portalSolicitudes: string | null) {
  const [f] = await queryRows<{
    activo: boolean | null;
    publicados: number;
    en_curso: number;
    con_error: number;
    ultimo_exito: Date | null;
    contactos: number;
    contactos_leido_en: Date | null;
    contactos_error: string | null;
    costo_mensual: number | null;
    solicitudes_mes: number | null;
    mes_desde: string;
  }>(
    tx,
    sql`select (select activo from portal_config where portal = ${portal}) as activo,
          (select count(*) from portal_publicacion where portal = ${portal} and estado = 'publicado')::int as publicados,
          (select count(*) from portal_publicacion where portal = ${portal}
             and estado in ('pendiente', 'enviado', 'en_proceso'))::int as en_curso,
          (select count(*) from portal_publicacion where portal = ${portal} and estado = 'error')::int as con_error,
          (select max(creado_en) from portal_historial where portal = ${portal}
             and resultado in ('publicado', 'despublicado')) as ultimo_exito,
          (select count(*) from portal_contacto where portal = ${portal}
             and recibido_en > now() - ${dias} * interval '1 day')::int as contactos,
          (select contactos_leido_en from portal_config where portal = ${portal}) as contactos_leido_en,
          (select contactos_error from portal_config where portal = ${portal}) as contactos_error,
          (select (ajustes ->> 'costo_mensual')::bigint from portal_config where portal = ${portal}) as costo_mensual,
          ${solicitudesDelMes(sql`${portalSolicitudes}`)} as solicitudes_mes,
          ${MES_DESDE} as mes_desde`,
  );
  const errores = await queryRows<{ consecutivo: number; direccion: string; ultimo_error: string; actualizado_en: Date | null }>(
    tx,
    sql`select i.consecutivo, i.direccion, coalesce(p.ultimo_error, '') as ultimo_error, p.actualizado_en
        from portal_publicacion p join inmueble i on i.id_empresa = p.id_empresa and i.id = p.id_inmueble
        where p.portal = ${portal} and p.estado = 'error' order by p.actualizado_en desc limit 100`,
  );
  return { ...f!, errores };
}

/** Every portal's figures at once (the manager's Inicio): configured portals and those with listings. */
export async function resumen(tx: Tx) {
  return queryRows<{
    portal: string;
    configurado: boolean;
    activo: boolean | null;
    publicados: number;
    en_curso: number;
    con_error: number;
    ultimo_exito: Date | null;
    costo_mensual: number | null;
    solicitudes_mes: number;
    mes_desde: string;
  }>(
    tx,
    sql`with pub as (select portal, count(*) filter (where estado = 'publicado')::int as publicados,
                  count(*) filter (where estado in ('pendiente', 'enviado', 'en_proceso'))::int as en_curso,
                  count(*) filter (where estado = 'error')::int as con_error
                from portal_publicacion group by portal),
        cfg as (select portal, activo, (ajustes ->> 'costo_mensual')::bigint as costo_mensual from portal_config),
        portales as (select portal from pub union select portal from cfg)
        select p.portal, cfg.portal is not null as configurado, cfg.activo, cfg.costo_mensual,
          coalesce(pub.publicados, 0) as publicados, coalesce(pub.en_curso, 0) as en_curso,
          coalesce(pub.con_error, 0) as con_error,
          (select max(h.creado_en) from portal_historial h where h.portal = p.portal
             and h.resultado in ('publicado', 'despublicado')) as ultimo_exito,
          ${solicitudesDelMes(sql`p.portal`)} as solicitudes_mes, ${MES_DESDE} as mes_desde
        from portales p left join pub on pub.portal = p.portal left join cfg on cfg.portal = p.portal`,
  );
}

/** Each portal's row for one property (the property's form). */
export async function deInmueble(tx: Tx, idInmueble: number) {
  return queryRows<{
    portal: string;
    estado: string;
    id_externo: string | null;
    ultimo_error: string | null;
    actualizado_en: Date | null;
  }>(
    tx,
    sql`select portal, estado, id_externo, ultimo_error, actualizado_en from portal_publicacion
        where id_inmueble = ${idInmueble}`,
  );
}
