import { z } from 'zod';
import { entero, fechaQuery as fecha, id as idCuerpo, idQuery as id, listaQuery, opcion, si } from './campos.ts';
import { ACCIONES } from './auditoria.ts';
import {
  ESTADOS_INMUEBLE,
  ETIQUETAS_GESTION,
  ETIQUETAS_INMUEBLE,
  ETIQUETAS_TIPO,
  GESTIONES,
  TIPOS_INMUEBLE,
  type EstadoInmueble,
  type TipoInmueble,
} from './inmuebles.ts';
import { zListQuery, type ListQuery } from './list.ts';
import './validation.ts';

// Archivo > Utilidades (issue 4 §1): reasignar inmuebles, modificaciones de inmuebles,
// geolocalizar inmuebles, and the agency's TV display (configurartv).

export const IDM_REASIGNAR = 10545;
export const IDM_MODIFICACIONES = 19;
export const IDM_GEOLOCALIZAR = 31;
export const IDM_TV = 10521;

/** Notification type the destination asesor receives (migration 0048). */
export const TIPO_CARTA_INMUEBLES_ASIGNADOS = 205;

const estadoItem = z.enum(ESTADOS_INMUEBLE, { error: `estado debe ser uno de: ${ESTADOS_INMUEBLE.join(', ')}` });
const textoFiltro = (campo: string, max = 100) =>
  z
    .string()
    .trim()
    .max(max, { error: `${campo} admite máximo ${max} caracteres` })
    .optional()
    .transform((v) => v || undefined);

export const etiquetaTipo = (t: TipoInmueble | string) => t.charAt(0).toUpperCase() + t.slice(1);

/** Users of the company, for the asesor selects. */
export const ZAsesor = z.object({ id: z.number(), usuario: z.string(), nombre: z.string(), activo: z.boolean() });
export type Asesor = z.infer<typeof ZAsesor>;
export const ZOpcionMunicipio = z.object({ id: z.number(), nombre: z.string(), inmuebles: z.number() });
export type OpcionMunicipio = z.infer<typeof ZOpcionMunicipio>;
export const ZOpcionesUtilidades = z.object({ asesores: z.array(ZAsesor), municipios: z.array(ZOpcionMunicipio) });
export type OpcionesUtilidades = z.infer<typeof ZOpcionesUtilidades>;

// ----- reasignar inmuebles (10545) ---------------------------------------------------------------

export const ROLES_ASESOR = ['comercial', 'captador', 'ambos'] as const;
export type RolAsesor = (typeof ROLES_ASESOR)[number];
export const ETIQUETA_ROL: Record<RolAsesor, string> = {
  comercial: 'Asesor comercial',
  captador: 'Asesor captador',
  ambos: 'Comercial y captador',
};

const criterios = {
  origen: id('origen'),
  destino: id('destino'),
  rol: z.enum(ROLES_ASESOR, { error: `rol debe ser uno de: ${ROLES_ASESOR.join(', ')}` }).default('ambos'),
};

export const ZReasignarPreviaQuery = z.object({
  ...criterios,
  estado: listaQuery('estado', estadoItem),
});
export type ReasignarPreviaQuery = z.output<typeof ZReasignarPreviaQuery>;

export const ZReasignar = z
  .object({
    ...criterios,
    estado: z.array(estadoItem, { error: 'estado debe ser una lista' }).max(10).optional(),
    /** true: every property that matches when it runs; false: only `consecutivos`. */
    todos: z.boolean({ error: 'todos debe ser true o false' }),
    consecutivos: z
      .array(id('consecutivos'), { error: 'consecutivos debe ser una lista' })
      .max(10_000, { error: 'consecutivos admite máximo 10.000' })
      .default([]),
    /** What the preview showed; when todos and the count changed since, the server refuses. */
    esperados: z.number().int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.todos && v.consecutivos.length === 0)
      ctx.addIssue({ code: 'custom', path: ['consecutivos'], message: 'seleccione al menos un inmueble' });
  });
export type Reasignar = z.output<typeof ZReasignar>;

const ZTipo = z.enum(TIPOS_INMUEBLE);
const ZGestion = z.enum(GESTIONES);
const ZEstado = z.enum(ESTADOS_INMUEBLE);

/** What every list of this page says of a property first. */
const ZInmuebleBase = z.object({
  consecutivo: z.number(),
  tipo: ZTipo,
  gestion: ZGestion,
  estado: ZEstado,
  direccion: z.string(),
  municipio: z.string().nullable(),
});

export const ZInmuebleReasignable = ZInmuebleBase.extend({
  id_asesor_comercial: z.number().nullable(),
  id_asesor_captador: z.number().nullable(),
  /** Who is editing it now: it will be skipped. */
  editando: z.string().nullable(),
});
export type InmuebleReasignable = z.infer<typeof ZInmuebleReasignable>;
export const ZReasignarPrevia = z.object({ items: z.array(ZInmuebleReasignable), total: z.number() });
export type ReasignarPrevia = z.infer<typeof ZReasignarPrevia>;
export const ZReasignarResultado = z.object({
  reasignados: z.array(z.number()),
  omitidos: z.array(z.object({ consecutivo: z.number(), motivo: z.string() })),
  origen: z.string(),
  destino: z.string(),
});
export type ReasignarResultado = z.infer<typeof ZReasignarResultado>;

