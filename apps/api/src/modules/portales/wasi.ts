import { z } from 'zod';
import { ETIQUETAS_INMUEBLE } from '@predio/contract/inmuebles';
import {
  enArriendo,
  enVenta,
  ErrorPortal,
  llamar,
  type AdaptadorPortal,
  type AjustesPortal,
  sinEquivalencia,
  type EstadoEnPortal,
  type FichaPortal,
} from './adaptador.ts';
import { CODIGO_NO_SE_ENVIA, type EntradaCatalogo } from '@predio/contract/portales';

/*
 * Wasi (api.wasi.co, docs/guide): every call carries `id_company` and `wasi_token`; a property is written
 * with POST /v1/property/add (answers its id_property) and /v1/property/update/{id_property}, removed with
 * /v1/property/delete/{id_property}, and its images go to /v1/property/upload-image/{id_property}
 * (multipart `image`). Wasi answers `{ status: 'success', … }` or `{ status: 'error', message }`, also with
 * HTTP 200. Field names are those of GET /v1/property/search (read in the docs); the write endpoints and
 * the property-type ids are inferred from them and must be checked against a Pro account (docs/portales.md).
 */

export const URL_WASI = 'https://api.wasi.co/v1';

/** Wasi's property types (id_property_type) for ours. */
export const TIPOS_WASI: Record<string, number> = {
  casa: 1,
  apartamento: 2,
  local: 3,
  oficina: 4,
  lote: 5,
  finca: 7,
  bodega: 8,
  apartaestudio: 14,
  consultorio: 15,
  edificio: 16,
  habitación: 20,
  parqueadero: 23,
};

const flag = z.enum(['true', 'false']);
const n = (campo: string) =>
  z.number({ error: `Wasi: ${campo} debe ser un número` }).nonnegative({ error: `Wasi: ${campo} no puede ser negativo` });

/** The listing as Wasi's API takes it (form fields; numbers are sent as text). */
export const ZWasiPropiedad = z.object({
  id_property_type: z.number().int().positive(),
  id_country: z.literal(1),
  id_region: z.number().int().positive({ error: 'Wasi: falta el departamento (id_region)' }),
  id_city: z.number().int().positive({ error: 'Wasi: falta la ciudad (id_city)' }),
  /** The barrio's zone, when the company mapped it (Wasi's catalogue of zones per city). */
  id_zone: z.number().int().positive().optional(),
  id_currency: z.literal(1),
  title: z.string().min(1).max(150),
  address: z.string().min(1).max(250),
  zone_label: z.string().max(120),
  for_sale: flag,
  for_rent: flag,
  sale_price: n('sale_price'),
  rent_price: n('rent_price'),
  maintenance_fee: n('maintenance_fee'),
  area: n('area').positive({ error: 'Wasi: el área debe ser mayor que cero' }),
  built_area: n('built_area'),
  private_area: n('private_area'),
  id_unit_area: z.literal(1),
  bedrooms: z.number().int().nonnegative(),
  bathrooms: z.number().int().nonnegative(),
  garages: z.number().int().nonnegative(),
  floor: z.string().max(10),
  stratum: z.number().int().min(0).max(6),
  observations: z.string().min(1, { error: 'Wasi: falta la descripción' }).max(5000),
  latitude: z.string(),
  longitude: z.string(),
  building_date: z.string(),
  reference: z.string().min(1).max(30),
  id_property_condition: z.literal(2),
  id_status_on_page: z.literal(1),
  id_availability: z.literal(1),
  id_rents_type: z.literal(4),
  /**
   * The property's features as Wasi's feature ids, comma-separated (form field), from the company's
   * equivalences of its características (Wasi's catalogue of features: GET /feature/all).
   */
  features: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/)
    .optional(),
});
export type WasiPropiedad = z.infer<typeof ZWasiPropiedad>;

const L = ETIQUETAS_INMUEBLE;

