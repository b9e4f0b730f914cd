import { sql } from 'drizzle-orm';
import { CATALOGO_PORTAL, type EstadoPublicacion, type PortalSincronizado } from '@predio/contract/portales';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import * as archivos from '../../platform/archivos/archivos.repo.ts';
import type { FichaPortal } from './adaptador.ts';
import { paraInmueble } from './catalogo.repo.ts';

export type FilaConfig = {
  activo: boolean;
  ajustes: {
    url?: string;
    usuario?: string;
    cuenta?: string;
    id_region?: number | null;
    id_ciudad?: number | null;
    correo_contacto?: string;
    telefono_contacto?: string;
    hub_id?: string;
    verify_token?: string;
    /** The webhook's subscription from the screen: when, and the address given (docs/portales.md). */
    suscripcion?: { en: string; url: string; hub_id: string } | null;
    /** Portals with contacts: who takes a contact about a property without an asesor. */
    id_asignado_contactos?: number | null;
    /** Metrocuadrado's API key, encrypted with the tokens' cipher (never answered). */
    clave_api?: string;
    /** What the company pays the portal a month (COP), for the cost per request. */
    costo_mensual?: number | null;
  };
  credenciales: string;
  /** OAuth2 portals: the encrypted tokens ('' when not connected). */
  oauth: string;
  oauth_estado: string | null;
  oauth_estado_vence: Date | string | null;
};

export async function config(tx: Tx, portal: string): Promise<FilaConfig | null> {
  const [f] = await queryRows<FilaConfig>(
    tx,
    sql`select activo, ajustes, credenciales, oauth, oauth_estado, oauth_estado_vence from portal_config
        where portal = ${portal}`,
  );
  return f ?? null;
}

/** The pending authorisation's state (its hash), valid until `vence`. */
export async function guardarEstadoOAuth(tx: Tx, portal: string, hash: string, vence: Date): Promise<void> {
  await tx.execute(sql`update portal_config set oauth_estado = ${hash}, oauth_estado_vence = ${vence.toISOString()}
    where portal = ${portal}`);
}

/** The connected account's tokens (encrypted); the pending state is spent. */
export async function guardarOAuth(tx: Tx, portal: string, cifrado: string): Promise<void> {
  await tx.execute(sql`update portal_config set oauth = ${cifrado}, oauth_estado = null, oauth_estado_vence = null
    where portal = ${portal}`);
}

export async function guardarConfig(
  tx: Tx,
  o: { portal: string; activo: boolean; ajustes: object; cifrado: string | null; usuario: string },
): Promise<void> {
  // A null ciphertext keeps the saved token, so editing the other settings does not ask for it again.
  await tx.execute(sql`insert into portal_config (portal, activo, ajustes, credenciales, modificado_por)
    values (${o.portal}, ${o.activo}, ${JSON.stringify(o.ajustes)}::jsonb, ${o.cifrado ?? ''}, ${o.usuario})
    on conflict (id_empresa, portal) do update set activo = excluded.activo, ajustes = excluded.ajustes,
      modificado_por = excluded.modificado_por, modificado_en = now(),
      credenciales = case when ${o.cifrado === null} then portal_config.credenciales else excluded.credenciales end`);
}

/** The webhook's subscription: the HUB.ID the portal assigned and when, kept among the settings. */
export async function guardarSuscripcion(
  tx: Tx,
  o: { portal: string; hubId: string; url: string; en: Date; usuario: string },
): Promise<void> {
  const suscripcion = { en: o.en.toISOString(), url: o.url, hub_id: o.hubId };
  await tx.execute(sql`update portal_config set ajustes = ajustes || jsonb_build_object('hub_id', ${o.hubId}::text,
      'suscripcion', ${JSON.stringify(suscripcion)}::jsonb), modificado_por = ${o.usuario}, modificado_en = now()
    where portal = ${o.portal}`);
}

export type FilaPublicacion = {
  id_inmueble: number;
  estado: EstadoPublicacion;
  objetivo: 'publicado' | 'despublicado';
  id_externo: string | null;
  hash: string | null;
  fotos_hash: string | null;
  solicitud: number;
  /** The portal's task still to be read (asynchronous portals). */
  tarea: string | null;
  /** The portal's id of each photo it has (archivo id → image id); {} when the portal gives none. */
  fotos_portal: Record<string, string>;
};

export async function publicacion(tx: Tx, idInmueble: number, portal: string): Promise<FilaPublicacion | null> {
  const [f] = await queryRows<FilaPublicacion>(
    tx,
    sql`select id_inmueble, estado, objetivo, id_externo, hash, fotos_hash, solicitud, tarea, fotos_portal from portal_publicacion
        where id_inmueble = ${idInmueble} and portal = ${portal}`,
  );
  return f ?? null;
}