// ----- modificaciones de inmuebles (19) ----------------------------------------------------------

/**
 * Spanish labels of the fields the inmuebles module writes to the audit log: the form's own labels,
 * plus the fields only the state change, the edit lock, the photos and documents and the sending of
 * the ficha write.
 */
export const CAMPOS_INMUEBLE: Record<string, string> = {
  ...ETIQUETAS_INMUEBLE,
  estado: 'Estado',
  id_causal_retiro: 'Causal de retiro',
  observacion: 'Observación',
  bloqueo: 'Bloqueo de edición',
  fotos: 'Fotos',
  portada: 'Foto de portada',
  orden_fotos: 'Orden de las fotos',
  documentos: 'Documentos',
  ficha_enviada: 'Ficha enviada por correo a',
  motivo: 'Motivo de la eliminación',
};
export const etiquetaCampo = (c: string) => CAMPOS_INMUEBLE[c] ?? c;

/** Actions on properties, in Spanish (the platform's list plus this module's). */
export const ACCIONES_INMUEBLE: Record<string, string> = {
  ...ACCIONES,
  'cambiar estado': 'Cambio de estado',
  'romper bloqueo': 'Bloqueo roto',
  reasignar: 'Reasignación',
  geolocalizar: 'Geolocalización',
  'subir fotos': 'Fotos subidas',
  'ordenar fotos': 'Fotos ordenadas',
  'cambiar portada': 'Cambio de portada',
  'eliminar foto': 'Foto eliminada',
  'subir documento': 'Documento subido',
  'eliminar documento': 'Documento eliminado',
  'enviar ficha a clientes': 'Ficha enviada a clientes',
  eliminar: 'Inmueble eliminado',
};
export const etiquetaAccion = (a: string) => ACCIONES_INMUEBLE[a] ?? a;

export const MODIFICACIONES_SORT = ['fecha', 'usuario', 'consecutivo', 'campo'] as const;
const filtrosModificaciones = {
  consecutivo: id('consecutivo').optional(),
  usuario: textoFiltro('usuario'),
  campo: textoFiltro('campo', 60),
  accion: textoFiltro('accion', 60),
  desde: fecha('desde'),
  hasta: fecha('hasta'),
};
export type ModificacionesFiltros = {
  consecutivo?: number | undefined;
  usuario?: string | undefined;
  campo?: string | undefined;
  accion?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
};
export const ZModificacionesQuery = zListQuery({ sort: MODIFICACIONES_SORT, filters: filtrosModificaciones }) as z.ZodType<
  ListQuery & ModificacionesFiltros
>;
export type ModificacionesQuery = z.output<typeof ZModificacionesQuery>;
export const ZModificacionesExportarQuery = zListQuery({
  sort: MODIFICACIONES_SORT,
  filters: {
    ...filtrosModificaciones,
    formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
  },
}) as z.ZodType<ListQuery & ModificacionesFiltros & { formato: 'csv' | 'xlsx' }>;
export const MODIFICACIONES_EXPORT_MAX = 50_000;

/** One changed field of one audited write; antes/despues are display text (names, COP, Sí/No). */
export const ZModificacion = z.object({
  /** audit row id + field: unique per row of this list. */
  clave: z.string(),
  fecha: z.string(),
  usuario: z.string(),
  accion: z.string(),
  consecutivo: z.number().nullable(),
  campo: z.string(),
  antes: z.string(),
  despues: z.string(),
});
export type Modificacion = z.infer<typeof ZModificacion>;
export const ZModificacionesValores = z.object({
  usuarios: z.array(z.string()),
  campos: z.array(z.string()),
  acciones: z.array(z.string()),
});
export type ModificacionesValores = z.infer<typeof ZModificacionesValores>;

// ----- geolocalizar inmuebles (31) ---------------------------------------------------------------

export const ZUbicacionesQuery = zListQuery({
  sort: ['consecutivo', 'municipio', 'direccion'],
  filters: {
    /** 1 (default): only properties without coordinates; 0: all. */
    sinCoordenadas: z
      .enum(['0', '1', 'true', 'false'], { error: 'sinCoordenadas debe ser 1 o 0' })
      .optional()
      .transform((v) => v === undefined || v === '1' || v === 'true'),
    municipio: listaQuery('municipio', id('municipio')),
    estado: listaQuery('estado', estadoItem),
  },
}) as z.ZodType<ListQuery & { sinCoordenadas: boolean; municipio?: number[] | undefined; estado?: EstadoInmueble[] | undefined }>;
export type UbicacionesQuery = z.output<typeof ZUbicacionesQuery>;

