import { z } from 'zod';
import { ETIQUETAS_INMUEBLE } from '@predio/contract/inmuebles';
import { CODIGO_NO_SE_ENVIA, type EntradaCatalogo, type PortalSincronizado } from '@predio/contract/portales';
import {
  claveCiudad,
  ErrorPortal,
  sinEquivalencia,
  llamar,
  type AdaptadorPortal,
  type AjustesPortal,
  type EstadoEnPortal,
  type FichaPortal,
  type ResultadoTarea,
} from './adaptador.ts';

/*
 * The integrators' API ("Ciencuadras API: Integration Partners" 1.0.0, OpenAPI published by Ciencuadras;
 * Fincaraíz's integrators' API is the same platform — fr_property_id is Fincaraíz's id, and the spec's own
 * photo rules speak of Fincaraíz — so one adapter serves both, each with its own address and key).
 * Read in the spec: servers https://kong(-qa).ciencuadras.com.co/management/api/1.0; header `apikey`;
 * POST /listing and PATCH /listing take an ARRAY of listings (ListingPOST / ListingPATCH) and answer
 * `{ task: { id, status } }`; PATCH /listing/status takes [{ listing_id, client_id, status: ACTIVE|DELETED }];
 * GET /task/{id} answers the task with `content[]` per listing (status, listing_id, fr_property_id,
 * external_code) and `messages.listings[] / images[]` with each error; GET /client/{client_id} is harmless.
 * Task states READY | RUNNING (pending), COMPLETED | FORWARDED (done: FORWARDED = the same data already
 * arrived today) and ERROR. Errors: 401 { message }, 429 { detail }, 500 { error: { tracking_id, message } }.
 * The webhook POSTs the same task body with headers HUB.ID and VERIFY-TOKEN (portales.routes.ts).
 */

export const URL_CIENCUADRAS = 'https://kong.ciencuadras.com.co/management/api/1.0';
/** Fincaraíz's production address is given with its key; this default is to be confirmed (docs/portales.md). */
export const URL_FINCARAIZ = 'https://kong.fincaraiz.com.co/management/api/1.0';

/** The spec's property_type enum for our types. */
export const TIPOS_INTEGRADORES: Record<string, string> = {
  apartamento: 'apartment',
  apartaestudio: 'studio',
  bodega: 'warehouse',
  casa: 'house',
  consultorio: 'consulting-room',
  edificio: 'building',
  finca: 'farm',
  habitación: 'room',
  local: 'commercial',
  lote: 'lot',
  oficina: 'office',
  parqueadero: 'parking',
};

/** Ranges the spec enumerates: 0 = «sin especificar», above the top the top value («más de»). */
const tope = (v: number, max: number) => Math.max(0, Math.min(Math.trunc(v), max));
const pisoDe = (v: number | null) => (v === null || v < 0 ? 0 : v > 16 ? 18 : Math.trunc(v));
/** age: 0 indefinido, 1 < 1 año, 2: 1–8, 3: 9–15, 4: 16–30, 5: > 30 (from the year of construction). */
export function antiguedad(anio: number | null, hoy = new Date()): number {
  if (!anio) return 0;
  const a = hoy.getUTCFullYear() - anio;
  if (a < 1) return 1;
  if (a <= 8) return 2;
  if (a <= 15) return 3;
  if (a <= 30) return 4;
  return 5;
}

const positivo = (campo: string) => z.number().positive({ error: `${campo} debe ser mayor que cero` });