/** Records what the property must become on the portal and answers the number of this request. */
export async function pedir(
  tx: Tx,
  o: { idInmueble: number; portal: string; objetivo: 'publicado' | 'despublicado'; forzar?: boolean },
): Promise<number> {
  const [f] = await queryRows<{ solicitud: number }>(
    tx,
    sql`insert into portal_publicacion (id_inmueble, portal, objetivo, solicitud)
        values (${o.idInmueble}, ${o.portal}, ${o.objetivo}, 1)
        on conflict (id_empresa, id_inmueble, portal) do update set objetivo = excluded.objetivo,
          solicitud = portal_publicacion.solicitud + 1,
          hash = case when ${o.forzar ?? false} then null else portal_publicacion.hash end,
          estado = case when portal_publicacion.estado = 'error' then 'pendiente' else portal_publicacion.estado end,
          actualizado_en = now()
        returning solicitud`,
  );
  return f!.solicitud;
}

/** Takes the row's lease for a job (two minutes); false while another job holds it. */
export async function tomar(tx: Tx, idInmueble: number, portal: string): Promise<boolean> {
  const filas = await queryRows<{ id_inmueble: number }>(
    tx,
    sql`update portal_publicacion set en_curso_hasta = now() + interval '2 minutes'
        where id_inmueble = ${idInmueble} and portal = ${portal} and (en_curso_hasta is null or en_curso_hasta < now())
        returning id_inmueble`,
  );
  return filas.length > 0;
}

export async function marcar(
  tx: Tx,
  o: {
    idInmueble: number;
    portal: string;
    estado: EstadoPublicacion;
    idExterno?: string | null;
    hash?: string | null;
    fotosHash?: string | null;
    error?: string | null;
    soltar?: boolean;
    tarea?: string | null;
    fotosPortal?: Record<string, string>;
  },
): Promise<void> {
  await tx.execute(sql`update portal_publicacion set estado = ${o.estado},
      fotos_portal = ${o.fotosPortal === undefined ? sql`fotos_portal` : sql`${JSON.stringify(o.fotosPortal)}::jsonb`},
      tarea = ${o.tarea === undefined ? sql`tarea` : sql`${o.tarea}`},
      id_externo = ${o.idExterno === undefined ? sql`id_externo` : sql`${o.idExterno}`},
      hash = ${o.hash === undefined ? sql`hash` : sql`${o.hash}`},
      fotos_hash = ${o.fotosHash === undefined ? sql`fotos_hash` : sql`${o.fotosHash}`},
      ultimo_error = ${o.error ?? null},
      publicado_en = case when ${o.estado === 'publicado'} then now() else publicado_en end,
      en_curso_hasta = case when ${o.soltar ?? true} then null else en_curso_hasta end,
      actualizado_en = now()
    where id_inmueble = ${o.idInmueble} and portal = ${o.portal}`);
}

/** The row waiting for a task of the portal (the webhook's body names the task). */
export async function porTarea(tx: Tx, portal: string, tarea: string) {
  return queryRows<{
    id_inmueble: number;
    consecutivo: number;
    objetivo: 'publicado' | 'despublicado';
    id_externo: string | null;
  }>(
    tx,
    sql`select p.id_inmueble, i.consecutivo, p.objetivo, p.id_externo from portal_publicacion p
        join inmueble i on i.id = p.id_inmueble where p.portal = ${portal} and p.tarea = ${tarea}`,
  );
}

export async function historial(
  tx: Tx,
  o: { idInmueble: number; portal: string; accion: string; resultado: string; detalle?: string; usuario?: string | null },
): Promise<void> {
  await tx.execute(sql`insert into portal_historial (id_inmueble, portal, accion, resultado, detalle, usuario)
    values (${o.idInmueble}, ${o.portal}, ${o.accion}, ${o.resultado}, ${o.detalle ?? ''}, ${o.usuario ?? null})`);
}

export async function leerHistorial(tx: Tx, idInmueble: number, portal: string) {
  return queryRows<{ accion: string; resultado: string; detalle: string; usuario: string | null; creado_en: Date }>(
    tx,
    sql`select accion, resultado, detalle, usuario, creado_en from portal_historial
        where id_inmueble = ${idInmueble} and portal = ${portal} order by id desc limit 50`,
  );
}

