import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { minutosBloqueo, registrarFallo, type ThrottleConfig } from '../../platform/auth/throttle.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import type {
  BannerPublico,
  EmpresaPublica,
  InmueblePublico,
  NoticiaPublica,
  PuntoMapa,
  UbicacionBanner,
} from '@predio/contract/pagina-web';

export type { BannerPublico, InmueblePublico, NoticiaPublica, PuntoMapa };
import { AUTOR_NOTICIA, BANNER_VIGENTE, NOTICIA_VISIBLE } from './pagina-web.repo.ts';
import { POPUP_VIGENTE } from './popup.repo.ts';

// The public, read-only side of Página web: what a company publishes, for its website and for
// /sitio/:empresa. Each query names its columns: nothing internal (notes, owners, keys, authors) leaves.

/** Per address, generous for a site's visitors; per company, a flood from many addresses stops too. */
const LIMITE: ThrottleConfig = { maxPorIp: 600, maxPorUsuario: 20_000, ventanaMin: 10, bloqueoMin: 10 };

/** Counts a public read against the address and the company, and refuses it past the limits. */
export async function limitar(db: Database, ip: string, idEmpresa: number): Promise<void> {
  const claves = { usuario: `pub-emp:${idEmpresa}`, ip: `pub-ip:${ip}` };
  const bloqueo = await minutosBloqueo(db, claves);
  if (bloqueo > 0)
    throw new AppError(
      CODES.DEMASIADOS_INTENTOS,
      `Demasiadas consultas desde esta conexión. Intente de nuevo en ${bloqueo} ${bloqueo === 1 ? 'minuto' : 'minutos'}.`,
      undefined,
      { 'retry-after': String(bloqueo * 60) },
    );
  await registrarFallo(db, claves, LIMITE);
}

export type EmpresaSitio = {
  id_empresa: number;
  nombre: string;
  telefonos: string;
  email: string;
  web: string;
  direccion: string;
  logo: string | null;
  color_sitio: string;
  /** Internal: the site's contact form posts with it; never sent to the public. */
  clave_formulario_web: string | null;
};

export async function empresa(db: Database, id: number): Promise<EmpresaSitio> {
  const [e] = await db.system((tx) =>
    queryRows<EmpresaSitio>(
      tx,
      sql`select id_empresa, nombre, telefonos, email, web, direccion, logo, color_sitio, clave_formulario_web
          from empresa where id_empresa = ${id}`,
    ),
  );
  if (!e) throw noEncontrado(`La empresa ${id}`);
  return e;
}

/** A company's public API key: `pk_` and 32 random characters (empresa.service.ts makes them). */
export const CLAVE_API = /^pk_[A-Za-z0-9_-]{32}$/;

export type EmpresaPorClave = { id_empresa: number; cors_origenes: string[] };

/** The company whose public API key this is (keys are unique across companies), or null. */
export async function empresaPorClave(db: Database, clave: string): Promise<EmpresaPorClave | null> {
  if (!CLAVE_API.test(clave)) return null;
  const [e] = await db.system((tx) =>
    queryRows<EmpresaPorClave>(tx, sql`select id_empresa, cors_origenes from empresa where api_clave = ${clave}`),
  );
  return e ?? null;
}

/**
 * Whether a preflight from this origin may go on: with a key, that company's list decides; without one
 * (a browser sends no X-Api-Key in a preflight), any company that allows the origin. The real request is
 * then checked against its own key's company.
 */
export async function origenPermitido(db: Database, origen: string, clave: string | undefined): Promise<boolean> {
  if (clave !== undefined) return (await empresaPorClave(db, clave))?.cors_origenes.includes(origen) ?? false;
  const [r] = await db.system((tx) =>
    queryRows<{ si: boolean }>(tx, sql`select exists (select 1 from empresa where ${origen} = any (cors_origenes)) as si`),
  );
  return r?.si ?? false;
}

/** What the public API says about the company (no keys, no ids of staff). */
export const empresaPublica = (e: EmpresaSitio): EmpresaPublica => ({
  nombre: e.nombre || 'Inmobiliaria',
  telefonos: e.telefonos,
  email: e.email,
  web: e.web,
  direccion: e.direccion,
  color: e.color_sitio,
  logo: e.logo ? `/sitio/${e.id_empresa}/logo` : null,
});

export const urlArchivo = (idEmpresa: number, id: number | null, miniatura = false) =>
  id === null ? null : `/api/publico/${idEmpresa}/archivos/${id}${miniatura ? '?tamano=miniatura' : ''}`;

