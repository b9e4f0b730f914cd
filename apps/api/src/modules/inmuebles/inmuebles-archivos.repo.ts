import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import * as archivos from '../../platform/archivos/archivos.repo.ts';

// A property's photos and documents are rows of the generic `archivo` table (migration 0080), owner type
// 'inmueble', id_dueno the property's id, categories 'foto' and 'documento'. These shapes keep what the
// property screens and the ficha used before.

export const TIPO_DUENO = 'inmueble';
const foto_ = (idInmueble: number): archivos.Dueno => ({ tipo: TIPO_DUENO, id: String(idInmueble), categoria: 'foto' });
const documento_ = (idInmueble: number): archivos.Dueno => ({
  tipo: TIPO_DUENO,
  id: String(idInmueble),
  categoria: 'documento',
});

export type FilaFoto = {
  id: number;
  orden: number;
  portada: boolean;
  claveMiniatura: string;
  claveGrande: string;
  ancho: number;
  alto: number;
  bytes: number;
  nombreOriginal: string;
  sha256: string | null;
  creadoPor: string;
  creadoEn: Date;
};
export type NuevaFoto = Omit<FilaFoto, 'id' | 'orden' | 'portada' | 'creadoEn'>;
export type FilaDocumento = {
  id: number;
  nombre: string;
  descripcion: string;
  contentType: string;
  bytes: number;
  clave: string;
  creadoPor: string;
  creadoEn: Date;
};

const aFoto = (f: archivos.FilaArchivo): FilaFoto => ({
  id: f.id,
  orden: f.orden,
  portada: f.principal,
  claveMiniatura: f.claveMiniatura ?? f.clave,
  claveGrande: f.clave,
  ancho: f.ancho ?? 0,
  alto: f.alto ?? 0,
  bytes: Number(f.bytes),
  nombreOriginal: f.nombre,
  sha256: f.sha256,
  creadoPor: f.creadoPor,
  creadoEn: f.creadoEn,
});

const aDocumento = (f: archivos.FilaArchivo): FilaDocumento => ({
  id: f.id,
  nombre: f.nombre,
  descripcion: f.descripcion,
  contentType: f.contentType,
  bytes: Number(f.bytes),
  clave: f.clave,
  creadoPor: f.creadoPor,
  creadoEn: f.creadoEn,
});

/**
 * The property's id by consecutivo (RLS: only the caller's company). `escribir` takes a row lock that
 * serialises photo and document writes on one property (orden and portada are computed from the rows)
 * without blocking inserts that merely reference it.
 */
export async function idInmueble(tx: Tx, consecutivo: number, escribir = false): Promise<number | null> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    escribir
      ? sql`select id from inmueble where consecutivo = ${consecutivo} for no key update`
      : sql`select id from inmueble where consecutivo = ${consecutivo}`,
  );
  return r?.id ?? null;
}

export async function fotos(tx: Tx, idInmueble: number): Promise<FilaFoto[]> {
  return (await archivos.listar(tx, foto_(idInmueble))).map(aFoto);
}

export async function foto(tx: Tx, idInmueble: number, id: number): Promise<FilaFoto | null> {
  const f = await archivos.uno(tx, foto_(idInmueble), id);
  return f ? aFoto(f) : null;
}

export async function portada(tx: Tx, idInmueble: number): Promise<FilaFoto | null> {
  const f = await archivos.principal(tx, foto_(idInmueble));
  return f ? aFoto(f) : null;
}

/** Appends photos after the last one; the first becomes the cover when the property has none. */
export async function agregarFotos(tx: Tx, idInmueble: number, nuevas: NuevaFoto[]): Promise<FilaFoto[]> {
  const filas = await archivos.agregar(
    tx,
    foto_(idInmueble),
    nuevas.map((n) => ({
      nombre: n.nombreOriginal,
      contentType: 'image/jpeg',
      bytes: n.bytes,
      sha256: n.sha256,
      clave: n.claveGrande,
      claveMiniatura: n.claveMiniatura,
      ancho: n.ancho,
      alto: n.alto,
      creadoPor: n.creadoPor,
    })),
    { principal: true },
  );
  return filas.map(aFoto);
}

/** Sets orden 1..n following `ids` (the caller checked they are exactly the property's photos). */
export function ordenar(tx: Tx, idInmueble: number, ids: number[]): Promise<void> {
  return archivos.ordenar(tx, foto_(idInmueble), ids);
}