/** The property type's id in Wasi: the company's equivalence once Wasi's types are loaded, else Predio's reading of them. */
const tipoDe = (f: FichaPortal): number | null => {
  const eq = f.equivalencias;
  if (eq?.conCatalogo.tipo) return eq.tipo && /^\d+$/.test(eq.tipo) ? Number(eq.tipo) : null;
  return TIPOS_WASI[f.tipo] ?? null;
};
/** Department and city: the municipio's equivalence once the catalogue is loaded, else the settings. */
const ciudadDe = (f: FichaPortal, a: AjustesPortal): { region: number | null; ciudad: number | null } => {
  const eq = f.equivalencias;
  if (eq?.ciudad) return { region: Number(eq.ciudad.padre) || null, ciudad: Number(eq.ciudad.codigo) || null };
  if (eq?.conCatalogo.ciudad) return { region: null, ciudad: null };
  return { region: a.id_region, ciudad: a.id_ciudad };
};

function faltantes(f: FichaPortal, a: AjustesPortal): string[] {
  const out: string[] = [];
  const eq = f.equivalencias;
  if (!tipoDe(f))
    out.push(
      eq?.conCatalogo.tipo ? sinEquivalencia('Tipo de inmueble', 'Wasi', f.tipo) : `${L.tipo} (Wasi no tiene «${f.tipo}»)`,
    );
  if (enArriendo(f) && !f.canon) out.push(L.canon);
  if (enVenta(f) && !f.precio_venta) out.push(L.precio_venta);
  if (!f.area_construida && !f.area_privada && !f.area_lote) out.push(`${L.area_construida}, ${L.area_privada} o ${L.area_lote}`);
  if (!f.descripcion.trim()) out.push(L.descripcion);
  if (!a.usuario) out.push('Identificador de la empresa en Wasi (configuración del portal)');
  if (eq?.conCatalogo.ciudad) {
    if (!eq.ciudad) out.push(sinEquivalencia('Municipio', 'Wasi', f.municipio));
    else if (!Number(eq.ciudad.padre)) out.push(`Departamento de la ciudad ${f.municipio} en el catálogo de Wasi`);
  } else {
    if (!a.id_region) out.push('Departamento en Wasi (configuración del portal)');
    if (!a.id_ciudad) out.push('Ciudad en Wasi (configuración del portal)');
  }
  if (f.barrio && eq?.barriosDeCiudad && !eq.barrio) out.push(sinEquivalencia('Barrio', 'Wasi', f.barrio));
  // Once the company loaded Wasi's features, each of the property's características needs its id (or «No se envía»).
  if (eq?.conCatalogo.caracteristica)
    for (const c of eq.caracteristicas ?? [])
      if (c.codigo === null) out.push(sinEquivalencia('Característica', 'Wasi', c.nombre));
  return out;
}

/** Wasi's feature ids for the property's características («No se envía» and repeats left out). */
const featuresDe = (f: FichaPortal): string =>
  [
    ...new Set(
      (f.equivalencias?.caracteristicas ?? [])
        .map((c) => c.codigo)
        .filter((c): c is string => c !== null && c !== CODIGO_NO_SE_ENVIA && /^\d{1,9}$/.test(c)),
    ),
  ].join(',');

/**
 * Wasi's features: `{ internal: [...], external: [...] }` as a property's `features` shows them (each
 * `{ id, nombre | name }`), or a list keyed by position with `id_feature` / `id`; the group goes in `detalle`.
 */
export function caracteristicasWasi(j: Record<string, unknown>): EntradaCatalogo[] {
  const out = new Map<string, EntradaCatalogo>();
  const tomar = (xs: unknown, grupo: string) => {
    const lista = Array.isArray(xs)
      ? (xs as unknown[])
      : xs && typeof xs === 'object'
        ? Object.entries(xs as Record<string, unknown>)
            .filter(([k]) => /^\d+$/.test(k))
            .map(([, v]) => v)
        : [];
    for (const x of lista as Record<string, unknown>[]) {
      if (!x || typeof x !== 'object') continue;
      const id = x.id_feature ?? x.id;
      const nombre = String(x.nombre || x.name || '')
        .replace(/\s+/g, ' ')
        .trim();
      if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d{1,9}$/.test(String(id)) || !nombre) continue;
      const g = grupo || (x.type === 'external' ? 'Externa' : x.type === 'internal' ? 'Interna' : '');
      out.set(String(id), { codigo: String(id), nombre: nombre.slice(0, 200), padre: '', detalle: g });
    }
  };
  if (Array.isArray(j.internal) || Array.isArray(j.external)) {
    tomar(j.internal, 'Interna');
    tomar(j.external, 'Externa');
  } else tomar(j, '');
  return [...out.values()];
}