type FilaNoticia = Omit<NoticiaPublica, 'portada'> & { portada: number | null };

const portadaNoticia = sql`(select a.id from archivo a where a.tipo_dueno = 'noticia' and a.id_dueno = n.id::text order by a.orden, a.id limit 1)`;

/** A tag matches whatever its capitals (staff may write «Arriendos» in one news and «arriendos» in another). */
const conEtiqueta = (etiqueta: string | undefined) =>
  etiqueta ? sql`and exists (select 1 from unnest(n.etiquetas) x where lower(x) = lower(${etiqueta}))` : sql``;

export async function noticias(tx: Tx, idEmpresa: number, limite = 50, desde = 0, etiqueta?: string): Promise<NoticiaPublica[]> {
  const rows = await queryRows<FilaNoticia>(
    tx,
    sql`select n.titulo, n.slug, n.resumen, n.etiquetas, ${AUTOR_NOTICIA} as autor, n.publicar_en as publicada_en, ${portadaNoticia} as portada
        from noticia n where ${NOTICIA_VISIBLE} ${conEtiqueta(etiqueta)}
        order by n.publicar_en desc nulls last, n.id desc limit ${limite} offset ${desde}`,
  );
  return rows.map((r) => ({ ...r, portada: urlArchivo(idEmpresa, r.portada) }));
}