export function cambiarPortada(tx: Tx, idInmueble: number, id: number): Promise<void> {
  return archivos.cambiarPrincipal(tx, foto_(idInmueble), id);
}

/** Deletes a photo; when it was the cover, the first remaining photo takes its place. Returns the new cover id. */
export async function eliminarFoto(tx: Tx, idInmueble: number, f: FilaFoto): Promise<number | null> {
  const fila = await archivos.uno(tx, foto_(idInmueble), f.id);
  return fila ? archivos.eliminar(tx, foto_(idInmueble), fila) : null;
}

export async function documentos(tx: Tx, idInmueble: number): Promise<FilaDocumento[]> {
  return (await archivos.listar(tx, documento_(idInmueble), true)).map(aDocumento);
}

export async function documento(tx: Tx, idInmueble: number, id: number): Promise<FilaDocumento | null> {
  const d = await archivos.uno(tx, documento_(idInmueble), id);
  return d ? aDocumento(d) : null;
}

/** What the ficha prints: only the fields meant for clients (no owners, no internal notes). */
export type DatosFicha = {
  consecutivo: number;
  tipo: string;
  gestion: string;
  estado: string;
  direccion: string;
  municipio: string | null;
  departamento: string | null;
  barrio: string | null;
  estrato: number | null;
  area_construida: string | null;
  area_privada: string | null;
  area_lote: string | null;
  habitaciones: number;
  banos: number;
  parqueaderos: number;
  piso: number | null;
  ascensor: boolean;
  anio_construccion: number | null;
  canon: string | null;
  precio_venta: string | null;
  administracion: string | null;
  descripcion: string;
  /** Names of its features from the company's catalogue (Balcón, Gimnasio…), alphabetical. */
  caracteristicas: string[];
  /** Who the client calls: the asesor comercial, else the captador (an active user), with their person's contact. */
  asesor_nombre: string | null;
  asesor_celular: string | null;
  asesor_email: string | null;
  lat: number | null;
  lng: number | null;
};

export async function datosFicha(tx: Tx, consecutivo: number): Promise<DatosFicha | null> {
  const [r] = await queryRows<DatosFicha>(
    tx,
    sql`select i.consecutivo, i.tipo, i.gestion, i.estado, i.direccion, m.municipio, m.departamento, b.nombre as barrio,
               i.estrato, i.area_construida::text, i.area_privada::text, i.area_lote::text, i.habitaciones, i.banos,
               i.parqueaderos, i.piso, i.ascensor, i.anio_construccion, i.canon::text, i.precio_venta::text,
               i.administracion::text, i.descripcion,
               array(select c.nombre from inmueble_caracteristica ic
                     join caracteristicas_inmueble c on c.id_empresa = ic.id_empresa and c.id = ic.id_caracteristica
                     where ic.id_empresa = i.id_empresa and ic.id_inmueble = i.id
                     order by c.nombre collate "C") as caracteristicas,
               a.nombre as asesor_nombre, a.celular as asesor_celular, a.email as asesor_email, i.lat, i.lng
        from inmueble i
        left join municipios m on m.id_empresa = i.id_empresa and m.id = i.id_municipio
        left join barrios b on b.id_empresa = i.id_empresa and b.id = i.id_barrio
        left join lateral (
          select coalesce(nullif(t.nombre, ''), nullif(u.nombre, ''), u.usuario) as nombre,
                 coalesce(nullif(t.celular, ''), nullif(t.telefonos, '')) as celular,
                 nullif(t.email, '') as email
          from usuarios u left join terceros t on t.id_empresa = u.id_empresa and t.nro_id = u.nro_id
          where u.id = coalesce(i.id_asesor_comercial, i.id_asesor_captador) and u.activo) a on true
        where i.consecutivo = ${consecutivo}`,
  );
  return r ?? null;
}

export type EmpresaFicha = {
  nombre: string;
  nit: string;
  direccion: string;
  telefonos: string;
  email: string;
  web: string;
  logo: string | null;
};

/** The company's name, logo file name and contact lines for the ficha's header and footer (RLS: the caller's). */
export async function empresaFicha(tx: Tx): Promise<EmpresaFicha | null> {
  const [r] = await queryRows<EmpresaFicha>(
    tx,
    sql`select nombre, nit, direccion, telefonos, email, web, logo from empresa limit 1`,
  );
  return r ?? null;
}
