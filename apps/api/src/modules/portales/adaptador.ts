import type { z } from 'zod';
import type { ClaseCatalogo, EntradaCatalogo, PortalSincronizado } from '@predio/contract/portales';
import { llamarExterno, SinRespuesta, type RespuestaExterna } from '../../platform/http/externo.ts';

// The contract every portal adapter meets (issue 34). The synchroniser (portales.sync.ts) knows only
// this: it reads the property, asks the adapter what is missing, maps it, and calls the portal.

/** What a portal may receive about a property: read once from the database, in the synchroniser. */
export type FichaPortal = {
  consecutivo: number;
  tipo: string;
  gestion: 'arriendo' | 'venta' | 'arriendo_venta';
  estado: string;
  direccion: string;
  municipio: string;
  departamento: string;
  /** The municipio's DANE code (Domus identifies cities by it). */
  codigo_dane: string | null;
  barrio: string | null;
  estrato: number | null;
  area_construida: number | null;
  area_privada: number | null;
  area_lote: number | null;
  habitaciones: number;
  banos: number;
  parqueaderos: number;
  piso: number | null;
  anio_construccion: number | null;
  canon: number | null;
  precio_venta: number | null;
  administracion: number | null;
  descripcion: string;
  lat: number | null;
  lng: number | null;
  /** Ids of the photos in their order: part of what is compared to decide whether to send again. */
  fotos: number[];
  /**
   * The photos' public addresses, in the same order, for portals that download them (Proppit, Mercado Libre, the integrators' API); empty when
   * Predio has no public address (PUBLIC_URL).
   */
  fotosUrl: string[];
  /** The company's equivalences to this portal's catalogue (absent: the portal has no catalogue here). */
  equivalencias?: Equivalencias;
};

/**
 * What the company mapped for this property on this portal (docs/portales.md «Catálogos y
 * equivalencias»). Once a class of the catalogue is loaded its ids are required: a property whose
 * municipio has no equivalence is held, naming it, rather than sent to a wrong city.
 */
export type Equivalencias = {
  /** Whether the company holds the portal's catalogue of each class. */
  conCatalogo: Record<ClaseCatalogo, boolean>;
  tipo: string | null;
  /** The city's id and its parent (Wasi's id_region). */
  ciudad: { codigo: string; padre: string } | null;
  barrio: string | null;
  /** The mapped city has barrios in the catalogue: a barrio without equivalence is then named. */
  barriosDeCiudad: boolean;
  /**
   * The property's características and the portal's feature id each maps to (null: no equivalence yet;
   * CODIGO_NO_SE_ENVIA: the company said the portal has none). Absent for portals without features.
   */
  caracteristicas?: { nombre: string; codigo: string | null; detalle?: string | null }[];
};

/** «<Clase> sin equivalencia en <portal>: <nombre>», as the pre-send validation names a missing mapping. */
export const sinEquivalencia = (
  clase: 'Tipo de inmueble' | 'Municipio' | 'Barrio' | 'Característica',
  portal: string,
  nombre: string,
) => `${clase} sin equivalencia en ${portal}: ${nombre}`;

/**
 * A city's name as a comparable key, for portals that name a place's city in words (the integrators'
 * `GET /location`: «Bogotá, d.c.», elsewhere «Bogotá»): no accents, case, punctuation or «D.C.».
 */
export const claveCiudad = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bd c\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Offered for rent (arriendo or arriendo_venta) / for sale (venta or arriendo_venta). */
export const enArriendo = (f: FichaPortal) => f.gestion !== 'venta';
export const enVenta = (f: FichaPortal) => f.gestion !== 'arriendo';

/** The company's settings for the portal (not secret) and its decrypted token. */
export type AjustesPortal = {
  url: string;
  usuario: string;
  cuenta: string;
  id_region: number | null;
  id_ciudad: number | null;
  /** Integrators' API: the listing's contact (optional for the other portals). */
  correo_contacto?: string;
  telefono_contacto?: string;
};
/** An OAuth2 portal's tokens for the company's account (Mercado Libre), kept encrypted. */
export type TokensOAuth = { access_token: string; refresh_token: string; vence: number; usuario_portal: string };
export type CredencialesPortal = AjustesPortal & {
  secreto: string;
  /** Portals with a second secret (Metrocuadrado's x-api-key), decrypted; '' when not saved. */
  claveApi?: string;
  /** OAuth2 portals: the connected account's tokens (absent: not connected). */
  oauth?: TokensOAuth | null;
  /** Keeps renewed tokens (a refresh token is single-use: losing the new one disconnects the account). */
  guardarOAuth?: (t: TokensOAuth) => Promise<void>;
};

