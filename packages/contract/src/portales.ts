import { z } from 'zod';
import { ESTADOS_INMUEBLE, ETIQUETAS_PORTAL, GESTIONES, TIPOS_INMUEBLE } from './inmuebles.ts';
import { entero, idQuery, MAX_COP } from './campos.ts';
import { PORTAL_VALUES, type PortalSolicitud } from './solicitudes.ts';

// Portal synchronisers (issue 34, menu Inmuebles › Portales). One synchroniser, one adapter per portal;
// today Ciencuadras (10513), Fincaraíz (514), Wasi (10606), Proppit (10541), Domus (10607) and Mercado
// Libre (516). A portal key is also a key of the property's «Publicar en» flags (PORTALES).

// One line per portal, so that adding one is a one-line change.
// prettier-ignore
export const PORTALES_SINCRONIZADOS = [
  'ciencuadras',
  'fincaraiz',
  'wasi',
  'proppit',
  'domus',
  'mercadolibre',
  'metrocuadrado',
] as const;
export type PortalSincronizado = (typeof PORTALES_SINCRONIZADOS)[number];
export const IDM_PORTAL: Record<PortalSincronizado, number> = {
  ciencuadras: 10513,
  fincaraiz: 514,
  wasi: 10606,
  proppit: 10541,
  domus: 10607,
  mercadolibre: 516,
  metrocuadrado: 515,
};
export const ETIQUETA_PORTAL_SINCRONIZADO: Record<PortalSincronizado, string> = {
  ciencuadras: ETIQUETAS_PORTAL.ciencuadras,
  fincaraiz: ETIQUETAS_PORTAL.fincaraiz,
  wasi: ETIQUETAS_PORTAL.wasi,
  proppit: ETIQUETAS_PORTAL.proppit,
  domus: ETIQUETAS_PORTAL.domus,
  mercadolibre: ETIQUETAS_PORTAL.mercadolibre,
  metrocuadrado: ETIQUETAS_PORTAL.metrocuadrado,
};
/** Portals whose writes are asynchronous tasks that report back to a webhook (the integrators' API). */
export const PORTALES_CON_WEBHOOK: readonly PortalSincronizado[] = ['ciencuadras', 'fincaraiz'];

/**
 * Portals whose published contract hands over contacts (leads), read by a job: Mercado Libre's questions
 * (GET /questions/search). The integrators' API (Ciencuadras, Fincaraíz) posts only its tasks to the
 * webhook, Proppit's API v2 and Domus 3.0 publish no contact endpoint, and Wasi's contact endpoints are
 * not in its public guide: see docs/portales.md.
 */
export const PORTALES_CON_CONTACTOS: readonly PortalSincronizado[] = ['mercadolibre'];
/**
 * The portal as Solicitudes name it (canal «Portal inmobiliario»), or null for a portal they cannot name
 * (Domus: its requests are «Otro portal»). The health panel counts the month's requests by it.
 */
export const portalDeSolicitudes = (p: PortalSincronizado): PortalSolicitud | null =>
  (PORTAL_VALUES as readonly string[]).includes(p) ? (p as PortalSolicitud) : null;

/** Solicitudes showing a portal's requests received since `desde` (the health panel's and Inicio's link). */
export const enlaceSolicitudesDelPortal = (portal: PortalSincronizado, desde: string): string =>
  `/propiedades/solicitudes?canal=portal&portal=${portal}&desde=${desde}`;

/**
 * Portals whose adapter reads a listing's state back (ClientePortal.leerEstado): the nightly
 * reconciliation covers them. Metrocuadrado: GET /properties/{id}; Mercado Libre: GET /items/{id};
 * Wasi: property/get; Ciencuadras and Fincaraíz: GET /listing/{listing_id}; Proppit: GET
 * /proppit/CO/ads/{referenceId}; Domus: GET /properties/{codpro}.
 */
export const PORTALES_CON_CONCILIACION: readonly PortalSincronizado[] = [
  'metrocuadrado',
  'mercadolibre',
  'wasi',
  'ciencuadras',
  'fincaraiz',
  'proppit',
  'domus',
];

/** One setting as the portal's screen names it; `requerido`: the portal cannot be used without it. */
export type CampoAjustePortal = { etiqueta: string; ayuda?: string; requerido?: boolean };
/**
 * Which settings each portal uses and what the portal calls them: the screen shows only these, and the
 * adapter names the missing ones the same way. `url` is the portal's API address when the field is empty.
 */
