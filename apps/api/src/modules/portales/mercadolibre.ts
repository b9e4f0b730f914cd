import { z } from 'zod';
import { ETIQUETAS_INMUEBLE } from '@predio/contract/inmuebles';
import { AJUSTES_PORTAL } from '@predio/contract/portales';
import { normalTexto as normal } from '../../platform/texto.ts';
import {
  ErrorPortal,
  llamar,
  type AdaptadorPortal,
  type AjustesPortal,
  type ContactoPortal,
  type CredencialesPortal,
  type EstadoEnPortal,
  type FichaPortal,
  type TokensOAuth,
} from './adaptador.ts';

/*
 * Mercado Libre (developers.mercadolibre.com.co, «Guía para Inmuebles»). The company's account authorises
 * Predio once with OAuth2's authorization code (auth.mercadolibre.com.co/authorization → the hidden page
 * authmercadolibre → POST /oauth/token); the access token lasts six hours and is renewed with the refresh
 * token, which is single-use, so each new one is stored at once. A property is a classified item:
 * POST /items (buying_mode classified, listing_type_id from the company's package, pictures by address,
 * attributes, location), its text by POST/PUT /items/{id}/description, changes by PUT /items/{id}, and it
 * comes off with PUT /items/{id} {status: closed}. The category is a leaf of the Inmuebles tree of site MCO
 * chosen by property type and operation; the tree is read at run time (/sites/MCO/categories,
 * /categories/{id}) and matched by name, so no category id is guessed. A package without room answers
 * `pack_quota_exceeded`: not retried, the agency must free or buy listings.
 */

export const SITIO_MERCADOLIBRE = 'MCO';

/** Our property types as Mercado Libre Colombia names its Inmuebles categories. */
export const CATEGORIAS_MERCADOLIBRE: Record<string, string> = {
  apartamento: 'Apartamentos',
  apartaestudio: 'Apartaestudios',
  casa: 'Casas',
  local: 'Locales',
  oficina: 'Oficinas',
  bodega: 'Bodegas',
  lote: 'Lotes',
  finca: 'Fincas',
  consultorio: 'Consultorios',
  edificio: 'Edificios',
  habitación: 'Habitaciones',
  parqueadero: 'Parqueaderos',
};
const LISTADOS = ['silver', 'gold', 'gold_premium'] as const;

const ZAtributo = z.object({ id: z.string().min(1), value_name: z.string().min(1) });

/**
 * The item as Predio sends it. `categoria` and `operacion` name the branch of the category tree; the
 * client turns them into category_id before POST /items. `descripcion` goes to /items/{id}/description.
 */
export const ZMercadoLibreItem = z.object({
  categoria: z.string().min(1),
  operacion: z.enum(['Arriendo', 'Venta']),
  title: z.string().min(1).max(60, { error: 'Mercado Libre: el título admite máximo 60 caracteres' }),
  price: z.number().positive({ error: 'Mercado Libre: el precio debe ser mayor que cero' }),
  currency_id: z.literal('COP'),
  available_quantity: z.literal(1),
  buying_mode: z.literal('classified'),
  listing_type_id: z.enum(LISTADOS, { error: 'Mercado Libre: el tipo de publicación debe ser silver, gold o gold_premium' }),
  pictures: z.array(z.object({ source: z.url() })).max(30),
  attributes: z.array(ZAtributo),
  location: z.object({
    address_line: z.string().min(1),
    neighborhood: z.object({ name: z.string() }).optional(),
    city: z.object({ name: z.string().min(1) }),
    state: z.object({ name: z.string().min(1) }),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
  }),
  descripcion: z.string().min(1, { error: 'Mercado Libre: falta la descripción' }).max(50_000),
});
export type MercadoLibreItem = z.infer<typeof ZMercadoLibreItem>;

const L = ETIQUETAS_INMUEBLE;
const A = AJUSTES_PORTAL.mercadolibre;
/** An item has one operation: a property for both is listed for rent (the agency's usual business). */
const operacion = (f: FichaPortal): 'Arriendo' | 'Venta' => (f.gestion === 'venta' ? 'Venta' : 'Arriendo');
const precio = (f: FichaPortal) => (operacion(f) === 'Venta' ? f.precio_venta : f.canon);

