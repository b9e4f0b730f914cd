import { z } from 'zod';
import { cuandoValidos, entero, id, enteroQuery, esDia, fecha, idQuery, opcion, si, texto, textoObligatorio } from './campos.ts';
import { GESTIONES } from './inmuebles.ts';
import { zListQuery } from './list.ts';

// Página web (issue 32): news and banners the staff publish; the public API and site show them.

export const IDM_NOTICIAS = 202;
export const IDM_BANNERS = 10535;

export const ESTADOS_NOTICIA = ['borrador', 'programada', 'publicada', 'despublicada'] as const;
export type EstadoNoticia = (typeof ESTADOS_NOTICIA)[number];
export const ETIQUETAS_ESTADO_NOTICIA: Record<EstadoNoticia, string> = {
  borrador: 'Borrador',
  programada: 'Programada',
  publicada: 'Publicada',
  despublicada: 'Despublicada',
};

/** «Casas en Envigado: ¡nuevas!» → «casas-en-envigado-nuevas»: what the site's address of a news says. */
export function slugDe(titulo: string): string {
  const s = titulo
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return s || 'noticia';
}

const momento = (label: string) =>
  z
    .string({ error: `El campo ${label} debe ser una fecha y hora` })
    .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), {
      error: `El campo ${label} debe ser una fecha y hora válida`,
    });

export const ZNoticiaForm = z
  .object({
    titulo: textoObligatorio('Título', 160),
    resumen: texto('Resumen', 500),
    // Sanitised by the server before it is stored; the length is of the HTML as sent.
    cuerpo: texto('Contenido', 200_000),
    etiquetas: z
      .array(texto('Etiquetas', 40), { error: 'El campo Etiquetas debe ser una lista' })
      .max(20, { error: 'El campo Etiquetas admite máximo 20 valores' })
      .default([])
      .transform((xs) => [...new Set(xs.filter((x) => x !== ''))]),
    /** The author: a user of the company (the site shows their name). */
    id_autor: id('Autor').nullable().default(null),
    /** The free-text author of news written before id_autor; kept as it is when no user is chosen. */
    autor: texto('Autor', 120),
    estado: opcion('Estado', ESTADOS_NOTICIA, ETIQUETAS_ESTADO_NOTICIA).default('borrador'),
    publicar_en: momento('Fecha de publicación').nullable().default(null),
  })
  .superRefine(
    (v, ctx) => {
      if (v.estado === 'programada' && !v.publicar_en)
        ctx.addIssue({
          code: 'custom',
          path: ['publicar_en'],
          message: 'El campo Fecha de publicación es obligatorio para una noticia programada',
        });
    },
    cuandoValidos('estado', 'publicar_en'),
  );
export type NoticiaForm = z.output<typeof ZNoticiaForm>;
export type NoticiaFormEntrada = z.input<typeof ZNoticiaForm>;

export const NOTICIAS_SORT = ['titulo', 'estado', 'publicar_en', 'creado_en'] as const;
export const ZNoticiasQuery = zListQuery({
  sort: NOTICIAS_SORT,
  filters: { estado: z.enum(ESTADOS_NOTICIA, { error: `estado debe ser uno de: ${ESTADOS_NOTICIA.join(', ')}` }).optional() },
});

export const ZNoticia = z.object({
  id: z.number().int(),
  titulo: z.string(),
  slug: z.string(),
  resumen: z.string(),
  cuerpo: z.string(),
  etiquetas: z.array(z.string()),
  /** The author chosen among the company's users, or null (old news keep their free text in `autor`). */
  id_autor: z.number().int().nullable(),
  /** The free text of news written before the author was a user. */
  autor: z.string(),
  /** What the site shows as author: the user's name, else the old free text. */
  autor_nombre: z.string(),
  estado: z.enum(ESTADOS_NOTICIA),
  publicar_en: z.string().nullable(),
  /** Whether the public site shows it now (published, or scheduled and its moment came). */
  visible: z.boolean(),
  portada: z.number().int().nullable(),
  creado_por: z.string(),
  creado_en: z.string(),
  modificado_por: z.string().nullable(),
  modificado_en: z.string().nullable(),
});
export type Noticia = z.infer<typeof ZNoticia>;