export type AjustesDePortal = {
  url: string;
  usuario?: CampoAjustePortal;
  cuenta?: CampoAjustePortal;
  id_region?: CampoAjustePortal;
  id_ciudad?: CampoAjustePortal;
  secreto: CampoAjustePortal;
  /** A second secret some portals ask besides the password (Metrocuadrado's API key): write-only too. */
  clave_api?: CampoAjustePortal;
  /** The company connects its account once through the portal's OAuth2 authorisation (Mercado Libre). */
  oauth?: boolean;
};
export const AJUSTES_PORTAL: Record<PortalSincronizado, AjustesDePortal> = {
  ciencuadras: {
    url: 'https://kong.ciencuadras.com.co/management/api/1.0',
    usuario: { etiqueta: 'Identificador del cliente (client_id)', requerido: true },
    secreto: { etiqueta: 'Clave de la API (apikey)' },
  },
  fincaraiz: {
    url: 'https://kong.fincaraiz.com.co/management/api/1.0',
    usuario: { etiqueta: 'Identificador del cliente (client_id)', requerido: true },
    secreto: { etiqueta: 'Clave de la API (apikey)' },
  },
  wasi: {
    url: 'https://api.wasi.co/v1',
    usuario: { etiqueta: 'Identificador de la empresa (id_company)', requerido: true },
    id_region: {
      etiqueta: 'Departamento en Wasi (id_region)',
      ayuda: 'Solo mientras no cargue el catálogo de Wasi: con él, cada municipio va con su equivalencia.',
    },
    id_ciudad: {
      etiqueta: 'Ciudad en Wasi (id_city)',
      ayuda: 'Solo mientras no cargue el catálogo de Wasi: con él, cada municipio va con su equivalencia.',
    },
    secreto: { etiqueta: 'Token (wasi_token)' },
  },
  proppit: {
    url: 'https://real-time.proppit.com/api/v2',
    usuario: { etiqueta: 'Usuario de la API (user)', requerido: true },
    cuenta: {
      etiqueta: 'Identificador del anunciante (publisher externalId)',
      ayuda: 'El anunciante debe estar aprobado por Proppit antes de publicar.',
      requerido: true,
    },
    secreto: { etiqueta: 'Contraseña de la API (password)' },
  },
  domus: {
    url: 'https://api.domus.la/3.0',
    secreto: { etiqueta: 'Token de Domus (Authorization)', ayuda: 'Domus lo entrega a la inmobiliaria por solicitud a soporte.' },
  },
  mercadolibre: {
    url: 'https://api.mercadolibre.com',
    usuario: { etiqueta: 'ID de la aplicación (client_id)', requerido: true },
    cuenta: {
      etiqueta: 'Tipo de publicación (listing_type_id)',
      ayuda: 'El del paquete de inmuebles contratado: silver, gold o gold_premium.',
      requerido: true,
    },
    secreto: { etiqueta: 'Clave secreta de la aplicación (client_secret)' },
    oauth: true,
  },
  metrocuadrado: {
    url: 'https://api.metrocuadrado.com/ptec/v1',
    usuario: { etiqueta: 'Usuario (username)', requerido: true },
    cuenta: {
      etiqueta: 'Identificación (identification)',
      ayuda: 'El NIT o la cédula con que la inmobiliaria está registrada en Metrocuadrado.',
      requerido: true,
    },
    secreto: { etiqueta: 'Contraseña (password)' },
    clave_api: { etiqueta: 'Clave de la API (x-api-key)', ayuda: 'Metrocuadrado la entrega al integrador con el contrato.' },
  },
};

/** Where Mercado Libre asks the person to authorise Predio (Colombia's site). */
export const URL_AUTORIZACION_MERCADOLIBRE = 'https://auth.mercadolibre.com.co/authorization';
/** The hidden page Mercado Libre sends the person back to (menu authmercadolibre, idm 516). */
export const RUTA_RETORNO_MERCADOLIBRE = '/propiedades/portales/authmercadolibre';

export const ZAutorizacionOAuth = z.object({
  code: z
    .string({ error: 'Falta el código de autorización (code)' })
    .trim()
    .min(1, 'Falta el código de autorización (code)')
    .max(500),
  state: z
    .string({ error: 'Falta el estado de la autorización (state)' })
    .trim()
    .min(1, 'Falta el estado de la autorización (state)')
    .max(200),
});
export type AutorizacionOAuth = z.infer<typeof ZAutorizacionOAuth>;

/** pendiente → enviado → (en_proceso: the portal's task runs) → publicado | error → despublicado. */
export const ESTADOS_PUBLICACION = ['pendiente', 'enviado', 'en_proceso', 'publicado', 'error', 'despublicado'] as const;
export type EstadoPublicacion = (typeof ESTADOS_PUBLICACION)[number];
export const ETIQUETAS_ESTADO_PUBLICACION: Record<EstadoPublicacion, string> = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  en_proceso: 'En proceso',
  publicado: 'Publicado',
  error: 'Error',
  despublicado: 'Despublicado',
};

export const ZPortalParam = z.object({
  portal: z.enum(PORTALES_SINCRONIZADOS, { error: `portal debe ser uno de: ${PORTALES_SINCRONIZADOS.join(', ')}` }),
});
export const ZPortalInmuebleParam = ZPortalParam.extend({ consecutivo: idQuery('consecutivo') });

const url = z
  .string({ error: 'El campo Dirección de la API debe ser texto' })
  .trim()
  .max(500, 'El campo Dirección de la API admite máximo 500 caracteres')
  .regex(/^https?:\/\/\S+$/, 'El campo Dirección de la API debe ser una dirección http(s)://');
export const ETIQUETA_ASIGNADO_CONTACTOS = 'Asesor para contactos sin asesor';
const idCatalogo = (label: string) =>
  z
    .number({ error: `El campo ${label} debe ser un número` })
    .int({ error: `El campo ${label} debe ser un número entero` })
    .positive({ error: `El campo ${label} debe ser mayor que cero` })
    .max(2_147_483_647, { error: `El campo ${label} es demasiado grande` })
    .nullable()
    .default(null);