function faltantes(f: FichaPortal, a: AjustesPortal): string[] {
  const out: string[] = [];
  if (!CATEGORIAS_MERCADOLIBRE[f.tipo]) out.push(`${L.tipo} (Mercado Libre no tiene «${f.tipo}»)`);
  if (!precio(f)) out.push(operacion(f) === 'Venta' ? L.precio_venta : L.canon);
  if (!f.area_construida && !f.area_privada && !f.area_lote) out.push(`${L.area_construida}, ${L.area_privada} o ${L.area_lote}`);
  if (!f.descripcion.trim()) out.push(L.descripcion);
  if (f.fotos.length === 0) out.push('Fotos (al menos una)');
  else if (f.fotosUrl.length === 0)
    out.push('Dirección pública de Predio (PUBLIC_URL), para que Mercado Libre descargue las fotos');
  if (!a.usuario) out.push(`${A.usuario!.etiqueta} (configuración del portal)`);
  if (!(LISTADOS as readonly string[]).includes(a.cuenta)) out.push(`${A.cuenta!.etiqueta} (configuración del portal)`);
  return out;
}

const m2 = (v: number) => `${v} m²`;

function mapear(f: FichaPortal, a: AjustesPortal): MercadoLibreItem {
  const tipo = f.tipo.charAt(0).toUpperCase() + f.tipo.slice(1);
  const titulo = `${tipo} en ${operacion(f).toLowerCase()}${f.barrio ? ` ${f.barrio}` : ''} ${f.municipio}`;
  const atributos: { id: string; value_name: string }[] = [
    { id: 'BEDROOMS', value_name: String(f.habitaciones) },
    { id: 'FULL_BATHROOMS', value_name: String(f.banos) },
    { id: 'PARKING_LOTS', value_name: String(f.parqueaderos) },
  ];
  const cubierta = f.area_construida ?? f.area_privada;
  if (cubierta) atributos.push({ id: 'COVERED_AREA', value_name: m2(cubierta) });
  const total = f.area_lote ?? cubierta;
  if (total) atributos.push({ id: 'TOTAL_AREA', value_name: m2(total) });
  if (f.administracion) atributos.push({ id: 'MAINTENANCE_FEE', value_name: `${f.administracion} COP` });
  if (f.estrato) atributos.push({ id: 'STRATUM', value_name: String(f.estrato) });
  if (f.anio_construccion)
    atributos.push({ id: 'PROPERTY_AGE', value_name: String(new Date().getFullYear() - f.anio_construccion) });
  return {
    categoria: CATEGORIAS_MERCADOLIBRE[f.tipo]!,
    operacion: operacion(f),
    title: titulo.slice(0, 60).trim(),
    price: precio(f) ?? 0,
    currency_id: 'COP',
    available_quantity: 1,
    buying_mode: 'classified',
    listing_type_id: a.cuenta as MercadoLibreItem['listing_type_id'],
    pictures: f.fotosUrl.slice(0, 30).map((source) => ({ source })),
    attributes: atributos,
    location: {
      // The barrio and municipio, not the door: the agency gives the address to whom it chooses.
      address_line: f.barrio ? `${f.barrio}, ${f.municipio}` : f.municipio,
      ...(f.barrio ? { neighborhood: { name: f.barrio } } : {}),
      city: { name: f.municipio },
      state: { name: f.departamento },
      ...(f.lat !== null && f.lng !== null ? { latitude: f.lat, longitude: f.lng } : {}),
    },
    descripcion: f.descripcion.trim(),
  };
}

type Categoria = { id: string; name: string };