const texto = (v: number | null) => (v === null ? '' : String(v));

function mapear(f: FichaPortal, a: AjustesPortal): WasiPropiedad {
  const area = f.area_construida ?? f.area_privada ?? f.area_lote ?? 0;
  const tipo = f.tipo.charAt(0).toUpperCase() + f.tipo.slice(1);
  return {
    id_property_type: tipoDe(f) ?? 0,
    id_country: 1,
    id_region: ciudadDe(f, a).region ?? 0,
    id_city: ciudadDe(f, a).ciudad ?? 0,
    ...(f.equivalencias?.barrio && /^\d+$/.test(f.equivalencias.barrio) ? { id_zone: Number(f.equivalencias.barrio) } : {}),
    id_currency: 1,
    title: `${tipo} en ${f.gestion === 'venta' ? 'venta' : f.gestion === 'arriendo' ? 'arriendo' : 'arriendo y venta'}${f.barrio ? `, ${f.barrio}` : ''} - ${f.municipio}`,
    address: f.direccion,
    zone_label: f.barrio ?? '',
    for_sale: enVenta(f) ? 'true' : 'false',
    for_rent: enArriendo(f) ? 'true' : 'false',
    sale_price: enVenta(f) ? (f.precio_venta ?? 0) : 0,
    rent_price: enArriendo(f) ? (f.canon ?? 0) : 0,
    maintenance_fee: f.administracion ?? 0,
    area,
    built_area: f.area_construida ?? 0,
    private_area: f.area_privada ?? 0,
    id_unit_area: 1,
    bedrooms: f.habitaciones,
    bathrooms: f.banos,
    garages: f.parqueaderos,
    floor: texto(f.piso),
    stratum: f.estrato ?? 0,
    observations: f.descripcion.trim(),
    latitude: texto(f.lat),
    longitude: texto(f.lng),
    building_date: texto(f.anio_construccion),
    reference: String(f.consecutivo),
    id_property_condition: 2,
    id_status_on_page: 1,
    id_availability: 1,
    id_rents_type: 4,
    ...(featuresDe(f) ? { features: featuresDe(f) } : {}),
  };
}

/** Wasi's own «error» body (HTTP 200 or not) as an ErrorPortal. */
function revisar(j: Record<string, unknown> | null): Record<string, unknown> {
  if (j && j.status === 'error') {
    const m = typeof j.message === 'string' ? j.message : 'error sin detalle';
    if (/token|company|autentic|credencial/i.test(m))
      throw new ErrorPortal(
        `Wasi rechazó las credenciales: ${m}. Revise el identificador y el token en la pantalla de Wasi`,
        false,
      );
    throw new ErrorPortal(`Wasi rechazó el inmueble: ${m}`, false);
  }
  return j ?? {};
}

/**
 * A property's state on Wasi: `id_status_on_page` 1 is shown on the company's pages and portals; any
 * other value is hidden there (someone changed it in Wasi).
 */
export function estadoWasi(j: Record<string, unknown>): EstadoEnPortal {
  const enPagina = Number(j.id_status_on_page ?? 1);
  if (enPagina === 1) return { estado: 'publicado' };
  return { estado: 'despublicado', motivo: `Wasi la tiene oculta (id_status_on_page ${enPagina})` };
}

/**
 * Wasi's lists answer the entries keyed by position beside `status` ({ "0": {…}, "1": {…}, status,
 * total }); an array is taken too.
 */
export function entradasWasi(j: Record<string, unknown>, id: string): { codigo: string; nombre: string }[] {
  const xs = Array.isArray(j)
    ? (j as unknown[])
    : Object.entries(j)
        .filter(([k]) => /^\d+$/.test(k))
        .map(([, v]) => v);
  return xs
    .map((x) => x as Record<string, unknown>)
    .filter((x) => x && (typeof x[id] === 'number' || typeof x[id] === 'string') && typeof x.name === 'string')
    .map((x) => ({ codigo: String(x[id]), nombre: String(x.name).trim() }));
}

