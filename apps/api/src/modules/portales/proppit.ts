import { z } from 'zod';
import { ETIQUETAS_INMUEBLE } from '@predio/contract/inmuebles';
import { AJUSTES_PORTAL, CODIGO_NO_SE_ENVIA, type EntradaCatalogo } from '@predio/contract/portales';
import {
  enArriendo,
  enVenta,
  ErrorPortal,
  llamar,
  sinEquivalencia,
  type AdaptadorPortal,
  type AjustesPortal,
  type EstadoEnPortal,
  type FichaPortal,
} from './adaptador.ts';

/*
 * Proppit (Lifull Connect), «Real Time Processor API» v2, OpenAPI 3.1 at real-time.proppit.com/api/v2/docs:
 * POST /token {user, password} answers {token, expiration (Unix seconds)}, sent as `Authorization: Bearer`;
 * an ad is created with POST /proppit/{country}/ads (201), replaced with PUT /proppit/{country}/ads/{referenceId}
 * and removed with DELETE …/{referenceId}?externalId={publisher}. The publisher (the agency) must have been
 * approved by Proppit first. Photos are not uploaded: the ad carries their public addresses, which Proppit
 * downloads. Errors answer {status, requestId, error, timestamp}. Property types come from
 * GET /proppit/{country}/property-types at run time; the map below is the Colombian subset the spec names.
 */

export const PAIS_PROPPIT = 'CO';

/** Proppit's property type for ours; a type without one cannot be published there. */
export const TIPOS_PROPPIT: Record<string, string> = {
  apartamento: 'apartment',
  apartaestudio: 'apartment',
  casa: 'house',
  finca: 'villa',
  local: 'commercial',
  oficina: 'office',
  consultorio: 'office',
  bodega: 'industrial unit',
  lote: 'land',
};
/** Types whose ad must say the built area (floorArea) and may say the land area (totalArea). */
const CON_CONSTRUIDA = new Set(['apartment', 'house', 'villa', 'commercial', 'office', 'industrial unit']);
/** Types whose land area is stated (totalArea). */
const CON_LOTE = new Set(['house', 'villa', 'commercial', 'industrial unit', 'land']);

const ZArea = z.object({ value: z.number().positive(), unit: z.literal('sqm') });
const ZTexto = z.object({ locale: z.literal('es-CO'), text: z.string().min(1) });
const ZPrecio = z.object({
  value: z.number().positive({ error: 'Proppit: el precio debe ser mayor que cero' }),
  currency: z.literal('COP'),
});
const NIVELES = ['administrative_area_level_1', 'locality', 'neighborhood'] as const;

/** The ad as Proppit's schema `Ad` defines it (only the fields Predio sends). */
export const ZProppitAnuncio = z.object({
  referenceId: z.string().min(1).max(64),
  publisher: z.object({ externalId: z.string().min(1, { error: 'Proppit: falta el identificador del anunciante' }) }),
  property: z.object({
    type: z.string().min(1),
    location: z.object({
      countryCode: z.literal(PAIS_PROPPIT),
      visibility: z.enum(['accurate', 'approximate']),
      geo: z.array(z.object({ name: z.string().min(1), level: z.enum(NIVELES) })),
      coordinates: z.object({ lat: z.number().min(-90).max(90), long: z.number().min(-180).max(180) }),
    }),
    communityFees: z.object({ value: z.number().nonnegative(), currency: z.literal('COP') }).optional(),
    floor: z.string().max(10).optional(),
  }),
  operations: z.array(z.object({ type: z.enum(['rent', 'sell']), price: ZPrecio })).min(1),
  title: ZTexto,
  description: ZTexto,
  multimedia: z.object({ pictures: z.array(z.object({ url: z.url() })) }),
  floorArea: ZArea.optional(),
  totalArea: ZArea.optional(),
  bedrooms: z.number().int().nonnegative(),
  bathrooms: z.number().int().nonnegative(),
  parkingSpaces: z.number().int().nonnegative(),
  stratum: z.number().int().min(1).max(7).optional(),
  constructionYear: z.number().int().min(1500).max(2100).optional(),
  /** Values of GET /proppit/{country}/property-types allowed for the ad's type, from the company's equivalences. */
  amenities: z.array(z.string().min(1).max(60)).optional(),
});
export type ProppitAnuncio = z.infer<typeof ZProppitAnuncio>;