/** The token endpoint, for the first exchange (authorization code) and for each renewal. */
export async function pedirTokens(base: string, cuerpo: Record<string, string>, signal?: AbortSignal): Promise<TokensOAuth> {
  let r: Record<string, unknown> | null;
  try {
    r = await llamar(
      'Mercado Libre',
      `${base}/oauth/token`,
      { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams(cuerpo) },
      signal,
    );
  } catch (e) {
    // invalid_grant: the code or refresh token was used, expired or revoked; the person must connect again.
    if (e instanceof ErrorPortal && e.status !== undefined && e.status >= 400 && e.status < 500)
      throw new ErrorPortal(
        `Mercado Libre no aceptó la autorización (${String(e.cuerpo?.error ?? e.status)}): conecte la cuenta de nuevo con «Conectar con Mercado Libre»`,
        false,
        undefined,
        e.status,
        e.cuerpo,
      );
    throw e;
  }
  if (typeof r?.access_token !== 'string' || typeof r.refresh_token !== 'string')
    throw new ErrorPortal('Mercado Libre no devolvió los tokens de acceso: se reintentará', true);
  const segundos = typeof r.expires_in === 'number' ? r.expires_in : 21_600;
  return {
    access_token: r.access_token,
    refresh_token: r.refresh_token,
    vence: Date.now() + segundos * 1000,
    usuario_portal: r.user_id === undefined ? '' : String(r.user_id),
  };
}

/** A token is renewed this long before it expires. */
const MARGEN_MS = 5 * 60_000;