/**
 * A portal's settings (AJUSTES_PORTAL says which each portal uses). The token is write-only: stored
 * encrypted, never answered; empty keeps the saved one. Wasi: `usuario` is id_company; the region and
 * city are Wasi's ids (its catalogue) for the company's properties until a per-municipio mapping exists.
 * Proppit: `usuario` is the API user and `cuenta` the publisher's externalId.
 */
export const ZPortalConfigGuardar = z.object({
  activo: z.boolean({ error: 'El campo Activo debe ser Sí o No' }).default(true),
  url: url.optional(),
  usuario: z
    .string({ error: 'El campo Identificador de la empresa debe ser texto' })
    .trim()
    .max(60, 'El campo Identificador de la empresa admite máximo 60 caracteres')
    .default(''),
  cuenta: z
    .string({ error: 'El campo Identificador del anunciante debe ser texto' })
    .trim()
    .max(100, 'El campo Identificador del anunciante admite máximo 100 caracteres')
    .default(''),
  id_region: idCatalogo('Departamento en el portal'),
  id_ciudad: idCatalogo('Ciudad en el portal'),
  secreto: z
    .string({ error: 'El campo Token debe ser texto' })
    .max(2_000, 'El campo Token admite máximo 2.000 caracteres')
    .default(''),
  // Metrocuadrado's API key, besides its password: write-only, stored encrypted; empty keeps the saved one.
  clave_api: z
    .string({ error: 'El campo Clave de la API debe ser texto' })
    .max(2_000, 'El campo Clave de la API admite máximo 2.000 caracteres')
    .default(''),
  // Integrators' API (Ciencuadras, Fincaraíz): the listing's contact and the webhook's HUB.ID.
  correo_contacto: z
    .union([z.literal(''), z.email({ error: 'El campo Correo de contacto debe ser un correo válido' })])
    .default(''),
  telefono_contacto: z
    .string({ error: 'El campo Teléfono de contacto debe ser texto' })
    .trim()
    .regex(/^\+?[0-9 ]{0,20}$/, 'El campo Teléfono de contacto admite dígitos, espacios y + (hasta 20)')
    .default(''),
  hub_id: z
    .string({ error: 'El campo Identificador del webhook (HUB.ID) debe ser texto' })
    .trim()
    .max(100, 'El campo Identificador del webhook (HUB.ID) admite máximo 100 caracteres')
    .default(''),
  // Portals with contacts: who takes a contact about a property without an asesor (or none found).
  id_asignado_contactos: idCatalogo(ETIQUETA_ASIGNADO_CONTACTOS),
  // What the company pays the portal a month (COP), for the cost per request in the health panel.
  costo_mensual: entero('Costo mensual', 0, MAX_COP).nullable().default(null),
});
export type PortalConfigGuardar = z.input<typeof ZPortalConfigGuardar>;
/** A portal's settings as answered (the secrets never: only whether they are saved). */
export const ZPortalConfig = z.object({
  portal: z.enum(PORTALES_SINCRONIZADOS),
  configurado: z.boolean(),
  activo: z.boolean(),
  url: z.string().optional(),
  usuario: z.string(),
  cuenta: z.string(),
  id_region: z.number().int().nullable(),
  id_ciudad: z.number().int().nullable(),
  correo_contacto: z.string(),
  telefono_contacto: z.string(),
  hub_id: z.string(),
  id_asignado_contactos: z.number().int().nullable(),
  costo_mensual: z.number().int().nullable(),
  /** A token is saved (its value is never answered). */
  con_secreto: z.boolean(),
  /** Portals with a second secret (AJUSTES_PORTAL.clave_api): whether it is saved (never answered). */
  con_clave_api: z.boolean(),
  /** OAuth2 portals: whether the company's account is connected, and as which user of the portal. */
  oauth: z.object({ conectado: z.boolean(), usuario_portal: z.string().nullable(), vence: z.string().nullable() }).optional(),
  /**
   * Portals with a webhook: the address to subscribe and its VERIFY-TOKEN (null until configured), and
   * the subscription made from the screen («Suscribir webhook»): when, to which address, and whether that
   * address is still this one (a changed public address must be subscribed again).
   */
  webhook: z
    .object({
      url: z.string(),
      verify_token: z.string(),
      suscripcion: z.object({ en: z.string(), url: z.string(), hub_id: z.string(), vigente: z.boolean() }).nullable(),
    })
    .nullable(),
});
export type PortalConfig = z.infer<typeof ZPortalConfig>;

/** «Probar conexión»: what the portal said, in Spanish (a refusal is an answer, not an error). */
export const ZPruebaPortal = z.object({ ok: z.boolean(), mensaje: z.string() });
/** OAuth2 portals: the portal's authorisation page for this company. */
export const ZUrlAutorizacion = z.object({ url: z.string() });

export const ZPublicacionPortal = z.object({
  consecutivo: z.number().int(),
  direccion: z.string(),
  estado_inmueble: z.string(),
  /** The property's «Publicar en» flag for this portal. */
  marcado: z.boolean(),
  estado: z.enum(ESTADOS_PUBLICACION).nullable(),
  id_externo: z.string().nullable(),
  ultimo_error: z.string().nullable(),
  actualizado_en: z.string().nullable(),
});
export type PublicacionPortal = z.infer<typeof ZPublicacionPortal>;