/** One listing as POST /listing takes it (ListingPOST); PATCH adds listing_id. */
export const ZListingIntegradores = z.object({
  external_code: z.string().min(1),
  client_id: z.string().min(1, { error: 'client_id es obligatorio' }),
  offer: z.enum(['sell', 'rent', 'lease']),
  property_type: z.enum([
    'lot',
    'commercial',
    'office',
    'warehouse',
    'farm',
    'apartment',
    'house',
    'room',
    'consulting-room',
    'building',
    'cabin',
    'country-house',
    'studio',
    'house-lot',
    'parking',
  ]),
  description: z.string().min(1, { error: 'description es obligatoria' }),
  price: positivo('price'),
  administration: z.object({ is_included: z.boolean(), price: z.number().nonnegative().optional() }),
  stratum: z.union([z.number().int().min(0).max(6), z.literal(100), z.literal(110)]),
  area: positivo('area'),
  living_area: z.number().nonnegative().optional(),
  age: z.number().int().min(0).max(5),
  address: z.object({ address: z.string().min(1) }),
  locations: z.object({
    location_point: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    view_map: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    /** The barrio's id from GET /location/{name} (a NEIGHBOURHOOD), from the company's equivalences. */
    location_main_id: z.string().min(1).max(60).optional(),
  }),
  /** Feature ids of GET /category, from the company's equivalences of its características. */
  categories: z.array(z.number().int().positive()).optional(),
  rooms: z.number().int().min(0).max(20),
  baths: z.number().int().min(0).max(10),
  garages: z.number().int().min(0).max(11),
  floor: z.number().int().min(0).max(18),
  listing_contact: z.object({
    emails: z.array(z.object({ email: z.email(), is_main: z.boolean(), sort_order: z.number().int() })).min(1),
    phones: z
      .array(
        z.object({
          phone: z.string().min(1),
          sort_order: z.number().int(),
          is_whatsapp_number: z.boolean(),
          is_click_to_call: z.boolean(),
        }),
      )
      .min(1),
  }),
  photos: z.array(z.object({ image: z.url(), is_main: z.boolean(), sort_order: z.number().int().positive() })).max(30),
});
export type ListingIntegradores = z.infer<typeof ZListingIntegradores>;

const L = ETIQUETAS_INMUEBLE;
const ofertaDe = (f: FichaPortal): 'sell' | 'rent' => (f.gestion === 'venta' ? 'sell' : 'rent');
const precioDe = (f: FichaPortal) => (f.gestion === 'venta' ? f.precio_venta : f.canon);
const areaDe = (f: FichaPortal) => (f.tipo === 'lote' ? f.area_lote : (f.area_construida ?? f.area_privada));

function faltantesDe(nombre: string) {
  return (f: FichaPortal, a: AjustesPortal): string[] => {
    const out: string[] = [];
    if (!TIPOS_INTEGRADORES[f.tipo]) out.push(`${L.tipo} (${nombre} no tiene «${f.tipo}»)`);
    // One offer per listing: a property for rent and sale is published for rent (docs/portales.md).
    if (f.gestion !== 'venta' && !f.canon) out.push(L.canon);
    if (f.gestion === 'venta' && !f.precio_venta) out.push(L.precio_venta);
    if (!areaDe(f)) out.push(f.tipo === 'lote' ? L.area_lote : `${L.area_construida} o ${L.area_privada}`);
    if (!f.descripcion.trim()) out.push(L.descripcion);
    if (!f.direccion.trim()) out.push(L.direccion);
    if (f.lat === null) out.push(L.lat);
    if (f.lng === null) out.push(L.lng);
    if (!a.usuario) out.push(`Identificador del cliente en ${nombre} (configuración del portal)`);
    if (!a.correo_contacto) out.push('Correo de contacto (configuración del portal)');
    if (!a.telefono_contacto) out.push('Teléfono de contacto (configuración del portal)');
    // Once the company loaded the portal's barrios or features, each of the property's needs its id.
    const eq = f.equivalencias;
    if (f.barrio && eq?.conCatalogo.barrio && !eq.barrio) out.push(sinEquivalencia('Barrio', nombre, f.barrio));
    if (eq?.conCatalogo.caracteristica)
      for (const c of eq.caracteristicas ?? [])
        if (c.codigo === null) out.push(sinEquivalencia('Característica', nombre, c.nombre));
    return out;
  };
}

/** The feature ids the property's características map to (those «No se envía» left out), without repeats. */
const categoriasDe = (f: FichaPortal): number[] => [
  ...new Set(
    (f.equivalencias?.caracteristicas ?? [])
      .map((c) => c.codigo)
      .filter((c): c is string => c !== null && c !== CODIGO_NO_SE_ENVIA && /^\d{1,9}$/.test(c))
      .map(Number),
  ),
];