export const ZInmuebleUbicacion = ZInmuebleBase.extend({
  barrio: z.string().nullable(),
  canon: z.number().nullable(),
  precio_venta: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  version: z.number(),
});
export type InmuebleUbicacion = z.infer<typeof ZInmuebleUbicacion>;
export const ZUbicaciones = z.object({ items: z.array(ZInmuebleUbicacion), total: z.number(), sinCoordenadas: z.number() });
export type Ubicaciones = z.infer<typeof ZUbicaciones>;
export const ZUbicacionGuardada = z.object({
  consecutivo: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  version: z.number(),
});

const coord = (label: string, lim: number) =>
  z
    .number({ error: `El campo ${label} debe ser un número` })
    .min(-lim, { error: `El campo ${label} debe estar entre -${lim} y ${lim}` })
    .max(lim, { error: `El campo ${label} debe estar entre -${lim} y ${lim}` })
    .nullable();

/** Both coordinates, or both null to remove the location. */
export const ZUbicacion = z
  .object({
    lat: coord('Latitud', 90),
    lng: coord('Longitud', 180),
    /** The version the user saw; when given and the property changed meanwhile, 409. */
    version: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === null) !== (v.lng === null))
      ctx.addIssue({
        code: 'custom',
        path: [v.lat === null ? 'lat' : 'lng'],
        message: 'La latitud y la longitud van juntas: escriba las dos o quite las dos',
      });
  });
export type Ubicacion = z.output<typeof ZUbicacion>;

// ----- TV (10521) --------------------------------------------------------------------------------

export const TV_INTERVALO_MIN = 5;
export const TV_INTERVALO_MAX = 120;
export const TV_MAX_ITEMS = 200;

export const ZTvConfig = z.object({
  gestion: opcion('Gestión', GESTIONES, ETIQUETAS_GESTION).nullable().default(null),
  tipos: z
    .array(opcion('Tipos de inmueble', TIPOS_INMUEBLE, ETIQUETAS_TIPO), {
      error: 'El campo Tipos de inmueble debe ser una lista',
    })
    .max(TIPOS_INMUEBLE.length, { error: 'El campo Tipos de inmueble tiene valores repetidos' })
    .default([]),
  municipios: z
    .array(idCuerpo('Municipios'), { error: 'El campo Municipios debe ser una lista' })
    .max(100, { error: 'El campo Municipios admite máximo 100' })
    .default([]),
  soloConFotos: si('Solo inmuebles con fotos').default(false),
  maxItems: entero('Máximo de inmuebles', 1, TV_MAX_ITEMS).default(30),
  intervaloSegundos: entero('Segundos por inmueble', TV_INTERVALO_MIN, TV_INTERVALO_MAX).default(15),
});
export type TvConfig = z.output<typeof ZTvConfig>;
export const TV_CONFIG_DEFECTO: TvConfig = ZTvConfig.parse({});

/** A stored configuration read leniently: what no longer validates falls back to its default. */
export function tvConfigDe(guardado: unknown): TvConfig {
  if (typeof guardado !== 'object' || guardado === null) return TV_CONFIG_DEFECTO;
  const out: Record<string, unknown> = { ...TV_CONFIG_DEFECTO };
  for (const [k, v] of Object.entries(guardado)) {
    if (!(k in ZTvConfig.shape)) continue;
    const r = ZTvConfig.shape[k as keyof TvConfig].safeParse(v);
    if (r.success) out[k] = r.data;
  }
  return out as TvConfig;
}

export const ZTvInmueble = z.object({
  consecutivo: z.number(),
  tipo: ZTipo,
  gestion: ZGestion,
  direccion: z.string(),
  municipio: z.string().nullable(),
  barrio: z.string().nullable(),
  canon: z.number().nullable(),
  precio_venta: z.number().nullable(),
  area_construida: z.number().nullable(),
  area_privada: z.number().nullable(),
  area_lote: z.number().nullable(),
  habitaciones: z.number(),
  banos: z.number(),
  parqueaderos: z.number(),
  estrato: z.number().nullable(),
  /** Has at least one photo: the slide asks for its cover. */
  con_foto: z.boolean(),
});
export type TvInmueble = z.infer<typeof ZTvInmueble>;
/** The stored configuration as the API answers it (defaults filled in). */
export const ZTvConfigGuardada = z.object({
  gestion: ZGestion.nullable(),
  tipos: z.array(ZTipo),
  municipios: z.array(z.number()),
  soloConFotos: z.boolean(),
  maxItems: z.number(),
  intervaloSegundos: z.number(),
});
export const ZTvPresentacion = z.object({
  config: ZTvConfigGuardada,
  empresa: z.object({ nombre: z.string(), logo: z.string().nullable() }),
  items: z.array(ZTvInmueble),
});
export type TvPresentacion = z.infer<typeof ZTvPresentacion>;