/** A contact a portal handed over and what it became. */
export const ZContactoRecibido = z.object({
  id_portal: z.string(),
  id_externo: z.string(),
  consecutivo: z.number().int().nullable(),
  numero_solicitud: z.number().int().nullable(),
  nombre: z.string(),
  mensaje: z.string(),
  resultado: z.enum(['creada', 'fusionada']),
  fecha_portal: z.string().nullable(),
  recibido_en: z.string(),
});
export type ContactoRecibido = z.infer<typeof ZContactoRecibido>;
export const ZContactosPortal = z.object({
  /** The last successful read, its Spanish error (null when fine), and the contacts kept (latest first). */
  leido_en: z.string().nullable(),
  error: z.string().nullable(),
  contactos: z.array(ZContactoRecibido),
});
export type ContactosPortal = z.infer<typeof ZContactosPortal>;

/** One listing whose state on the portal differed from Predio's, and what it became here. */
export const ZDiferenciaConciliacion = z.object({
  consecutivo: z.number().int(),
  antes: z.enum(ESTADOS_PUBLICACION),
  despues: z.enum(ESTADOS_PUBLICACION),
  /** The portal's reason, in Spanish (null when it gave none). */
  motivo: z.string().nullable(),
});
export type DiferenciaConciliacion = z.infer<typeof ZDiferenciaConciliacion>;
export const ZConciliacionPortal = z.object({
  /** When the last pass ended (null: never ran). */
  en: z.string().nullable(),
  revisados: z.number().int(),
  diferencias: z.array(ZDiferenciaConciliacion),
  /** Why the last pass could not finish, in Spanish (null when it did). */
  error: z.string().nullable(),
});
export type ConciliacionPortal = z.infer<typeof ZConciliacionPortal>;

/** The sync-health panel of one portal: published, errors, last success, contacts in the period. */
export const ZSaludPortal = z.object({
  portal: z.enum(PORTALES_SINCRONIZADOS),
  configurado: z.boolean(),
  activo: z.boolean(),
  publicados: z.number().int(),
  en_curso: z.number().int(),
  con_error: z.number().int(),
  ultimo_exito: z.string().nullable(),
  /** null when the portal hands over no contacts. */
  contactos_periodo: z.number().int().nullable(),
  dias: z.number().int(),
  contactos_leido_en: z.string().nullable(),
  contactos_error: z.string().nullable(),
  /**
   * Requests of this calendar month (Colombia) whose canal is this portal, from `mes_desde` (YYYY-MM-DD);
   * null for a portal Solicitudes cannot name (portalDeSolicitudes). The cost per request is the monthly
   * cost over them, in whole pesos: null without a cost or without requests.
   */
  solicitudes_mes: z.number().int().nullable(),
  mes_desde: z.string(),
  costo_mensual: z.number().int().nullable(),
  costo_por_solicitud: z.number().int().nullable(),
  errores: z.array(
    z.object({
      consecutivo: z.number().int(),
      direccion: z.string(),
      ultimo_error: z.string(),
      actualizado_en: z.string().nullable(),
    }),
  ),
  /** The last nightly reconciliation; null for a portal whose state cannot be read back. */
  conciliacion: ZConciliacionPortal.nullable(),
});
export type SaludPortal = z.infer<typeof ZSaludPortal>;
/**
 * Every portal at once, for the manager's Inicio: one row per portal the person manages (its idm) that is
 * configured or has listings, with the figures of its health panel (ZSaludPortal) for this month.
 */
export const ZResumenPortal = ZSaludPortal.pick({
  portal: true,
  activo: true,
  publicados: true,
  en_curso: true,
  con_error: true,
  ultimo_exito: true,
  solicitudes_mes: true,
  costo_mensual: true,
  costo_por_solicitud: true,
}).extend({ nombre: z.string() });
export type ResumenPortal = z.infer<typeof ZResumenPortal>;
export const ZResumenPortales = z.object({ mes_desde: z.string(), portales: z.array(ZResumenPortal) });
export type ResumenPortales = z.infer<typeof ZResumenPortales>;
export const ZSaludQuery = z.object({
  dias: z.coerce
    .number({ error: 'El campo Días debe ser un número' })
    .int({ error: 'El campo Días debe ser un número entero' })
    .min(1, { error: 'El campo Días debe ser al menos 1' })
    .max(366, { error: 'El campo Días admite máximo 366' })
    .default(30),
});

/**
 * Bulk publication (issue 34): the properties a filter selects, previewed (how many, which would be
 * refused and why) before they are sent. Only properties on offer may be sent: estado disponible,
 * captado or reservado.
 */