const L = ETIQUETAS_INMUEBLE;
const A = AJUSTES_PORTAL.proppit;
const construida = (f: FichaPortal) => f.area_construida ?? f.area_privada;

function faltantes(f: FichaPortal, a: AjustesPortal): string[] {
  const out: string[] = [];
  const tipo = TIPOS_PROPPIT[f.tipo];
  if (!tipo) out.push(`${L.tipo} (Proppit no tiene «${f.tipo}»)`);
  if (enArriendo(f) && !f.canon) out.push(L.canon);
  if (enVenta(f) && !f.precio_venta) out.push(L.precio_venta);
  if (tipo === 'land' && !f.area_lote) out.push(L.area_lote);
  if (tipo && CON_CONSTRUIDA.has(tipo) && !construida(f)) out.push(`${L.area_construida} o ${L.area_privada}`);
  if (!f.descripcion.trim()) out.push(L.descripcion);
  // Proppit places every ad on its map: without coordinates it refuses the ad.
  if (f.lat === null || f.lng === null) out.push('Ubicación en el mapa (latitud y longitud)');
  if (f.fotos.length > 0 && f.fotosUrl.length === 0)
    out.push('Dirección pública de Predio (PUBLIC_URL), para que Proppit descargue las fotos');
  if (!a.usuario) out.push(`${A.usuario!.etiqueta} (configuración del portal)`);
  if (!a.cuenta) out.push(`${A.cuenta!.etiqueta} (configuración del portal)`);
  // Once Proppit's amenities are loaded, each of the property's características needs its equivalence.
  if (f.equivalencias?.conCatalogo.caracteristica)
    for (const c of f.equivalencias.caracteristicas ?? [])
      if (c.codigo === null) out.push(sinEquivalencia('Característica', 'Proppit', c.nombre));
  return out;
}

/**
 * The amenities the property's características map to, only those Proppit allows for the ad's type (the
 * catalogue keeps, in each entry's detalle, the types that list it): another type's amenity is refused.
 */