export async function contarNoticias(tx: Tx, etiqueta?: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from noticia n where ${NOTICIA_VISIBLE} ${conEtiqueta(etiqueta)}`,
  );
  return r?.n ?? 0;
}

export async function noticia(tx: Tx, idEmpresa: number, slug: string): Promise<NoticiaPublica> {
  const [r] = await queryRows<FilaNoticia & { cuerpo: string }>(
    tx,
    sql`select n.titulo, n.slug, n.resumen, n.cuerpo, n.etiquetas, ${AUTOR_NOTICIA} as autor, n.publicar_en as publicada_en, ${portadaNoticia} as portada
        from noticia n where n.slug = ${slug} and ${NOTICIA_VISIBLE}`,
  );
  if (!r) throw noEncontrado(`La noticia «${slug}»`);
  return { ...r, portada: urlArchivo(idEmpresa, r.portada) };
}

const imagenBanner = (categoria: string) =>
  sql`(select a.id from archivo a where a.tipo_dueno = 'banner' and a.id_dueno = b.id::text and a.categoria = ${categoria}
       order by a.orden, a.id limit 1)`;

/** The current banners in order; those of one placement when given. */
export async function banners(tx: Tx, idEmpresa: number, ubicacion?: UbicacionBanner): Promise<BannerPublico[]> {
  const rows = await queryRows<
    Omit<BannerPublico, 'imagen' | 'imagen_movil'> & { imagen: number | null; imagen_movil: number | null }
  >(
    tx,
    sql`select b.titulo, b.enlace, b.ubicacion, b.orden, ${imagenBanner('imagen')} as imagen, ${imagenBanner('imagen_movil')} as imagen_movil
        from banner b where ${BANNER_VIGENTE} ${ubicacion ? sql`and b.ubicacion = ${ubicacion}` : sql``} order by b.orden, b.id`,
  );
  return rows.map((r) => ({
    ...r,
    imagen: urlArchivo(idEmpresa, r.imagen),
    imagen_movil: urlArchivo(idEmpresa, r.imagen_movil),
  }));
}

type FilaInmueble = Omit<InmueblePublico, 'fotos' | 'ubicacion'> & {
  fotos: number[] | null;
  lat: number | null;
  lng: number | null;
};

/**
 * The public never sees the address, so neither its exact point: coordinates are rounded in the query to
 * a grid of 0.002° (about 220 m in Colombia), enough for a map of the area and not for the building.
 */
export const REJILLA_UBICACION = 500;

// Only «disponible» properties; never the address, the owners, the keys or the internal notes.
const COLUMNAS_INMUEBLE = sql`i.consecutivo, i.tipo, i.gestion, m.municipio, m.departamento, b.nombre as barrio, i.estrato,
  i.area_construida::float8 as area_construida, i.area_privada::float8 as area_privada, i.habitaciones, i.banos,
  i.parqueaderos, i.piso, i.ascensor, i.canon::float8 as canon, i.precio_venta::float8 as precio_venta,
  i.administracion::float8 as administracion, i.descripcion,
  array(select c.nombre from inmueble_caracteristica ic
        join caracteristicas_inmueble c on c.id_empresa = ic.id_empresa and c.id = ic.id_caracteristica
        where ic.id_empresa = i.id_empresa and ic.id_inmueble = i.id order by c.nombre collate "C") as caracteristicas,
  array(select a.id from archivo a where a.tipo_dueno = 'inmueble' and a.id_dueno = i.id::text and a.categoria = 'foto'
        order by a.principal desc, a.orden, a.id) as fotos,
  (round(i.lat::numeric * ${sql.raw(String(REJILLA_UBICACION))}) / ${sql.raw(String(REJILLA_UBICACION))})::float8 as lat,
  (round(i.lng::numeric * ${sql.raw(String(REJILLA_UBICACION))}) / ${sql.raw(String(REJILLA_UBICACION))})::float8 as lng`;
const DESDE_INMUEBLE = sql`from inmueble i
  left join municipios m on m.id_empresa = i.id_empresa and m.id = i.id_municipio
  left join barrios b on b.id_empresa = i.id_empresa and b.id = i.id_barrio
  where i.estado = 'disponible'`;

const conFotos = (idEmpresa: number, { lat, lng, ...r }: FilaInmueble): InmueblePublico => ({
  ...r,
  fotos: (r.fotos ?? []).map((id) => ({ grande: urlArchivo(idEmpresa, id)!, miniatura: urlArchivo(idEmpresa, id, true)! })),
  ubicacion: lat !== null && lng !== null ? { lat, lng } : null,
});

export type FiltrosInmuebles = {
  gestion?: string | undefined;
  tipo?: string | undefined;
  municipio?: number | undefined;
  precio_min?: number | undefined;
  precio_max?: number | undefined;
  habitaciones_min?: number | undefined;
  barrio?: number | undefined;
  codigo?: number | undefined;
  limite: number;
  pagina?: number | undefined;
};

/**
 * The search's conditions. «arriendo» and «venta» also match a property offered both ways; the price
 * range reads the canon for arriendo, the sale price for venta, and either of them without a gestión.
 */
function condiciones(f: FiltrosInmuebles) {
  const gestiones = f.gestion === 'arriendo_venta' || !f.gestion ? [f.gestion] : [f.gestion, 'arriendo_venta'];
  const enRango = (col: ReturnType<typeof sql>) =>
    sql`(${col} is not null ${f.precio_min !== undefined ? sql`and ${col} >= ${f.precio_min}` : sql``} ${
      f.precio_max !== undefined ? sql`and ${col} <= ${f.precio_max}` : sql``
    })`;
  const precio =
    f.precio_min === undefined && f.precio_max === undefined
      ? sql``
      : f.gestion === 'arriendo'
        ? sql`and ${enRango(sql`i.canon`)}`
        : f.gestion === 'venta'
          ? sql`and ${enRango(sql`i.precio_venta`)}`
          : sql`and (${enRango(sql`i.canon`)} or ${enRango(sql`i.precio_venta`)})`;
  return sql`${
    f.gestion
      ? sql`and i.gestion in (${sql.join(
          gestiones.map((g) => sql`${g}`),
          sql`, `,
        )})`
      : sql``
  }
    ${f.tipo ? sql`and i.tipo = ${f.tipo}` : sql``}
    ${f.municipio ? sql`and i.id_municipio = ${f.municipio}` : sql``}
    ${f.habitaciones_min ? sql`and i.habitaciones >= ${f.habitaciones_min}` : sql``}
    ${f.barrio ? sql`and i.id_barrio = ${f.barrio}` : sql``}
    ${f.codigo ? sql`and i.consecutivo = ${f.codigo}` : sql``}
    ${precio}`;
}

export async function inmuebles(tx: Tx, idEmpresa: number, f: FiltrosInmuebles): Promise<InmueblePublico[]> {
  const desde = ((f.pagina ?? 1) - 1) * f.limite;
  const rows = await queryRows<FilaInmueble>(
    tx,
    sql`select ${COLUMNAS_INMUEBLE} ${DESDE_INMUEBLE} ${condiciones(f)}
        order by (select count(*) from archivo a where a.tipo_dueno = 'inmueble' and a.id_dueno = i.id::text and a.categoria = 'foto') > 0 desc,
                 i.consecutivo desc
        limit ${f.limite} offset ${desde}`,
  );
  return rows.map((r) => conFotos(idEmpresa, r));
}

/** How many available properties the search finds (the site's pages); `ubicados`: only those with a point. */
export async function contarInmuebles(tx: Tx, f: FiltrosInmuebles, ubicados = false): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n ${DESDE_INMUEBLE} ${ubicados ? sql`and i.lat is not null and i.lng is not null` : sql``} ${condiciones(f)}`,
  );
  return r?.n ?? 0;
}