export const ESTADOS_MASIVO = ['disponible', 'captado', 'reservado'] as const;
export const MAX_MASIVO = 500;
const estadosMasivo = ESTADOS_INMUEBLE.filter((e) => (ESTADOS_MASIVO as readonly string[]).includes(e));
export const ZFiltroMasivo = z.object({
  estado: z
    .enum(ESTADOS_MASIVO, { error: `El campo Estado del inmueble debe ser uno de: ${estadosMasivo.join(', ')}` })
    .default('disponible'),
  tipo: z.enum(TIPOS_INMUEBLE, { error: 'El campo Tipo de inmueble no es un tipo de inmueble' }).nullable().default(null),
  gestion: z
    .enum(GESTIONES, { error: `El campo Gestión debe ser uno de: ${GESTIONES.join(', ')}` })
    .nullable()
    .default(null),
  /** Leave out what is already on the portal (published, or on its way). */
  solo_nuevos: z.boolean({ error: 'El campo Solo los que aún no están en el portal debe ser Sí o No' }).default(true),
});
export type FiltroMasivo = z.input<typeof ZFiltroMasivo>;
export const ZPublicarMasivo = ZFiltroMasivo.extend({
  /** The number of properties ready in the preview the person confirmed: a different number now is refused. */
  listos: z
    .number({ error: 'El campo listos debe ser un número' })
    .int({ error: 'El campo listos debe ser un número entero' })
    .min(1, { error: 'El campo listos debe ser al menos 1' })
    .max(MAX_MASIVO, { error: `El campo listos admite máximo ${MAX_MASIVO}` }),
});
export type PublicarMasivo = z.input<typeof ZPublicarMasivo>;

/**
 * Bulk unpublishing (issue 34): what is on the portal (published, on its way, or in error) that the filter
 * selects, previewed before anything is taken off. Any estado of the property may be chosen (none: all).
 */
export const ZFiltroDespublicarMasivo = z.object({
  estado: z
    .enum(ESTADOS_INMUEBLE, { error: `El campo Estado del inmueble debe ser uno de: ${ESTADOS_INMUEBLE.join(', ')}` })
    .nullable()
    .default(null),
  tipo: z.enum(TIPOS_INMUEBLE, { error: 'El campo Tipo de inmueble no es un tipo de inmueble' }).nullable().default(null),
  gestion: z
    .enum(GESTIONES, { error: `El campo Gestión debe ser uno de: ${GESTIONES.join(', ')}` })
    .nullable()
    .default(null),
});
export type FiltroDespublicarMasivo = z.input<typeof ZFiltroDespublicarMasivo>;
export const ZDespublicarMasivo = ZFiltroDespublicarMasivo.extend({
  /** The number of properties in the preview the person confirmed: a different number now is refused. */
  cantidad: z
    .number({ error: 'El campo cantidad debe ser un número' })
    .int({ error: 'El campo cantidad debe ser un número entero' })
    .min(1, { error: 'El campo cantidad debe ser al menos 1' })
    .max(MAX_MASIVO, { error: `El campo cantidad admite máximo ${MAX_MASIVO}` }),
});
export type DespublicarMasivo = z.input<typeof ZDespublicarMasivo>;
const inmuebleMasivo = { consecutivo: z.number().int(), direccion: z.string() };
export const ZVistaPreviaDespublicar = z.object({
  total: z.number().int(),
  recortado: z.boolean(),
  inmuebles: z.array(z.object({ ...inmuebleMasivo, estado: z.enum(ESTADOS_PUBLICACION) })),
});
export type VistaPreviaDespublicar = z.infer<typeof ZVistaPreviaDespublicar>;
export const ZVistaPreviaMasivo = z.object({
  /** Properties the filter selects (at most MAX_MASIVO are looked at). */
  total: z.number().int(),
  /** More than MAX_MASIVO matched: narrow the filter. */
  recortado: z.boolean(),
  listos: z.array(z.object(inmuebleMasivo)),
  con_faltantes: z.array(z.object({ ...inmuebleMasivo, faltantes: z.array(z.string()) })),
});
export type VistaPreviaMasivo = z.infer<typeof ZVistaPreviaMasivo>;
/** Bulk publication: jobs queued, and properties left out for missing data. */
export const ZResultadoMasivo = z.object({ encolados: z.number().int(), con_faltantes: z.number().int() });
export const ZResultadoDespublicarMasivo = z.object({ encolados: z.number().int() });
/** A reading or reconciliation asked for now: whether a job was queued (false: one is already waiting). */
export const ZEncolado = z.object({ encolado: z.boolean() });
/** The portal's webhook: how many properties its task settled. */
export const ZWebhookResultado = z.object({ resueltos: z.number().int() });

/** One portal's state for one property (the property's form). */
export const ZPortalDeInmueble = z.object({
  portal: z.enum(PORTALES_SINCRONIZADOS),
  nombre: z.string(),
  marcado: z.boolean(),
  estado: z.enum(ESTADOS_PUBLICACION).nullable(),
  id_externo: z.string().nullable(),
  ultimo_error: z.string().nullable(),
  actualizado_en: z.string().nullable(),
});
export type PortalDeInmueble = z.infer<typeof ZPortalDeInmueble>;

export const ZHistorialPortal = z.object({
  accion: z.string(),
  resultado: z.string(),
  detalle: z.string(),
  usuario: z.string().nullable(),
  creado_en: z.string(),
});
export type HistorialPortal = z.infer<typeof ZHistorialPortal>;

export const ACCIONES_PORTAL = ['publicar', 'actualizar', 'despublicar'] as const;
export type AccionPortal = (typeof ACCIONES_PORTAL)[number];
export const ZAccionPortalParam = ZPortalInmuebleParam.extend({
  accion: z.enum(ACCIONES_PORTAL, { error: 'accion debe ser publicar, actualizar o despublicar' }),
});

// ----- portals that read a feed ---------------------------------------------------------------------
// Impulso Raíz, Casa Raíz, inmuebles.net.co and CeroUno publish no integration API: each reads, when it
// wants, an XML or JSON feed that Predio serves at a secret address, with the fields and names the
// company maps for that portal.