export const wasi: AdaptadorPortal<WasiPropiedad> = {
  portal: 'wasi',
  nombre: 'Wasi',
  esquema: ZWasiPropiedad,
  faltantes,
  mapear,
  cliente(c, signal) {
    const base = (c.url || URL_WASI).replace(/\/+$/, '');
    const auth = { id_company: c.usuario, wasi_token: c.secreto };
    const form = (campos: Record<string, string | number>) =>
      new URLSearchParams(Object.entries({ ...campos, ...auth }).map(([k, v]): [string, string] => [k, String(v)]));
    const post = async (ruta: string, campos: Record<string, string | number>) =>
      revisar(await llamar('Wasi', `${base}${ruta}`, { method: 'POST', body: form(campos) }, signal));
    return {
      async autenticar() {
        revisar(await llamar('Wasi', `${base}/property/search?${form({ take: 1 }).toString()}`, { method: 'GET' }, signal));
      },
      async publicar(p) {
        const r = await post('/property/add', p);
        const id = r.id_property;
        if (typeof id !== 'number' && typeof id !== 'string')
          throw new ErrorPortal('Wasi aceptó el inmueble pero no devolvió su id_property', false);
        return { idExterno: String(id) };
      },
      async actualizar(id, p) {
        await post(`/property/update/${encodeURIComponent(id)}`, p);
      },
      async despublicar(id) {
        await post(`/property/delete/${encodeURIComponent(id)}`, {});
      },
      // The nightly reconciliation: GET /property/get/{id} (inferred like the writes). Wasi answers an
      // unknown id with its error body, not a 404.
      async leerEstado(id) {
        const j = await llamar(
          'Wasi',
          `${base}/property/get/${encodeURIComponent(id)}?${form({}).toString()}`,
          { method: 'GET' },
          signal,
        ).catch((e: unknown) => {
          if (e instanceof ErrorPortal && e.status === 404) return { status: 'error', message: 'Property not found' };
          throw e;
        });
        if (j?.status === 'error' && typeof j.message === 'string' && /not found|no existe/i.test(j.message))
          return { estado: 'no_existe' };
        return estadoWasi(revisar(j));
      },
      // Catalogues (inferred like the writes; docs/portales.md): GET /property-type/all, /feature/all,
      // /location/regions-from-country/1, /location/cities-from-region/{id_region},
      // /location/zones-from-city/{id_city}.
      async leerCatalogo(clase, padre) {
        const get = async (ruta: string) =>
          revisar(await llamar('Wasi', `${base}${ruta}?${form({}).toString()}`, { method: 'GET' }, signal));
        const a = (xs: { codigo: string; nombre: string }[], padreDe = '', detalle = ''): EntradaCatalogo[] =>
          xs.map((x) => ({ ...x, padre: padreDe, detalle }));
        if (clase === 'tipo') return a(entradasWasi(await get('/property-type/all'), 'id_property_type'));
        if (clase === 'caracteristica') return caracteristicasWasi(await get('/feature/all'));
        if (clase === 'barrio') {
          if (!padre) return [];
          return a(entradasWasi(await get(`/location/zones-from-city/${encodeURIComponent(padre)}`), 'id_zone'), padre);
        }
        const out: EntradaCatalogo[] = [];
        for (const r of entradasWasi(await get('/location/regions-from-country/1'), 'id_region'))
          out.push(
            ...a(
              entradasWasi(await get(`/location/cities-from-region/${encodeURIComponent(r.codigo)}`), 'id_city'),
              r.codigo,
              r.nombre,
            ),
          );
        return out;
      },
      async subirFoto(id, foto) {
        const datos = new FormData();
        for (const [k, v] of Object.entries(auth)) datos.set(k, v);
        datos.set('position', String(foto.posicion));
        datos.set('image', new Blob([new Uint8Array(foto.contenido)], { type: 'image/jpeg' }), foto.nombre);
        revisar(
          await llamar(
            'Wasi',
            `${base}/property/upload-image/${encodeURIComponent(id)}`,
            { method: 'POST', body: datos },
            signal,
          ),
        );
      },
    };
  },
};
