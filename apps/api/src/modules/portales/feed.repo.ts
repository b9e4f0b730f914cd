import { sql } from 'drizzle-orm';
import type { EstadoPublicacion, LecturaFeed, PortalFeed } from '@predio/contract/portales';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { FichaFeed } from './feed.ts';
import { num } from './portales.repo.ts';

export type FilaFeed = FichaFeed & {
  id: number;
  marcado: boolean;
  estado_pub: EstadoPublicacion | null;
  error_pub: string | null;
  actualizado_pub: Date | null;
};

/**
 * Every property marked for the portal or once in its feed, with what the feed says of it and its state
 * as of the portal's last read. One query: the photos come as an array of ids in the property's order.
 */
export async function fichas(tx: Tx, portal: PortalFeed): Promise<FilaFeed[]> {
  const filas = await queryRows<Record<string, unknown>>(
    tx,
    sql`select i.id, i.consecutivo, i.tipo, i.gestion, i.estado, i.direccion, m.municipio, m.departamento, m.codigo_dane,
               b.nombre as barrio, i.estrato, i.area_construida::float8 as area_construida,
               i.area_privada::float8 as area_privada, i.area_lote::float8 as area_lote, i.habitaciones, i.banos,
               i.parqueaderos, i.piso, i.anio_construccion, i.canon::float8 as canon,
               i.precio_venta::float8 as precio_venta, i.administracion::float8 as administracion, i.descripcion,
               i.lat::float8 as lat, i.lng::float8 as lng, coalesce(i.modificado_en, i.creado_en) as modificado_en,
               coalesce((i.publicar ->> ${portal})::boolean, false) as marcado,
               p.estado as estado_pub, p.ultimo_error as error_pub, p.actualizado_en as actualizado_pub,
               array(select a.id from archivo a where a.tipo_dueno = 'inmueble' and a.id_dueno = i.id::text
                     and a.categoria = 'foto' order by a.principal desc, a.orden, a.id) as fotos
        from inmueble i
        left join municipios m on m.id_empresa = i.id_empresa and m.id = i.id_municipio
        left join barrios b on b.id_empresa = i.id_empresa and b.id = i.id_barrio
        left join portal_publicacion p on p.id_empresa = i.id_empresa and p.id_inmueble = i.id and p.portal = ${portal}
        where coalesce((i.publicar ->> ${portal})::boolean, false) or p.id_inmueble is not null
        order by i.consecutivo desc`,
  );
  return filas.map((f) => ({
    id: Number(f.id),
    consecutivo: Number(f.consecutivo),
    tipo: String(f.tipo),
    gestion: f.gestion as FichaFeed['gestion'],
    estado: String(f.estado),
    direccion: String(f.direccion),
    municipio: String(f.municipio ?? ''),
    departamento: String(f.departamento ?? ''),
    codigo_dane: (f.codigo_dane as string | null) || null,
    barrio: (f.barrio as string | null) ?? null,
    estrato: num(f.estrato),
    area_construida: num(f.area_construida),
    area_privada: num(f.area_privada),
    area_lote: num(f.area_lote),
    habitaciones: Number(f.habitaciones ?? 0),
    banos: Number(f.banos ?? 0),
    parqueaderos: Number(f.parqueaderos ?? 0),
    piso: num(f.piso),
    anio_construccion: num(f.anio_construccion),
    canon: num(f.canon),
    precio_venta: num(f.precio_venta),
    administracion: num(f.administracion),
    descripcion: String(f.descripcion ?? ''),
    lat: num(f.lat),
    lng: num(f.lng),
    fotos: ((f.fotos as unknown[] | null) ?? []).map(Number),
    fotosUrl: [],
    modificado_en: f.modificado_en ? new Date(f.modificado_en as string).toISOString() : null,
    marcado: Boolean(f.marcado),
    estado_pub: (f.estado_pub as EstadoPublicacion | null) ?? null,
    error_pub: (f.error_pub as string | null) ?? null,
    actualizado_pub: f.actualizado_pub ? new Date(f.actualizado_pub as string) : null,
  }));
}

/** The property's state on the portal as of this read; a row is created the first time. */
export async function marcar(
  tx: Tx,
  o: { idInmueble: number; portal: PortalFeed; estado: EstadoPublicacion; error: string | null },
): Promise<void> {
  const objetivo = o.estado === 'despublicado' ? 'despublicado' : 'publicado';
  await tx.execute(sql`insert into portal_publicacion (id_inmueble, portal, estado, objetivo, ultimo_error, publicado_en)
    values (${o.idInmueble}, ${o.portal}, ${o.estado}, ${objetivo}, ${o.error}, case when ${o.estado === 'enviado'} then now() end)
    on conflict (id_empresa, id_inmueble, portal) do update set estado = excluded.estado, objetivo = excluded.objetivo,
      ultimo_error = excluded.ultimo_error, actualizado_en = now(),
      publicado_en = coalesce(excluded.publicado_en, portal_publicacion.publicado_en)`);
}

export async function registrarLectura(
  tx: Tx,
  o: { portal: PortalFeed; ip: string; agente: string; inmuebles: number; sinCambios: boolean },
): Promise<void> {
  await tx.execute(sql`insert into portal_feed_lectura (portal, ip, agente, inmuebles, sin_cambios)
    values (${o.portal}, ${o.ip}, ${o.agente.slice(0, 300)}, ${o.inmuebles}, ${o.sinCambios})`);
  // The health screen looks back 30 days; a portal that polls every minute must not grow the table forever.
  await tx.execute(sql`delete from portal_feed_lectura where portal = ${o.portal} and creado_en < now() - interval '90 days'`);
}

export async function lecturas(tx: Tx, portal: PortalFeed): Promise<{ ultima: LecturaFeed | null; ultimos30: number }> {
  const [u] = await queryRows<{ creado_en: Date; ip: string; agente: string; inmuebles: number; sin_cambios: boolean }>(
    tx,
    sql`select creado_en, ip, agente, inmuebles, sin_cambios from portal_feed_lectura where portal = ${portal}
        order by creado_en desc, id desc limit 1`,
  );
  const [c] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from portal_feed_lectura where portal = ${portal} and creado_en > now() - interval '30 days'`,
  );
  return {
    ultima: u
      ? {
          fecha: new Date(u.creado_en).toISOString(),
          ip: u.ip,
          agente: u.agente,
          inmuebles: u.inmuebles,
          sin_cambios: u.sin_cambios,
        }
      : null,
    ultimos30: c?.n ?? 0,
  };
}