export const PORTALES_FEED = ['impulso_raiz', 'casa_raiz', 'inmueblesnetco', 'cerouno'] as const;
export type PortalFeed = (typeof PORTALES_FEED)[number];
export const IDM_PORTAL_FEED: Record<PortalFeed, number> = {
  impulso_raiz: 10566,
  casa_raiz: 10530,
  inmueblesnetco: 10543,
  cerouno: 10605,
};
export const ETIQUETA_PORTAL_FEED: Record<PortalFeed, string> = {
  impulso_raiz: ETIQUETAS_PORTAL.impulso_raiz,
  casa_raiz: ETIQUETAS_PORTAL.casa_raiz,
  inmueblesnetco: ETIQUETAS_PORTAL.inmueblesnetco,
  cerouno: ETIQUETAS_PORTAL.cerouno,
};

export const FORMATOS_FEED = ['xml', 'json'] as const;
export type FormatoFeed = (typeof FORMATOS_FEED)[number];

/** What a feed can say about a property; the company chooses which and under what name. */
export const CAMPOS_FEED = [
  'referencia',
  'titulo',
  'tipo',
  'gestion',
  'descripcion',
  'departamento',
  'municipio',
  'barrio',
  'estrato',
  'area_construida',
  'area_privada',
  'area_lote',
  'habitaciones',
  'banos',
  'parqueaderos',
  'piso',
  'anio_construccion',
  'canon',
  'precio_venta',
  'administracion',
  'lat',
  'lng',
  'fotos',
  'url',
  'actualizado_en',
] as const;
export type CampoFeed = (typeof CAMPOS_FEED)[number];
export const ETIQUETAS_CAMPO_FEED: Record<CampoFeed, string> = {
  referencia: 'Referencia (consecutivo)',
  titulo: 'Título',
  tipo: 'Tipo de inmueble',
  gestion: 'Gestión',
  descripcion: 'Descripción',
  departamento: 'Departamento',
  municipio: 'Municipio',
  barrio: 'Barrio',
  estrato: 'Estrato',
  area_construida: 'Área construida (m²)',
  area_privada: 'Área privada (m²)',
  area_lote: 'Área del lote (m²)',
  habitaciones: 'Habitaciones',
  banos: 'Baños',
  parqueaderos: 'Parqueaderos',
  piso: 'Piso',
  anio_construccion: 'Año de construcción',
  canon: 'Canon de arriendo',
  precio_venta: 'Precio de venta',
  administracion: 'Administración',
  lat: 'Latitud',
  lng: 'Longitud',
  fotos: 'Fotos (direcciones)',
  url: 'Página del inmueble en el sitio',
  actualizado_en: 'Última modificación',
};
/** Every field, under its own name: what a feed says until the company maps it. */
export const CAMPOS_FEED_INICIALES = CAMPOS_FEED.map((campo) => ({ campo, nombre: campo }));

/** An XML element name that is also a plain JSON key: letters, digits, _ - and ., not starting with a digit. */
const NOMBRE_FEED = /^[A-Za-z_][A-Za-z0-9_.-]{0,39}$/;

export const ZFeedConfigGuardar = z.object({
  activo: z.boolean({ error: 'El campo Activo debe ser Sí o No' }).default(true),
  formato: z.enum(FORMATOS_FEED, { error: 'El campo Formato debe ser XML o JSON' }).default('xml'),
  campos: z
    .array(
      z.object({
        campo: z.enum(CAMPOS_FEED, { error: 'El campo Campos tiene un campo desconocido' }),
        nombre: z
          .string({ error: 'El campo Nombre en el portal debe ser texto' })
          .trim()
          .regex(
            NOMBRE_FEED,
            'El campo Nombre en el portal admite letras sin tilde, números, _ - y . (hasta 40, sin empezar por número)',
          ),
      }),
      { error: 'El campo Campos debe ser una lista' },
    )
    .min(1, 'El campo Campos debe tener al menos la referencia')
    .max(CAMPOS_FEED.length, `El campo Campos admite máximo ${CAMPOS_FEED.length} campos`)
    .default(CAMPOS_FEED_INICIALES)
    .superRefine((v, ctx) => {
      if (!v.some((c) => c.campo === 'referencia'))
        ctx.addIssue({
          code: 'custom',
          message: 'El campo Campos debe incluir la referencia: el portal identifica el inmueble con ella',
        });
      const campos = new Set<string>();
      const nombres = new Set<string>();
      for (const c of v) {
        if (campos.has(c.campo))
          ctx.addIssue({ code: 'custom', message: `El campo Campos repite «${ETIQUETAS_CAMPO_FEED[c.campo]}»` });
        if (nombres.has(c.nombre.toLowerCase()))
          ctx.addIssue({ code: 'custom', message: `El campo Nombre en el portal repite «${c.nombre}»` });
        campos.add(c.campo);
        nombres.add(c.nombre.toLowerCase());
      }
    }),
  /** The portal's word for each property type; a type left out goes with Predio's label. */
  tipos: z
    .partialRecord(
      z.enum(TIPOS_INMUEBLE, { error: 'El campo Tipos en el portal tiene un tipo de inmueble desconocido' }),
      z
        .string({ error: 'El campo Tipo en el portal debe ser texto' })
        .trim()
        .max(60, 'El campo Tipo en el portal admite máximo 60 caracteres'),
      { error: 'El campo Tipos en el portal debe indicar un texto por tipo de inmueble' },
    )
    .default({}),
});
export type FeedConfigGuardar = z.input<typeof ZFeedConfigGuardar>;