/** Pure: the property as one listing of the integrators' API. */
export function mapearIntegradores(f: FichaPortal, a: AjustesPortal, hoy = new Date()): ListingIntegradores {
  const area = areaDe(f) ?? 0;
  const barrio = f.equivalencias?.barrio ?? null;
  const categorias = categoriasDe(f);
  return {
    external_code: String(f.consecutivo),
    client_id: a.usuario,
    offer: ofertaDe(f),
    property_type: TIPOS_INTEGRADORES[f.tipo] as ListingIntegradores['property_type'],
    description: f.descripcion.trim(),
    price: precioDe(f) ?? 0,
    administration: f.administracion ? { is_included: false, price: f.administracion } : { is_included: false },
    stratum: f.estrato ?? 110,
    area,
    ...(f.tipo === 'lote' ? { living_area: f.area_lote ?? area } : {}),
    age: antiguedad(f.anio_construccion, hoy),
    address: { address: f.direccion.trim() },
    // Zone only: the exact point of a property for rent is not shown to everyone.
    locations: {
      location_point: { latitude: f.lat ?? 0, longitude: f.lng ?? 0 },
      view_map: 2,
      ...(barrio ? { location_main_id: barrio } : {}),
    },
    ...(categorias.length > 0 ? { categories: categorias } : {}),
    rooms: tope(f.habitaciones, 20),
    baths: tope(f.banos, 10),
    garages: tope(f.parqueaderos, 11),
    floor: pisoDe(f.piso),
    listing_contact: {
      emails: [{ email: a.correo_contacto ?? '', is_main: true, sort_order: 0 }],
      phones: [{ phone: a.telefono_contacto ?? '', sort_order: 0, is_whatsapp_number: true, is_click_to_call: true }],
    },
    photos: (f.fotosUrl ?? []).slice(0, 30).map((image, i) => ({ image, is_main: i === 0, sort_order: i + 1 })),
  };
}

type Tarea = {
  id?: string;
  status?: string;
  content?: {
    status?: string;
    listing_id?: string;
    external_code?: string;
    fr_property_id?: number;
    /** The photos received, each with the portal's image id (used to delete or replace one). */
    multimedia?: { id?: unknown; image?: unknown; url?: unknown; status?: unknown }[];
  }[];
  messages?: {
    listings?: { external_code?: string | number; error?: { message?: string; field?: { description?: string } } }[];
    images?: { url?: string; error?: { field?: { description?: string } } }[];
  };
};

/**
 * A task (GET /task or the webhook's body) as the outcome for one property (its external_code; '' when
 * the task carries only that one, as every task Predio sends does). The task may be COMPLETED with this
 * listing in ERROR: the per-listing status decides.
 */
export function resultadoDeTarea(nombre: string, tarea: Tarea, externalCode: string): ResultadoTarea {
  const estado = tarea.status ?? '';
  if (estado === 'READY' || estado === 'RUNNING') return { estado: 'pendiente' };
  const item = tarea.content?.find((c) => String(c.external_code) === externalCode) ?? tarea.content?.[0];
  const errores = (tarea.messages?.listings ?? [])
    .filter((m) => !externalCode || m.external_code === undefined || String(m.external_code) === externalCode)
    .map((m) => m.error?.field?.description ?? m.error?.message ?? 'error sin detalle');
  if (estado === 'ERROR' || item?.status === 'ERROR')
    return { estado: 'error', mensaje: `${nombre} rechazó el inmueble: ${errores.join('; ') || 'la tarea terminó con error'}` };
  if (estado === 'COMPLETED' || estado === 'FORWARDED') {
    const fotos = fotosDeTarea(item?.multimedia);
    return { estado: 'completada', idExterno: item?.listing_id ?? null, ...(fotos.length > 0 ? { fotos } : {}) };
  }
  throw new ErrorPortal(`${nombre} devolvió una tarea en un estado desconocido (${estado}): se reintentará`, true);
}

/** The task's multimedia[]: each photo received with its image id (those in ERROR left out). */
function fotosDeTarea(m: unknown): { url: string; id: string }[] {
  if (!Array.isArray(m)) return [];
  return (m as Record<string, unknown>[]).flatMap((x) => {
    const url = typeof x.image === 'string' ? x.image : typeof x.url === 'string' ? x.url : '';
    const id = typeof x.id === 'string' || typeof x.id === 'number' ? String(x.id) : '';
    return url && id && x.status !== 'ERROR' ? [{ url, id }] : [];
  });
}

/**
 * A listing's status code on the integrators' API, as its OpenAPI lists them (ListingResponse200.status):
 * 4 active; 0 incomplete and 10 being published are still on their way; 1 disabled from the portal's
 * office, 5 expired (the quota's product ran out) and 7 deleted are off; 2 no quota, 9 the portal's
 * internal error and 11 rejected by its moderation are «Error». No listing: the portal does not know it.
 * `j` is GET /listing/{listing_id}'s answer (a one-item list) or an object with `content[]`.
 */