/** What a delete answers: the id of the record gone. */
export const ZBorrado = z.object({ id: z.number().int() });

/** The authors' list: `incluir` keeps an inactive user a news already has. */
export const ZAutoresQuery = z.object({ incluir: idQuery('incluir').optional() });
/** A user who can sign a news (the dialog's Autor). */
export const ZAutorNoticia = z.object({ id: z.number().int(), nombre: z.string(), activo: z.boolean() });
export type AutorNoticia = z.infer<typeof ZAutorNoticia>;

// ----- banners

/** Where on the public site a banner shows. */
export const UBICACIONES_BANNER = ['inicio_principal', 'inicio_secundario', 'busqueda', 'noticias'] as const;
export type UbicacionBanner = (typeof UBICACIONES_BANNER)[number];
export const ETIQUETAS_UBICACION_BANNER: Record<UbicacionBanner, string> = {
  inicio_principal: 'Inicio: principal (arriba)',
  inicio_secundario: 'Inicio: secundario (entre inmuebles y noticias)',
  busqueda: 'Búsqueda de inmuebles',
  noticias: 'Noticias',
};
/** The public API's and the staff list's filter by placement (named by its parameter). */
const ubicacionQuery = z
  .enum(UBICACIONES_BANNER, { error: `ubicacion debe ser uno de: ${UBICACIONES_BANNER.join(', ')}` })
  .optional();