export const ZLecturaFeed = z.object({
  fecha: z.string(),
  ip: z.string(),
  agente: z.string(),
  inmuebles: z.number().int(),
  sin_cambios: z.boolean(),
});
export type LecturaFeed = z.infer<typeof ZLecturaFeed>;

/** A feed's settings as answered. */
export const ZFeedConfig = z.object({
  portal: z.enum(PORTALES_FEED),
  configurado: z.boolean(),
  activo: z.boolean(),
  formato: z.enum(FORMATOS_FEED),
  campos: z.array(z.object({ campo: z.enum(CAMPOS_FEED), nombre: z.string() })),
  tipos: z.partialRecord(z.enum(TIPOS_INMUEBLE), z.string()),
  /** The secret address the portal reads; null until the feed is configured. */
  url: z.string().nullable(),
  ultima_lectura: ZLecturaFeed.nullable(),
  lecturas_30_dias: z.number().int(),
});
export type FeedConfig = z.infer<typeof ZFeedConfig>;

/** A property marked for the portal, or once in its feed: whether the feed carries it and, if not, why. */
export const ZPublicacionFeed = z.object({
  consecutivo: z.number().int(),
  direccion: z.string(),
  estado_inmueble: z.string(),
  marcado: z.boolean(),
  en_feed: z.boolean(),
  /** Each field the portal needs that the property lacks, named as the form names it. */
  faltan: z.array(z.string()),
  /** As of the portal's last read. */
  estado: z.enum(ESTADOS_PUBLICACION).nullable(),
  actualizado_en: z.string().nullable(),
});
export type PublicacionFeed = z.infer<typeof ZPublicacionFeed>;

export const ACCIONES_FEED = ['incluir', 'quitar'] as const;
export type AccionFeed = (typeof ACCIONES_FEED)[number];
export const ZAccionFeedParam = z.object({
  consecutivo: idQuery('consecutivo'),
  accion: z.enum(ACCIONES_FEED, { error: 'accion debe ser incluir o quitar' }),
});

export const ZVistaPreviaFeed = z.object({ formato: z.enum(FORMATOS_FEED), inmuebles: z.number().int(), contenido: z.string() });
export type VistaPreviaFeed = z.infer<typeof ZVistaPreviaFeed>;

export const ZFeedPublicoParam = z.object({
  empresa: idQuery('empresa'),
  portal: z.enum(PORTALES_FEED, { error: 'portal desconocido' }),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'token no válido'),
});

/**
 * Per-portal catalogues and the company's equivalences (issue 34): each portal names property types,
 * cities and neighbourhoods by its own ids. The company maps its tipos de inmueble, municipios and barrios
 * to the portal's entries on the portal's screen; the adapter sends the ids and names what has none.
 * `desdePortal`: the portal's published contract has a catalogue endpoint («Cargar desde <portal>»);
 * every portal with a catalogue also takes a CSV.
 */
export const CLASES_CATALOGO = ['tipo', 'ciudad', 'barrio', 'caracteristica'] as const;
export type ClaseCatalogo = (typeof CLASES_CATALOGO)[number];
export const CLASES_EQUIVALENCIA = ['tipo', 'municipio', 'barrio', 'caracteristica'] as const;
export type ClaseEquivalencia = (typeof CLASES_EQUIVALENCIA)[number];
/** The catalogue class a company master is mapped to. */
export const CATALOGO_DE_CLASE: Record<ClaseEquivalencia, ClaseCatalogo> = {
  tipo: 'tipo',
  municipio: 'ciudad',
  barrio: 'barrio',
  caracteristica: 'caracteristica',
};
export const ETIQUETA_CLASE_EQUIVALENCIA: Record<ClaseEquivalencia, string> = {
  tipo: 'Tipo de inmueble',
  municipio: 'Municipio',
  barrio: 'Barrio',
  caracteristica: 'Característica',
};
export const ETIQUETA_CLASE_CATALOGO: Record<ClaseCatalogo, string> = {
  tipo: 'Tipos',
  ciudad: 'Ciudades',
  barrio: 'Barrios',
  caracteristica: 'Características',
};
/**
 * `barriosPorBusqueda`: the portal lists no barrios per city, only a place search (the integrators'
 * `GET /location/{name}`); its barrios are loaded by searching each barrio the company's properties use.
 */
export type CatalogoDePortal = { clases: readonly ClaseEquivalencia[]; desdePortal: boolean; barriosPorBusqueda?: boolean };
export const CATALOGO_PORTAL: Partial<Record<PortalSincronizado, CatalogoDePortal>> = {
  wasi: { clases: ['tipo', 'municipio', 'barrio', 'caracteristica'], desdePortal: true },
  metrocuadrado: { clases: ['municipio', 'barrio'], desdePortal: true },
  ciencuadras: { clases: ['barrio', 'caracteristica'], desdePortal: true, barriosPorBusqueda: true },
  fincaraiz: { clases: ['barrio', 'caracteristica'], desdePortal: true, barriosPorBusqueda: true },
  proppit: { clases: ['caracteristica'], desdePortal: true },
};
/**
 * The code a company chooses for a característica the portal has no feature for («No se envía»): the
 * equivalence is then decided and nothing is sent for it, instead of holding every property that has it.
 */