export function estadoListing(nombre: string, j: unknown): EstadoEnPortal {
  const o = (j ?? null) as Record<string, unknown> | null;
  const lista = Array.isArray(j)
    ? (j as Record<string, unknown>[])
    : Array.isArray(o?.content)
      ? (o.content as Record<string, unknown>[])
      : [];
  const l = lista[0];
  if (!l) return { estado: 'no_existe' };
  const codigo = Number(l.status);
  const razon = typeof l.status_description === 'string' && l.status_description.trim() ? `: ${l.status_description.trim()}` : '';
  switch (codigo) {
    case 4:
      return { estado: 'publicado' };
    case 0:
    case 10:
      return { estado: 'pendiente' };
    case 1:
      return { estado: 'despublicado', motivo: `${nombre} lo tiene desactivado desde su oficina virtual${razon}` };
    case 5:
      return { estado: 'despublicado', motivo: `${nombre} lo retiró: venció el producto de su cupo${razon}` };
    case 7:
      return { estado: 'despublicado', motivo: `${nombre} lo tiene eliminado${razon}` };
    case 2:
      return { estado: 'error', motivo: `${nombre} no lo publica: el cliente no tiene cupo${razon}` };
    case 9:
      return { estado: 'error', motivo: `${nombre} tuvo un error interno al publicarlo${razon}: use Actualizar` };
    case 11:
      return { estado: 'error', motivo: `${nombre} rechazó el inmueble en su moderación${razon || ': sin motivo indicado'}` };
    default:
      return { estado: 'error', motivo: `${nombre} informó un estado desconocido (${String(l.status ?? 'vacío')})` };
  }
}

type Enviar = (method: string, ruta: string, cuerpo?: unknown) => Promise<Record<string, unknown> | null>;
const POR_PAGINA = 100;

/** GET /category?limit&offset → `{ total, list: { hits: [{ id, name, slug, parent: { name } }] } }`, every page. */
async function leerCategorias(enviar: Enviar): Promise<EntradaCatalogo[]> {
  const out = new Map<string, EntradaCatalogo>();
  // The portal may answer fewer than asked per page: advance by what came, until `total` or an empty page.
  for (let offset = 0, pagina = 0; pagina < 50; pagina++) {
    const j = await enviar('GET', `/category?limit=${POR_PAGINA}&offset=${offset}`);
    const lista = j?.list as { hits?: unknown } | undefined;
    const hits = Array.isArray(lista?.hits) ? (lista.hits as Record<string, unknown>[]) : [];
    for (const h of hits) {
      const nombre = typeof h.name === 'string' ? h.name.trim() : '';
      const padre = (h.parent ?? null) as { name?: unknown } | null;
      if (h.id === undefined || h.id === null || !nombre) continue;
      out.set(String(h.id), {
        codigo: String(h.id),
        nombre: nombre.slice(0, 200),
        padre: '',
        detalle: typeof padre?.name === 'string' ? padre.name.slice(0, 200) : '',
      });
    }
    offset += hits.length;
    if (hits.length === 0 || offset >= Number(j?.total ?? 0)) break;
  }
  return [...out.values()];
}

/**
 * GET /location/{name} answers up to five places (or null): only NEIGHBOURHOOD ones go in
 * `location_main_id`; each keeps its city's key in `padre` to be matched within the right municipio.
 */
export function barriosDe(j: unknown): EntradaCatalogo[] {
  const lista = Array.isArray(j) ? (j as Record<string, unknown>[]) : [];
  return lista
    .filter((l) => l.location_type === 'NEIGHBOURHOOD' && typeof l.id === 'string' && typeof l.name === 'string')
    .filter((l) => typeof l.city === 'string' && l.city.trim() !== '')
    .map((l) => ({
      codigo: String(l.id),
      nombre: String(l.name).slice(0, 200),
      padre: claveCiudad(String(l.city)),
      detalle: `${String(l.city)}${typeof l.state === 'string' && l.state ? ` (${l.state})` : ''}`.slice(0, 200),
    }));
}

function tareaDe(nombre: string, j: Record<string, unknown> | null): { tarea: string } {
  const t = (j?.task ?? null) as { id?: unknown } | null;
  if (typeof t?.id !== 'string' || !t.id)
    throw new ErrorPortal(`${nombre} aceptó el envío pero no devolvió el id de la tarea: se reintentará`, true);
  return { tarea: t.id };
}