function cliente(c: CredencialesPortal, signal?: AbortSignal) {
  const base = (c.url || A.url).replace(/\/+$/, '');
  let tokens = c.oauth ?? null;
  const categorias = new Map<string, Categoria[]>();

  const renovar = async () => {
    if (!tokens) throw new ErrorPortal('Mercado Libre no está conectado: use «Conectar con Mercado Libre»', false);
    tokens = await pedirTokens(
      base,
      { grant_type: 'refresh_token', client_id: c.usuario, client_secret: c.secreto, refresh_token: tokens.refresh_token },
      signal,
    );
    await c.guardarOAuth?.(tokens);
    return tokens;
  };
  const acceso = async () => {
    if (!tokens) throw new ErrorPortal('Mercado Libre no está conectado: use «Conectar con Mercado Libre»', false);
    if (tokens.vence - MARGEN_MS <= Date.now()) await renovar();
    return tokens!.access_token;
  };
  /** One authorised call; a 401 (token revoked or expired early) renews once and tries again. */
  const api = async (ruta: string, init: RequestInit = { method: 'GET' }) => {
    const una = async () =>
      llamar(
        'Mercado Libre',
        `${base}${ruta}`,
        { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${await acceso()}` } },
        signal,
      );
    try {
      return await una();
    } catch (e) {
      if (!(e instanceof ErrorPortal) || e.status !== 401) throw traducir(e);
      await renovar();
      try {
        return await una();
      } catch (e2) {
        throw traducir(e2);
      }
    }
  };
  const json = (metodo: string, cuerpo: unknown): RequestInit => ({
    method: metodo,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cuerpo),
  });

  const hijas = async (id: string | null): Promise<Categoria[]> => {
    const clave = id ?? SITIO_MERCADOLIBRE;
    const hecha = categorias.get(clave);
    if (hecha) return hecha;
    const r = id
      ? (((await api(`/categories/${encodeURIComponent(id)}`)) ?? {}).children_categories as Categoria[] | undefined)
      : ((await api(`/sites/${SITIO_MERCADOLIBRE}/categories`)) as unknown as Categoria[] | null);
    const lista = Array.isArray(r) ? r : [];
    categorias.set(clave, lista);
    return lista;
  };
  /** Walks Inmuebles › <type> › <operation> › … down to a leaf, preferring individual properties. */
  const categoria = async (p: MercadoLibreItem) => {
    const buscar = (lista: Categoria[], nombre: string) => lista.find((x) => normal(x.name) === normal(nombre));
    const inmuebles = buscar(await hijas(null), 'Inmuebles');
    const tipo = inmuebles && buscar(await hijas(inmuebles.id), p.categoria);
    const op = tipo && buscar(await hijas(tipo.id), p.operacion);
    if (!op)
      throw new ErrorPortal(`Mercado Libre no tiene la categoría Inmuebles › ${p.categoria} › ${p.operacion} en Colombia`, false);
    let actual = op;
    for (let n = 0; n < 4; n++) {
      const siguientes = await hijas(actual.id);
      if (siguientes.length === 0) return actual.id;
      actual = buscar(siguientes, 'Propiedades individuales') ?? siguientes[0]!;
    }
    return actual.id;
  };
  const item = (p: MercadoLibreItem) => {
    const { categoria: _c, operacion: _o, descripcion: _d, ...resto } = p;
    return resto;
  };

  return {
    async autenticar() {
      await api('/users/me');
    },
    async publicar(p: MercadoLibreItem) {
      const r = await api('/items', json('POST', { ...item(p), category_id: await categoria(p) }));
      const id = r?.id;
      if (typeof id !== 'string' || !id) throw new ErrorPortal('Mercado Libre aceptó el inmueble pero no devolvió su id', false);
      await api(`/items/${encodeURIComponent(id)}/description`, json('POST', { plain_text: p.descripcion }));
      return { idExterno: id };
    },
    async actualizar(id: string, p: MercadoLibreItem) {
      // The category and listing type of a published item cannot change; the rest is replaced.
      const { listing_type_id: _l, buying_mode: _b, currency_id: _m, ...cambios } = item(p);
      await api(`/items/${encodeURIComponent(id)}`, json('PUT', cambios));
      await api(`/items/${encodeURIComponent(id)}/description`, json('PUT', { plain_text: p.descripcion }));
    },
    async despublicar(id: string) {
      await api(`/items/${encodeURIComponent(id)}`, json('PUT', { status: 'closed' }));
    },
    /** The nightly reconciliation: GET /items/{id} and its status (and sub_status, the reason). */
    async leerEstado(id: string): Promise<EstadoEnPortal> {
      try {
        return estadoItem(await api(`/items/${encodeURIComponent(id)}`));
      } catch (e) {
        if (e instanceof ErrorPortal && e.status === 404) return { estado: 'no_existe' };
        throw e;
      }
    },
    /*
     * Contacts: Mercado Libre's questions on the account's items (GET /questions/search?seller_id=…,
     * api_version 4, newest first, 50 a page), read back to `desde` less an hour (a question created
     * while the previous read ran is not missed; the ids already kept are ignored by the caller). The
     * asker is only a user id: the name is the public nickname (GET /users/{id}); Mercado Libre gives
     * no phone or e-mail, so the answer goes through Mercado Libre.
     */
    async leerContactos(desde: Date | null): Promise<ContactoPortal[]> {
      const vendedor = tokens?.usuario_portal || String((await api('/users/me'))?.id ?? '');
      if (!vendedor) throw new ErrorPortal('Mercado Libre no dijo qué usuario es la cuenta conectada', false);
      const limite = desde ? desde.getTime() - 3_600_000 : null;
      const preguntas: PreguntaMercadoLibre[] = [];
      for (let offset = 0, pagina = 0; pagina < PAGINAS_PREGUNTAS; pagina++, offset += POR_PAGINA) {
        const q = new URLSearchParams({
          seller_id: vendedor,
          api_version: '4',
          sort_fields: 'date_created',
          sort_types: 'DESC',
          limit: String(POR_PAGINA),
          offset: String(offset),
        });
        const r = await api(`/questions/search?${q.toString()}`);
        const lote = Array.isArray(r?.questions) ? (r.questions as PreguntaMercadoLibre[]) : [];
        const nuevas = lote.filter((p) => limite === null || Date.parse(p.date_created) >= limite);
        preguntas.push(...nuevas);
        // Without a previous read only the latest page is taken: an account's old questions are not leads now.
        if (limite === null || nuevas.length < lote.length || lote.length < POR_PAGINA) break;
      }
      const apodos = new Map<string, string>();
      for (const p of preguntas) {
        const quien = String(p.from?.id ?? '');
        if (!quien || apodos.has(quien)) continue;
        const u = await api(`/users/${encodeURIComponent(quien)}`).catch((e: unknown) => {
          // A user who closed the account is still a contact: named by the id.
          if (e instanceof ErrorPortal && e.status === 404) return null;
          throw e;
        });
        apodos.set(quien, typeof u?.nickname === 'string' && u.nickname ? u.nickname : `usuario ${quien}`);
      }
      return preguntas
        .filter((p) => p.id !== undefined && p.item_id)
        .map((p) => {
          const quien = String(p.from?.id ?? '');
          return {
            id: String(p.id),
            idExterno: String(p.item_id),
            fecha: p.date_created,
            persona: quien ? `mercadolibre:${quien}` : '',
            nombre: `${apodos.get(quien) ?? 'Usuario'} (Mercado Libre)`,
            telefono: '',
            email: '',
            mensaje: String(p.text ?? '').trim() || '(pregunta sin texto)',
          };
        })
        .sort((a, b) => Date.parse(a.fecha) - Date.parse(b.fecha));
    },
  };
}

/** A question as GET /questions/search answers it (api_version 4), the fields read. */
type PreguntaMercadoLibre = {
  id: number | string;
  item_id: string;
  text?: string;
  date_created: string;
  status?: string;
  from?: { id?: number | string };
};
const POR_PAGINA = 50;
/** At most this many pages a read (1,000 questions): the next read goes on from the newest kept. */
const PAGINAS_PREGUNTAS = 20;

/**
 * An item's status as the reconciliation reads it: `active` is on show; `under_review` and
 * `not_yet_active` / `payment_required` wait (unless the review forbade it); `paused` and `inactive` are
 * off the site with the item kept (an error to look at); `closed` is finished (a new listing is needed).
 */
export function estadoItem(cuerpo: Record<string, unknown> | null): EstadoEnPortal {
  const status = typeof cuerpo?.status === 'string' ? cuerpo.status : '';
  const sub = Array.isArray(cuerpo?.sub_status) ? (cuerpo.sub_status as unknown[]).map(String) : [];
  const motivo = sub.length > 0 ? ` (${sub.join(', ')})` : '';
  switch (status) {
    case 'active':
      return { estado: 'publicado' };
    case 'under_review':
      if (sub.includes('forbidden'))
        return {
          estado: 'error',
          motivo: `Mercado Libre bloqueó la publicación en su revisión${motivo}: corríjala y use Actualizar`,
        };
      return { estado: 'pendiente' };
    case 'not_yet_active':
    case 'payment_required':
      return { estado: 'pendiente' };
    case 'paused':
    case 'inactive':
      return { estado: 'error', motivo: `Mercado Libre pausó la publicación${motivo}: revísela en Mercado Libre` };
    case 'closed':
      return { estado: 'despublicado', motivo: `Mercado Libre finalizó la publicación${motivo}` };
    default:
      return { estado: 'error', motivo: `Mercado Libre informó un estado desconocido «${status || 'vacío'}»` };
  }
}

/** Mercado Libre's refusal codes that deserve their own words. */
function traducir(e: unknown): unknown {
  if (!(e instanceof ErrorPortal) || !e.cuerpo) return e;
  const causas = Array.isArray(e.cuerpo.cause) ? (e.cuerpo.cause as { code?: unknown }[]) : [];
  const codigos = [e.cuerpo.error, ...causas.map((x) => x.code)].map(String);
  if (codigos.includes('pack_quota_exceeded'))
    return new ErrorPortal(
      'Mercado Libre: el paquete de publicaciones contratado no tiene cupo (pack_quota_exceeded). Libere una publicación o amplíe el paquete, y use Publicar de nuevo',
      false,
      undefined,
      e.status,
      e.cuerpo,
    );
  return e;
}

export const mercadolibre: AdaptadorPortal<MercadoLibreItem> = {
  portal: 'mercadolibre',
  nombre: 'Mercado Libre',
  esquema: ZMercadoLibreItem,
  faltantes,
  mapear,
  cliente,
};