export const CODIGO_NO_SE_ENVIA = '-';
export const MAX_CSV_CATALOGO = 1_000_000;

const claseCatalogo = z.enum(CLASES_CATALOGO, { error: `El campo Clase debe ser uno de: ${CLASES_CATALOGO.join(', ')}` });
const claseEquivalencia = z.enum(CLASES_EQUIVALENCIA, {
  error: `El campo Clase debe ser uno de: ${CLASES_EQUIVALENCIA.join(', ')}`,
});
const busqueda = z
  .string({ error: 'El campo Buscar debe ser texto' })
  .trim()
  .max(80, { error: 'El campo Buscar admite máximo 80 caracteres' });
const codigoPortal = z
  .string({ error: 'El campo Código en el portal debe ser texto' })
  .trim()
  .min(1, { error: 'El campo Código en el portal es obligatorio' })
  .max(60, { error: 'El campo Código en el portal admite máximo 60 caracteres' });

export const ZCatalogoQuery = z.object({
  clase: claseCatalogo,
  q: busqueda.default(''),
  padre: z.string().trim().max(60, { error: 'El campo Padre admite máximo 60 caracteres' }).optional(),
});
export type CatalogoQuery = z.input<typeof ZCatalogoQuery>;
export const ZCatalogoCsv = z.object({
  clase: claseCatalogo,
  contenido: z
    .string({ error: 'El campo Archivo CSV debe ser texto' })
    .min(1, { error: 'El campo Archivo CSV está vacío' })
    .max(MAX_CSV_CATALOGO, { error: `El campo Archivo CSV admite máximo ${MAX_CSV_CATALOGO / 1_000_000} MB` }),
});
export type CatalogoCsv = z.input<typeof ZCatalogoCsv>;
export const ZEquivalenciasQuery = z.object({
  clase: claseEquivalencia,
  q: busqueda.default(''),
  sin_mapear: z
    .enum(['true', 'false'], { error: 'El campo Solo sin mapear debe ser true o false' })
    .default('false')
    .transform((v) => v === 'true'),
  page: z.coerce
    .number({ error: 'El campo page debe ser un número' })
    .int()
    .min(1, { error: 'El campo page debe ser al menos 1' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'El campo pageSize debe ser un número' })
    .int()
    .min(1, { error: 'El campo pageSize debe ser al menos 1' })
    .max(200, { error: 'El campo pageSize admite máximo 200' })
    .default(50),
});
export type EquivalenciasQuery = z.input<typeof ZEquivalenciasQuery>;
export const ZEquivalenciaGuardar = z.object({
  clase: claseEquivalencia,
  id_local: z
    .string({ error: 'El campo Elemento debe ser texto' })
    .trim()
    .min(1, { error: 'El campo Elemento es obligatorio' })
    .max(40, { error: 'El campo Elemento admite máximo 40 caracteres' }),
  /** null removes the equivalence. */
  codigo: codigoPortal.nullable(),
});
export type EquivalenciaGuardar = z.input<typeof ZEquivalenciaGuardar>;

export const ZEntradaCatalogo = z.object({ codigo: z.string(), nombre: z.string(), padre: z.string(), detalle: z.string() });
export type EntradaCatalogo = z.infer<typeof ZEntradaCatalogo>;
export const ZFilaEquivalencia = z.object({
  id_local: z.string(),
  nombre: z.string(),
  /** A municipio's department, a barrio's municipio. */
  detalle: z.string(),
  codigo: z.string().nullable(),
  nombre_portal: z.string().nullable(),
  /** A barrio: the portal's city its municipio maps to (the Select then offers that city's barrios). */
  padre: z.string().nullable().optional(),
});
export type FilaEquivalencia = z.infer<typeof ZFilaEquivalencia>;
/** Saving an equivalence answers the row; removing it (codigo null) answers the element without code. */
export const ZEquivalenciaGuardada = z.union([ZFilaEquivalencia, z.object({ id_local: z.string(), codigo: z.null() })]);
export const ZResumenCatalogo = z.object({
  clases: z.array(
    z.object({
      clase: z.enum(CLASES_CATALOGO),
      entradas: z.number().int(),
      cargado_en: z.string().nullable(),
      origen: z.enum(['portal', 'csv']).nullable(),
    }),
  ),
  sin_mapear: z.object({
    tipo: z.number().int(),
    municipio: z.number().int(),
    barrio: z.number().int(),
    caracteristica: z.number().int(),
  }),
  desde_portal: z.boolean(),
});
export type ResumenCatalogo = z.infer<typeof ZResumenCatalogo>;
export const ZCargaCatalogo = z.object({
  tipo: z.number().int(),
  ciudad: z.number().int(),
  barrio: z.number().int(),
  caracteristica: z.number().int(),
});
export type CargaCatalogo = z.infer<typeof ZCargaCatalogo>;
/** A load (from the portal or a CSV): entries per class and how many were matched by name. */
export const ZCargaCatalogoResultado = ZCargaCatalogo.extend({ emparejados: z.number().int() });