function adaptador(portal: PortalSincronizado, nombre: string, urlPorDefecto: string): AdaptadorPortal<ListingIntegradores> {
  return {
    portal,
    nombre,
    esquema: ZListingIntegradores,
    faltantes: faltantesDe(nombre),
    mapear: (f, a) => mapearIntegradores(f, a),
    cliente(c, signal) {
      const base = (c.url || urlPorDefecto).replace(/\/+$/, '');
      const enviar = (method: string, ruta: string, cuerpo?: unknown) =>
        llamar(
          nombre,
          `${base}${ruta}`,
          {
            method,
            headers: { apikey: c.secreto, ...(cuerpo === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(cuerpo === undefined ? {} : { body: JSON.stringify(cuerpo) }),
          },
          signal,
        );
      return {
        async autenticar() {
          await enviar('GET', `/client/${encodeURIComponent(c.usuario)}`);
        },
        async publicar(p) {
          return tareaDe(nombre, await enviar('POST', '/listing', [p]));
        },
        /*
         * With the photos' ids (kept from earlier tasks): each photo removed here is deleted there by its id
         * (DELETE /listing/{listing_id}/image/{image_id}; a 404 means it is gone already), the photos the
         * portal has travel by id (order and main only, nothing downloaded again) and only new ones by URL.
         * Without them (listings sent before the ids were kept) the whole set goes, as before.
         */
        async actualizar(id, p, fotos) {
          let cuerpo: Record<string, unknown> = { listing_id: id, ...p };
          if (fotos && Object.keys(fotos.enPortal).length > 0) {
            const quedan = new Set(fotos.archivos.map(String));
            for (const [archivo, imagen] of Object.entries(fotos.enPortal))
              if (!quedan.has(archivo))
                await enviar('DELETE', `/listing/${encodeURIComponent(id)}/image/${encodeURIComponent(imagen)}`).catch(
                  (e: unknown) => {
                    if (e instanceof ErrorPortal && e.status === 404) return null;
                    throw e;
                  },
                );
            cuerpo = {
              ...cuerpo,
              photos: p.photos.map((foto, i) => {
                const imagen = fotos.enPortal[String(fotos.archivos[i])];
                return imagen ? { id: imagen, is_main: foto.is_main, sort_order: foto.sort_order } : foto;
              }),
            };
          }
          return tareaDe(nombre, await enviar('PATCH', '/listing', [cuerpo]));
        },
        async despublicar(id) {
          return tareaDe(
            nombre,
            await enviar('PATCH', '/listing/status', [{ listing_id: id, client_id: c.usuario, status: 'DELETED' }]),
          );
        },
        // The nightly reconciliation: GET /listing/{listing_id} answers the listing with its status code.
        async leerEstado(id) {
          const j = await enviar('GET', `/listing/${encodeURIComponent(id)}`).catch((e: unknown) => {
            if (e instanceof ErrorPortal && e.status === 404) return null;
            throw e;
          });
          return estadoListing(nombre, j);
        },
        // Catalogues: features from GET /category (paged), barrios from the place search GET /location/{name}.
        async leerCatalogo(clase, texto) {
          if (clase === 'caracteristica') return leerCategorias(enviar);
          if (clase === 'barrio' && texto) return barriosDe(await enviar('GET', `/location/${encodeURIComponent(texto)}`));
          return [];
        },
        // POST /webhook/{client_id}/subscribe { url, verify_token, events } → { id (HUB.ID), url, status }.
        async suscribirWebhook({ url, verifyToken }) {
          const j = await enviar('POST', `/webhook/${encodeURIComponent(c.usuario)}/subscribe`, {
            url,
            verify_token: verifyToken,
            events: ['TASK'],
          });
          const id = j?.hub_id ?? j?.id;
          if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '')
            throw new ErrorPortal(`${nombre} aceptó la suscripción pero no devolvió su identificador (HUB.ID)`, false);
          return { hubId: String(id).trim().slice(0, 100) };
        },
        async leerTarea(tarea) {
          const j = await enviar('GET', `/task/${encodeURIComponent(tarea)}`);
          return resultadoDeTarea(nombre, (j?.task ?? {}) as Tarea, '');
        },
      };
    },
  };
}

export const ciencuadras = adaptador('ciencuadras', 'Ciencuadras', URL_CIENCUADRAS);
export const fincaraiz = adaptador('fincaraiz', 'Fincaraíz', URL_FINCARAIZ);