export type FotoParaPortal = { nombre: string; contenido: Buffer; posicion: number };

/**
 * A portal whose writes are asynchronous answers a task id instead of the result (the integrators' API of
 * Ciencuadras and Fincaraíz); the synchroniser keeps it and reads it with `leerTarea` (or receives it on
 * the webhook) before anything else is sent for that property.
 */
export type EnTarea = { tarea: string };
/**
 * A task's outcome: still running, done (with the listing's id on the portal when it says it, and the ids
 * the portal gave the photos it received, by their address), or failed.
 */
export type ResultadoTarea =
  | { estado: 'pendiente' }
  | { estado: 'completada'; idExterno: string | null; fotos?: { url: string; id: string }[] }
  | { estado: 'error'; mensaje: string };

/**
 * Portals whose contract answers an id per photo (the integrators' API): the photos of the listing being
 * updated (Predio's archivo ids, in the payload's order) and the portal's id of those it already has
 * (archivo id → image id). With them the adapter deletes a removed photo by its id and sends only the new
 * ones, instead of the whole set.
 */
export type FotosEnPortal = { archivos: number[]; enPortal: Record<string, string> };

/** The archivo id in a photo's public address (`…/archivos/<id>`), as the portal echoes it back. */
export const archivoDeUrl = (url: string): number | null => {
  const m = /\/archivos\/(\d+)(?:[?#]|$)/.exec(url);
  return m ? Number(m[1]) : null;
};

/**
 * A contact (lead) a portal hands over: someone who asked about a listing. `id` is the portal's own id
 * (a second read of the same contact is ignored by it); `persona` one comparable key of who asked (the
 * portal's user id, an e-mail or a phone), for merging repeated contacts.
 */
export type ContactoPortal = {
  id: string;
  /** The listing on the portal it was about (our portal_publicacion.id_externo). */
  idExterno: string;
  fecha: string;
  persona: string;
  nombre: string;
  telefono: string;
  email: string;
  mensaje: string;
};

/**
 * A listing's state as the portal reports it (the nightly reconciliation): on show, taken off, refused
 * (with the portal's reason in Spanish), or still under review; `no_existe` when the portal does not know it.
 */
export type EstadoEnPortal =
  | { estado: 'publicado' }
  | { estado: 'despublicado'; motivo?: string }
  | { estado: 'error'; motivo: string }
  | { estado: 'pendiente' }
  | { estado: 'no_existe' };

export type ClientePortal<P> = {
  /** Checks the credentials with a harmless call. */
  autenticar(): Promise<void>;
  publicar(payload: P): Promise<{ idExterno: string } | EnTarea>;
  actualizar(idExterno: string, payload: P, fotos?: FotosEnPortal): Promise<void | EnTarea>;
  despublicar(idExterno: string): Promise<void | EnTarea>;
  /** Portals that upload photos one by one (Wasi); absent when the photos travel in the payload as URLs. */
  subirFoto?(idExterno: string, foto: FotoParaPortal): Promise<void>;
  /**
   * Portals that post their tasks' results to a webhook (the integrators' API): subscribes `url` with the
   * VERIFY-TOKEN the portal will send back; answers the subscription's id (HUB.ID).
   */
  suscribirWebhook?(o: { url: string; verifyToken: string }): Promise<{ hubId: string }>;
  /** Portals that answer tasks (EnTarea): reads one. Optional, so the synchronous adapters need nothing. */
  leerTarea?(tarea: string): Promise<ResultadoTarea>;
  /**
   * Portals whose published contract hands over contacts by polling (Mercado Libre's questions): the
   * contacts received since `desde` (null: the portal's latest page), oldest first.
   */
  leerContactos?(desde: Date | null): Promise<ContactoPortal[]>;
  /** Portals whose contract lets one read a listing's state (the nightly reconciliation); optional. */
  leerEstado?(idExterno: string): Promise<EstadoEnPortal>;
  /**
   * Portals whose contract publishes catalogues: the entries of one class (barrios: those of the city
   * `padre`; cities carry their department in `padre`). A portal whose barrios come from a place search
   * (`CatalogoDePortal.barriosPorBusqueda`) takes the text to search in `padre` and answers the barrios
   * found, each with its city's key (`claveCiudad`) in `padre`. Optional; others take a CSV.
   */
  leerCatalogo?(clase: ClaseCatalogo, padre?: string): Promise<EntradaCatalogo[]>;
};

export type AdaptadorPortal<P> = {
  portal: PortalSincronizado;
  nombre: string;
  /** The portal's payload as its documentation defines it. */
  esquema: z.ZodType<P>;
  /** Each field the portal requires that the property (or the settings) lacks, named as the form names it. */
  faltantes(f: FichaPortal, a: AjustesPortal): string[];
  /** Pure: the property as the portal's listing. Only called when nothing is missing. */
  mapear(f: FichaPortal, a: AjustesPortal): P;
  cliente(c: CredencialesPortal, signal?: AbortSignal): ClientePortal<P>;
};

/**
 * A portal's refusal or failure, in Spanish for the person at the screen. `reintentable`: trying again
 * may help (429, 5xx, timeout, connection); `esperaMs`: the portal said when (Retry-After).
 */
export class ErrorPortal extends Error {
  constructor(
    message: string,
    readonly reintentable: boolean,
    readonly esperaMs?: number,
    /** The portal's HTTP status, when it answered one (a 401 may mean an expired token). */
    readonly status?: number,
    /** The portal's answer, when it refused: some portals name the reason in a code (pack_quota_exceeded). */
    readonly cuerpo?: Record<string, unknown> | null,
  ) {
    super(message);
  }
}

const TIEMPO_MS = 15_000;

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function leerRetryAfter(v: string | null, ahora = Date.now()): number | null {
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : Math.max(0, t - ahora);
}

/**
 * One HTTP call to a portal: a timeout, and every failure turned into an ErrorPortal that says whether
 * to try again. Answers the parsed JSON body (null when empty or not JSON).
 */
export async function llamar(
  nombre: string,
  url: string,
  init: RequestInit,
  signal?: AbortSignal,
): Promise<Record<string, unknown> | null> {
  let r: RespuestaExterna;
  try {
    r = await llamarExterno(url, init, { signal, tiempoMs: TIEMPO_MS });
  } catch (e) {
    if (e instanceof SinRespuesta && e.porTiempo) throw new ErrorPortal(`${nombre} no respondió a tiempo: se reintentará`, true);
    if (e instanceof SinRespuesta && e.destinoInterno)
      throw new ErrorPortal(`${nombre}: ${e.message}. Corrija la Dirección de la API`, false);
    throw new ErrorPortal(
      `No se pudo conectar con ${nombre} (${e instanceof Error ? e.message : String(e)}): se reintentará`,
      true,
    );
  }
  const { json, texto } = r;
  if (r.ok) return json;
  // `message` (Wasi, Domus, Kong, Mercado Libre), `detail` (the integrators' API's 429/404), `error` as
  // text (Proppit) or `error.message` (the integrators' API's 500).
  const anidado = json?.error as { message?: unknown } | string | undefined;
  const detalle =
    typeof json?.message === 'string'
      ? json.message
      : typeof json?.detail === 'string'
        ? json.detail
        : typeof anidado === 'string'
          ? anidado
          : typeof anidado?.message === 'string'
            ? anidado.message
            : texto.slice(0, 200);
  if (r.status === 429) {
    const espera = leerRetryAfter(r.headers.get('retry-after'));
    const cuando = espera === null ? '' : ` en ${Math.ceil(espera / 1000)} s`;
    throw new ErrorPortal(`${nombre} limitó los envíos (429): se reintentará${cuando}`, true, espera ?? undefined, 429);
  }
  if (r.status >= 500)
    throw new ErrorPortal(
      `${nombre} falló (${r.status})${detalle ? `: ${detalle}` : ''}: se reintentará`,
      true,
      undefined,
      r.status,
    );
  if (r.status === 401 || r.status === 403)
    throw new ErrorPortal(
      `${nombre} rechazó las credenciales (${r.status}): revise el token en la pantalla del portal`,
      false,
      undefined,
      r.status,
      json,
    );
  throw new ErrorPortal(
    `${nombre} rechazó el inmueble (${r.status})${detalle ? `: ${detalle}` : ''}`,
    false,
    undefined,
    r.status,
    json,
  );
}