function amenidadesDe(f: FichaPortal, tipo: string): string[] {
  const out = new Set<string>();
  for (const c of f.equivalencias?.caracteristicas ?? []) {
    if (c.codigo === null || c.codigo === CODIGO_NO_SE_ENVIA) continue;
    const tipos = (c.detalle ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (tipos.length === 0 || tipos.includes(tipo)) out.add(c.codigo);
  }
  return [...out];
}

function mapear(f: FichaPortal, a: AjustesPortal): ProppitAnuncio {
  const tipo = TIPOS_PROPPIT[f.tipo]!;
  const amenidades = amenidadesDe(f, tipo);
  const nombreTipo = f.tipo.charAt(0).toUpperCase() + f.tipo.slice(1);
  const operacion = f.gestion === 'venta' ? 'venta' : f.gestion === 'arriendo' ? 'arriendo' : 'arriendo y venta';
  const operaciones: ProppitAnuncio['operations'] = [];
  if (enArriendo(f)) operaciones.push({ type: 'rent', price: { value: f.canon ?? 0, currency: 'COP' } });
  if (enVenta(f)) operaciones.push({ type: 'sell', price: { value: f.precio_venta ?? 0, currency: 'COP' } });
  const geo: ProppitAnuncio['property']['location']['geo'] = [
    { name: f.departamento, level: 'administrative_area_level_1' },
    { name: f.municipio, level: 'locality' },
  ];
  if (f.barrio) geo.push({ name: f.barrio, level: 'neighborhood' });
  const area = construida(f);
  return {
    referenceId: String(f.consecutivo),
    publisher: { externalId: a.cuenta },
    property: {
      type: tipo,
      // The street address stays with the agency: the map shows the area, not the door.
      location: {
        countryCode: PAIS_PROPPIT,
        visibility: 'approximate',
        geo,
        coordinates: { lat: f.lat ?? 0, long: f.lng ?? 0 },
      },
      ...(f.administracion ? { communityFees: { value: f.administracion, currency: 'COP' as const } } : {}),
      ...(f.piso !== null ? { floor: String(f.piso) } : {}),
    },
    operations: operaciones,
    title: { locale: 'es-CO', text: `${nombreTipo} en ${operacion}${f.barrio ? `, ${f.barrio}` : ''} - ${f.municipio}` },
    description: { locale: 'es-CO', text: f.descripcion.trim() },
    multimedia: { pictures: f.fotosUrl.map((url) => ({ url })) },
    ...(CON_CONSTRUIDA.has(tipo) && area ? { floorArea: { value: area, unit: 'sqm' as const } } : {}),
    ...(CON_LOTE.has(tipo) && f.area_lote ? { totalArea: { value: f.area_lote, unit: 'sqm' as const } } : {}),
    bedrooms: f.habitaciones,
    bathrooms: f.banos,
    parkingSpaces: f.parqueaderos,
    ...(f.estrato && f.estrato >= 1 ? { stratum: f.estrato } : {}),
    ...(f.anio_construccion && f.anio_construccion >= 1500 ? { constructionYear: f.anio_construccion } : {}),
    ...(amenidades.length > 0 ? { amenities: amenidades } : {}),
  };
}

/**
 * GET /proppit/{country}/property-types: `[{ id, nearbyLocations[], amenities[], rules[] }]`. Each amenity
 * once, with the property types that allow it in `detalle` («apartment, house»).
 */
export function amenidadesProppit(j: unknown): EntradaCatalogo[] {
  const tipos = Array.isArray(j) ? (j as { id?: unknown; amenities?: unknown }[]) : [];
  const por = new Map<string, string[]>();
  for (const t of tipos) {
    if (typeof t.id !== 'string' || !Array.isArray(t.amenities)) continue;
    for (const a of t.amenities)
      if (typeof a === 'string' && a.trim() && a.length <= 60) por.set(a.trim(), [...(por.get(a.trim()) ?? []), t.id]);
  }
  return [...por.entries()].map(([a, ts]) => ({ codigo: a, nombre: a, padre: '', detalle: ts.join(', ').slice(0, 200) }));
}

/** A token is renewed this long before Proppit says it expires, so a call never carries a dying one. */
const MARGEN_TOKEN_MS = 60_000;

/**
 * An ad as GET …/ads/{referenceId} answers it: the contract's only status is «published» (an ad on no
 * site answers 404); any other value is «Error» naming it rather than ignored.
 */
export function estadoProppit(j: Record<string, unknown> | null): EstadoEnPortal {
  const st = typeof j?.status === 'string' ? j.status : '';
  if (st === 'published') return { estado: 'publicado' };
  return { estado: 'error', motivo: `Proppit informó un estado que Predio no conoce: «${st || 'vacío'}»` };
}

export const proppit: AdaptadorPortal<ProppitAnuncio> = {
  portal: 'proppit',
  nombre: 'Proppit',
  esquema: ZProppitAnuncio,
  faltantes,
  mapear,
  cliente(c, signal) {
    const base = (c.url || A.url).replace(/\/+$/, '');
    const anuncios = `${base}/proppit/${PAIS_PROPPIT}/ads`;
    let token: { valor: string; vence: number } | null = null;

    const obtenerToken = async () => {
      if (token && token.vence - MARGEN_TOKEN_MS > Date.now()) return token.valor;
      let r: Record<string, unknown> | null;
      try {
        r = await llamar(
          'Proppit',
          `${base}/token`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ user: c.usuario, password: c.secreto }),
          },
          signal,
        );
      } catch (e) {
        if (e instanceof ErrorPortal && (e.status === 401 || e.status === 403 || e.status === 400))
          throw new ErrorPortal(
            `Proppit rechazó el usuario o la contraseña de la API (${e.status}): revíselos en la pantalla de Proppit`,
            false,
            undefined,
            e.status,
          );
        throw e;
      }
      if (typeof r?.token !== 'string' || !r.token) throw new ErrorPortal('Proppit no devolvió un token: se reintentará', true);
      const vence = typeof r.expiration === 'number' ? r.expiration * 1000 : Date.now() + 5 * 60_000;
      token = { valor: r.token, vence };
      return token.valor;
    };

    /** One authorised call; a 401 means the token died early (revoked, clock skew): one new token, once. */
    const conToken = async (url: string, init: RequestInit) => {
      const intentar = async () =>
        llamar(
          'Proppit',
          url,
          { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${await obtenerToken()}` } },
          signal,
        );
      try {
        return await intentar();
      } catch (e) {
        if (!(e instanceof ErrorPortal) || e.status !== 401) throw e;
        token = null;
        return intentar();
      }
    };
    const json = (metodo: string, cuerpo: unknown): RequestInit => ({
      method: metodo,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cuerpo),
    });
    const conAnunciante = (ref: string) => `${anuncios}/${encodeURIComponent(ref)}?externalId=${encodeURIComponent(c.cuenta)}`;
    /** Proppit answers 404 for a publisher it has not approved yet, as for any resource it will not show. */
    const noAprobado = (e: unknown) =>
      e instanceof ErrorPortal && e.status === 404
        ? new ErrorPortal(
            `Proppit no encontró el anunciante «${c.cuenta}»: debe existir y estar aprobado por Proppit antes de publicar`,
            false,
            undefined,
            404,
          )
        : e;

    return {
      async autenticar() {
        await obtenerToken();
        try {
          await conToken(`${base}/proppit/${PAIS_PROPPIT}/publishers/${encodeURIComponent(c.cuenta)}`, { method: 'GET' });
        } catch (e) {
          throw noAprobado(e);
        }
      },
      async publicar(p) {
        try {
          await conToken(anuncios, json('POST', p));
        } catch (e) {
          throw noAprobado(e);
        }
        return { idExterno: p.referenceId };
      },
      async actualizar(id, p) {
        await conToken(`${anuncios}/${encodeURIComponent(id)}`, json('PUT', { ...p, referenceId: id }));
      },
      // The nightly reconciliation: GET …/ads/{referenceId}?externalId= answers the ad while it is
      // published on some site (status «published»); 404 when Proppit shows it nowhere for this publisher.
      async leerEstado(id) {
        try {
          return estadoProppit(await conToken(conAnunciante(id), { method: 'GET' }));
        } catch (e) {
          if (e instanceof ErrorPortal && e.status === 404)
            return {
              estado: 'error',
              motivo:
                'Proppit no muestra el anuncio en ningún sitio (404): el plan del anunciante no lo admite o se retiró en Proppit; revíselo allí y use Actualizar',
            };
          throw e;
        }
      },
      async leerCatalogo(clase) {
        if (clase !== 'caracteristica') return [];
        return amenidadesProppit(await conToken(`${base}/proppit/${PAIS_PROPPIT}/property-types`, { method: 'GET' }));
      },
      async despublicar(id) {
        try {
          await conToken(conAnunciante(id), { method: 'DELETE' });
        } catch (e) {
          // Already gone from Proppit: the goal (not published) is met.
          if (e instanceof ErrorPortal && e.status === 404) return;
          throw e;
        }
      },
    };
  },
};