export async function inmueble(tx: Tx, consecutivo: number) {
  const [f] = await queryRows<{ id: number; estado: string; publicar: Record<string, boolean> }>(
    tx,
    sql`select id, estado, publicar from inmueble where consecutivo = ${consecutivo}`,
  );
  return f ?? null;
}

/** A nullable numeric column (drivers may answer numeric as text) as a number or null. */
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The property as a portal may receive it; with `portal`, its equivalences to that portal's catalogue. */
export async function ficha(
  tx: Tx,
  idInmueble: number,
  portal?: PortalSincronizado,
): Promise<(FichaPortal & { fotosClaves: string[] }) | null> {
  const [f] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select i.consecutivo, i.tipo, i.gestion, i.estado, i.direccion, i.id_municipio, i.id_barrio, m.municipio, m.departamento, m.codigo_dane,
               b.nombre as barrio,
               i.estrato, i.area_construida, i.area_privada, i.area_lote, i.habitaciones, i.banos, i.parqueaderos,
               i.piso, i.anio_construccion, i.canon, i.precio_venta, i.administracion, i.descripcion, i.lat, i.lng
        from inmueble i
        join municipios m on m.id_empresa = i.id_empresa and m.id = i.id_municipio
        left join barrios b on b.id_empresa = i.id_empresa and b.id = i.id_barrio
        where i.id = ${idInmueble}`,
  );
  if (!f) return null;
  // In the property's order (the cover first), as the property's screens show them.
  // Read from platform/archivos (the property's «foto» files), not through the inmuebles module, which
  // calls this module when a property changes.
  const fotos = await archivos.listar(tx, { tipo: 'inmueble', id: String(idInmueble), categoria: 'foto' });
  return {
    consecutivo: Number(f.consecutivo),
    tipo: String(f.tipo),
    gestion: f.gestion as FichaPortal['gestion'],
    estado: String(f.estado),
    direccion: String(f.direccion),
    municipio: String(f.municipio),
    departamento: String(f.departamento),
    codigo_dane: (f.codigo_dane as string | null) || null,
    barrio: (f.barrio as string | null) ?? null,
    estrato: num(f.estrato),
    area_construida: num(f.area_construida),
    area_privada: num(f.area_privada),
    area_lote: num(f.area_lote),
    habitaciones: Number(f.habitaciones),
    banos: Number(f.banos),
    parqueaderos: Number(f.parqueaderos),
    piso: num(f.piso),
    anio_construccion: num(f.anio_construccion),
    canon: num(f.canon),
    precio_venta: num(f.precio_venta),
    administracion: num(f.administracion),
    descripcion: String(f.descripcion ?? ''),
    lat: num(f.lat),
    lng: num(f.lng),
    fotos: fotos.map((x) => x.id),
    fotosUrl: [],
    fotosClaves: fotos.map((x) => x.clave),
    ...(portal && CATALOGO_PORTAL[portal]
      ? {
          equivalencias: await paraInmueble(tx, {
            portal,
            tipo: String(f.tipo),
            idMunicipio: Number(f.id_municipio),
            idBarrio: f.id_barrio === null || f.id_barrio === undefined ? null : Number(f.id_barrio),
            idInmueble,
          }),
        }
      : {}),
  };
}

/** The company's properties that are marked for the portal or were ever sent to it. */
export async function listar(tx: Tx, portal: string) {
  return queryRows<{
    consecutivo: number;
    direccion: string;
    estado_inmueble: string;
    marcado: boolean;
    estado: EstadoPublicacion | null;
    id_externo: string | null;
    ultimo_error: string | null;
    actualizado_en: Date | null;
  }>(
    tx,
    sql`select i.consecutivo, i.direccion, i.estado as estado_inmueble,
               coalesce((i.publicar ->> ${portal})::boolean, false) as marcado,
               p.estado, p.id_externo, p.ultimo_error, p.actualizado_en
        from inmueble i
        left join portal_publicacion p on p.id_empresa = i.id_empresa and p.id_inmueble = i.id and p.portal = ${portal}
        where p.id_inmueble is not null or coalesce((i.publicar ->> ${portal})::boolean, false)
        order by i.consecutivo desc
        limit 500`,
  );
}

/** Every company's active configuration of these portals (platform-wide, from db.system). */
export async function configsActivas(tx: Tx, portales: readonly string[]) {
  if (portales.length === 0) return [];
  return queryRows<{ id_empresa: number; portal: string }>(
    tx,
    sql`select id_empresa, portal from portal_config where activo and portal in (${sql.join(
      portales.map((p) => sql`${p}`),
      sql`, `,
    )})`,
  );
}