const ENLACE = /^(https?:\/\/[^\s<>"']+|\/[^\s<>"']*)$/i;

export const ZBannerForm = z
  .object({
    titulo: textoObligatorio('Título', 160),
    // Only web addresses or a path of the site: never javascript: or data:.
    enlace: texto('Enlace', 500).refine((v) => v === '' || ENLACE.test(v), {
      error: 'El campo Enlace debe ser una dirección web (https://…) o una ruta del sitio (/…)',
    }),
    ubicacion: opcion('Ubicación', UBICACIONES_BANNER, ETIQUETAS_UBICACION_BANNER).default('inicio_principal'),
    orden: entero('Orden', 0, 9999).default(0),
    vigente_desde: fecha('Vigente desde').nullable().default(null),
    vigente_hasta: fecha('Vigente hasta').nullable().default(null),
    activo: si('Activo').default(true),
  })
  .superRefine(
    (v, ctx) => {
      if (v.vigente_desde && v.vigente_hasta && esDia(v.vigente_desde) && v.vigente_hasta < v.vigente_desde)
        ctx.addIssue({
          code: 'custom',
          path: ['vigente_hasta'],
          message: 'El campo Vigente hasta no puede ser anterior a Vigente desde',
        });
    },
    cuandoValidos('vigente_desde', 'vigente_hasta'),
  );
export type BannerForm = z.output<typeof ZBannerForm>;
export type BannerFormEntrada = z.input<typeof ZBannerForm>;

export const BANNERS_SORT = ['orden', 'titulo', 'vigente_hasta'] as const;
export const ZBannersQuery = zListQuery({ sort: BANNERS_SORT, filters: { ubicacion: ubicacionQuery } });
/** The public API's banners: optionally those of one placement. */
export const ZBannersApiQuery = z.object({ ubicacion: ubicacionQuery });

export const ZBanner = z.object({
  id: z.number().int(),
  titulo: z.string(),
  enlace: z.string(),
  ubicacion: z.enum(UBICACIONES_BANNER),
  orden: z.number().int(),
  vigente_desde: z.string().nullable(),
  vigente_hasta: z.string().nullable(),
  activo: z.boolean(),
  /** Active and within its dates today (Colombia). */
  vigente: z.boolean(),
  imagen: z.number().int().nullable(),
  /** The optional image for phones (category `imagen_movil`). */
  imagen_movil: z.number().int().nullable(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type Banner = z.infer<typeof ZBanner>;

// ----- the public API (read-only, per company)

export const ZEmpresaPublicaParam = z.object({
  empresa: z.coerce
    .number({ error: 'empresa debe ser un número' })
    .int({ error: 'empresa debe ser un número entero' })
    .positive({ error: 'empresa debe ser mayor que cero' })
    .max(2_147_483_647, { error: 'empresa es demasiado grande' }),
});
export const ZSlugParam = ZEmpresaPublicaParam.extend({
  slug: z.string().trim().min(1, { error: 'slug es obligatorio' }).max(100, { error: 'slug es demasiado largo' }),
});
export const ZArchivoPublicoParam = ZEmpresaPublicaParam.extend({
  id: z.coerce
    .number({ error: 'id debe ser un número' })
    .int({ error: 'id debe ser un número entero' })
    .positive({ error: 'id debe ser mayor que cero' })
    .max(2_147_483_647, { error: 'id es demasiado grande' }),
});

/**
 * Names that must never appear in a public answer (issue 32 «Bad input and security»): internal notes,
 * owners, keys, who created or changed a record, and ids of staff. The public API's test walks every
 * answer for them.
 */
export const CAMPOS_PRIVADOS = [
  'observaciones_internas',
  'codigo_llaves',
  'propietarios',
  'propietario',
  'id_asesor_captador',
  'id_asesor_comercial',
  'creado_por',
  'modificado_por',
  'clave',
  'clave_formulario_web',
  'nro_id',
  'id_empresa',
] as const;

export const ZRegistroParam = z.object({ id: idQuery('id') });
export const ZInmueblePublicoParam = ZEmpresaPublicaParam.extend({ consecutivo: idQuery('consecutivo') });
/** A price bound of the public search, in pesos. */
const precioQuery = (campo: string) =>
  z.coerce
    .number({ error: `${campo} debe ser un número` })
    .min(0, { error: `${campo} no puede ser negativo` })
    .max(1e12, { error: `${campo} es demasiado grande` })
    .optional();
export const ZInmueblesPublicosQuery = z
  .object({
    gestion: z.enum(GESTIONES, { error: `gestion debe ser uno de: ${GESTIONES.join(', ')}` }).optional(),
    tipo: z.string().trim().max(40, { error: 'tipo es demasiado largo' }).optional(),
    limite: enteroQuery('limite', 1, 100).default(24),
    municipio: z.coerce
      .number({ error: 'municipio debe ser un número' })
      .int({ error: 'municipio debe ser un número entero' })
      .positive({ error: 'municipio debe ser un número positivo' })
      .optional(),
    precio_min: precioQuery('precio_min'),
    precio_max: precioQuery('precio_max'),
    habitaciones_min: z.coerce
      .number({ error: 'habitaciones_min debe ser un número' })
      .int({ error: 'habitaciones_min debe ser un número entero' })
      .min(0, { error: 'habitaciones_min no puede ser negativo' })
      .max(50, { error: 'habitaciones_min debe ser como máximo 50' })
      .optional(),
    barrio: z.coerce
      .number({ error: 'barrio debe ser un número' })
      .int({ error: 'barrio debe ser un número entero' })
      .positive({ error: 'barrio debe ser un número positivo' })
      .max(2_147_483_647, { error: 'barrio es demasiado grande' })
      .optional(),
    /** A property's code (its consecutivo) as the site shows it; a leading «#» is fine. */
    codigo: z
      .preprocess((v) => (typeof v === 'string' ? v.trim().replace(/^#\s*/, '') : v), enteroQuery('codigo', 1, 2_147_483_647))
      .optional(),
    pagina: enteroQuery('pagina', 1, 1000).default(1),
  })
  .refine((q) => q.precio_min === undefined || q.precio_max === undefined || q.precio_min <= q.precio_max, {
    error: 'precio_max debe ser mayor o igual que precio_min',
    path: ['precio_max'],
  });
export type InmueblesPublicosQuery = z.infer<typeof ZInmueblesPublicosQuery>;
/** A news tag to filter by (the site's tag links, the API's `?etiqueta=`). */
const etiquetaQuery = z.string().trim().max(60, { error: 'etiqueta es demasiado larga' }).optional();
/** The site's news list: a page number and, optionally, a tag. */
export const ZNoticiasPublicasQuery = z.object({
  pagina: enteroQuery('pagina', 1, 1000).default(1),
  etiqueta: etiquetaQuery,
});
/** The API's news list: optionally a tag. */
export const ZNoticiasApiQuery = z.object({ etiqueta: etiquetaQuery });
/** At most this many properties in one page of the feed (and the default: a company under it gets all at once). */
export const MAX_POR_PAGINA_FEED = 5000;
/** The property feed's paging: `?pagina=` from 1 and `?por_pagina=` from 1 to 5,000 (default 5,000). */
export const ZFeedQuery = z.object({
  pagina: enteroQuery('pagina', 1, 100_000).default(1),
  por_pagina: enteroQuery('por_pagina', 1, MAX_POR_PAGINA_FEED).default(MAX_POR_PAGINA_FEED),
});
export type FeedQuery = z.infer<typeof ZFeedQuery>;
// ----- what the public API answers (named column by column: nothing internal)

export const ZEmpresaPublica = z.object({
  nombre: z.string(),
  telefonos: z.string(),
  email: z.string(),
  web: z.string(),
  direccion: z.string(),
  color: z.string(),
  logo: z.string().nullable(),
});
export type EmpresaPublica = z.infer<typeof ZEmpresaPublica>;

export const ZNoticiaPublica = z.object({
  titulo: z.string(),
  slug: z.string(),
  resumen: z.string(),
  etiquetas: z.array(z.string()),
  /** The name of who signs it (a user, or the old free text); never a user id. */
  autor: z.string(),
  publicada_en: z.string().nullable(),
  portada: z.string().nullable(),
  cuerpo: z.string().optional(),
});
export type NoticiaPublica = z.infer<typeof ZNoticiaPublica>;

export const ZBannerPublico = z.object({
  titulo: z.string(),
  enlace: z.string(),
  ubicacion: z.enum(UBICACIONES_BANNER),
  orden: z.number().int(),
  imagen: z.string().nullable(),
  /** The image for phones, when the staff gave one (else phones show `imagen`). */
  imagen_movil: z.string().nullable(),
});
export type BannerPublico = z.infer<typeof ZBannerPublico>;

export const ZInmueblePublico = z.object({
  consecutivo: z.number().int(),
  tipo: z.string(),
  gestion: z.string(),
  municipio: z.string().nullable(),
  departamento: z.string().nullable(),
  barrio: z.string().nullable(),
  estrato: z.number().nullable(),
  area_construida: z.number().nullable(),
  area_privada: z.number().nullable(),
  habitaciones: z.number(),
  banos: z.number(),
  parqueaderos: z.number(),
  piso: z.number().nullable(),
  ascensor: z.boolean(),
  canon: z.number().nullable(),
  precio_venta: z.number().nullable(),
  administracion: z.number().nullable(),
  descripcion: z.string(),
  caracteristicas: z.array(z.string()),
  fotos: z.array(z.object({ grande: z.string(), miniatura: z.string() })),
  /** An approximate point (a grid of 0.002°, about 220 m), never the property's own coordinates. */
  ubicacion: z.object({ lat: z.number(), lng: z.number() }).nullable(),
});
export type InmueblePublico = z.infer<typeof ZInmueblePublico>;

/** A point of the search's whole map: the property, its rounded point and its price (the canon first). */
export const ZPuntoMapa = z.object({
  consecutivo: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  precio: z.number().nullable(),
});
export type PuntoMapa = z.infer<typeof ZPuntoMapa>;

export const ZArchivoPublicoQuery = z.object({
  tamano: z.enum(['miniatura', 'grande'], { error: 'tamano debe ser miniatura o grande' }).optional(),
});