/** The search map draws at most this many points (the newest first, as the list). */
export const MAX_PUNTOS_MAPA = 5000;

/**
 * Every located property the search finds (not just a page of it), each only as its consecutivo, its
 * rounded point and its price: what the site's map needs to show the whole result set, a few bytes each.
 */
export async function puntosInmuebles(tx: Tx, f: FiltrosInmuebles): Promise<PuntoMapa[]> {
  const r = sql.raw(String(REJILLA_UBICACION));
  return queryRows<PuntoMapa>(
    tx,
    sql`select i.consecutivo, (round(i.lat::numeric * ${r}) / ${r})::float8 as lat, (round(i.lng::numeric * ${r}) / ${r})::float8 as lng,
               coalesce(i.canon, i.precio_venta)::float8 as precio
        ${DESDE_INMUEBLE} and i.lat is not null and i.lng is not null ${condiciones(f)}
        order by i.consecutivo desc limit ${MAX_PUNTOS_MAPA}`,
  );
}

/** The municipios that have an available property: the search's choices. */
export async function municipiosConInmuebles(tx: Tx): Promise<{ id: number; municipio: string }[]> {
  return queryRows(
    tx,
    sql`select distinct m.id, m.municipio from inmueble i join municipios m on m.id_empresa = i.id_empresa and m.id = i.id_municipio
        where i.estado = 'disponible' order by m.municipio`,
  );
}

/** The barrios that have an available property (of one municipio when given), named with their municipio. */
export async function barriosConInmuebles(
  tx: Tx,
  municipio: number | undefined,
): Promise<{ id: number; barrio: string; municipio: string | null }[]> {
  return queryRows(
    tx,
    sql`select distinct b.id, b.nombre as barrio, m.municipio from inmueble i
        join barrios b on b.id_empresa = i.id_empresa and b.id = i.id_barrio
        left join municipios m on m.id_empresa = i.id_empresa and m.id = i.id_municipio
        where i.estado = 'disponible' ${municipio ? sql`and i.id_municipio = ${municipio}` : sql``}
        order by b.nombre, m.municipio`,
  );
}

/** The types that have an available property. */
export async function tiposConInmuebles(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ tipo: string }>(
    tx,
    sql`select distinct i.tipo from inmueble i where i.estado = 'disponible' order by i.tipo`,
  );
  return rows.map((r) => r.tipo);
}

export async function inmueble(tx: Tx, idEmpresa: number, consecutivo: number): Promise<InmueblePublico> {
  const [r] = await queryRows<FilaInmueble>(
    tx,
    sql`select ${COLUMNAS_INMUEBLE} ${DESDE_INMUEBLE} and i.consecutivo = ${consecutivo}`,
  );
  if (!r) throw noEncontrado(`El inmueble ${consecutivo}`);
  return conFotos(idEmpresa, r);
}

/**
 * A file the public may see: the cover of a visible news, the image of a current banner or pop-up, a photo of
 * an available property. Anything else (a document, a draft's cover) is «no existe».
 */
export async function archivoPublico(tx: Tx, id: number, miniatura: boolean): Promise<{ clave: string; contentType: string }> {
  const [r] = await queryRows<{ clave: string; clave_miniatura: string | null; content_type: string }>(
    tx,
    sql`select a.clave, a.clave_miniatura, a.content_type from archivo a
        where a.id = ${id} and (
          (a.tipo_dueno = 'noticia' and exists (select 1 from noticia n where n.id::text = a.id_dueno and ${NOTICIA_VISIBLE}))
          or (a.tipo_dueno = 'banner' and exists (select 1 from banner b where b.id::text = a.id_dueno and ${BANNER_VIGENTE}))
          or (a.tipo_dueno = 'popup' and exists (select 1 from popup_inicio p where p.id::text = a.id_dueno and ${POPUP_VIGENTE}))
          or (a.tipo_dueno = 'inmueble' and a.categoria = 'foto'
              and exists (select 1 from inmueble i where i.id::text = a.id_dueno and i.estado = 'disponible')))`,
  );
  if (!r) throw noEncontrado(`La imagen ${id}`);
  const clave = miniatura && r.clave_miniatura ? r.clave_miniatura : r.clave;
  return { clave, contentType: r.content_type };
}

export const sinImagen = (id: number) => noEncontrado(`La imagen ${id}`);
