import { z } from 'zod';
import {
  MAX_COP,
  MAX_INT,
  cuandoValidos,
  decimal,
  entero,
  enteroQuery,
  fecha,
  id,
  idQuery,
  ids,
  listaQuery,
  opcion,
  si,
  texto,
  textoObligatorio,
} from './campos.ts';
import { ZListQuery, zListQuery, zSort, type Conteo, type ListQuery, type PaginaSinConteo } from './list.ts';
import './validation.ts';

export const IDM_INMUEBLE = 490;
export const IDM_INMUEBLES_DISPONIBLES = 491;
/** A property is read from its form (490) or from the search (491). */
export const IDMS_LECTURA_INMUEBLE = [IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES] as const;

export const TIPOS_INMUEBLE = [
  'apartamento',
  'casa',
  'apartaestudio',
  'local',
  'oficina',
  'bodega',
  'lote',
  'finca',
  'consultorio',
  'edificio',
  'habitación',
  'parqueadero',
] as const;
export const GESTIONES = ['arriendo', 'venta', 'arriendo_venta'] as const;
export const ESTADOS_INMUEBLE = ['captado', 'disponible', 'reservado', 'arrendado', 'vendido', 'retirado'] as const;
export const PORTALES = [
  'fincaraiz',
  'metrocuadrado',
  'ciencuadras',
  'wasi',
  'impulso_raiz',
  'casa_raiz',
  'inmueblesnetco',
  'cerouno',
  'proppit',
  'domus',
  'mercadolibre',
  'sitio_web',
] as const;

export type TipoInmueble = (typeof TIPOS_INMUEBLE)[number];
export type Gestion = (typeof GESTIONES)[number];
export type EstadoInmueble = (typeof ESTADOS_INMUEBLE)[number];
export type Portal = (typeof PORTALES)[number];

// ----- labels (the form, the lists, the sheet and the audit screen name fields the same way) ------

export const ETIQUETAS_TIPO: Record<TipoInmueble, string> = {
  apartamento: 'Apartamento',
  casa: 'Casa',
  apartaestudio: 'Apartaestudio',
  local: 'Local',
  oficina: 'Oficina',
  bodega: 'Bodega',
  lote: 'Lote',
  finca: 'Finca',
  consultorio: 'Consultorio',
  edificio: 'Edificio',
  habitación: 'Habitación',
  parqueadero: 'Parqueadero',
};
export const ETIQUETAS_GESTION: Record<Gestion, string> = {
  arriendo: 'Arriendo',
  venta: 'Venta',
  arriendo_venta: 'Arriendo y venta',
};
export const ETIQUETAS_ESTADO: Record<EstadoInmueble, string> = {
  captado: 'Captado',
  disponible: 'Disponible',
  reservado: 'Reservado',
  arrendado: 'Arrendado',
  vendido: 'Vendido',
  retirado: 'Retirado',
};
export const ETIQUETAS_PORTAL: Record<(typeof PORTALES)[number], string> = {
  fincaraiz: 'Fincaraíz',
  metrocuadrado: 'Metrocuadrado',
  ciencuadras: 'Ciencuadras',
  wasi: 'Wasi',
  impulso_raiz: 'Impulso Raíz',
  casa_raiz: 'Casa Raíz',
  inmueblesnetco: 'Inmuebles.net.co',
  cerouno: 'CeroUno',
  proppit: 'Proppit',
  domus: 'Domus',
  mercadolibre: 'Mercado Libre',
  sitio_web: 'Sitio web',
};

const L = {
  tipo: 'Tipo de inmueble',
  gestion: 'Gestión',
  direccion: 'Dirección',
  id_municipio: 'Municipio',
  id_barrio: 'Barrio',
  id_sector: 'Sector',
  id_zona: 'Zona',
  estrato: 'Estrato',
  area_construida: 'Área construida (m²)',
  area_privada: 'Área privada (m²)',
  area_lote: 'Área del lote (m²)',
  habitaciones: 'Habitaciones',
  banos: 'Baños',
  parqueaderos: 'Parqueaderos',
  piso: 'Piso',
  ascensor: 'Ascensor',
  anio_construccion: 'Año de construcción',
  canon: 'Canon de arrendamiento',
  precio_venta: 'Precio de venta',
  administracion: 'Administración',
  caracteristicas: 'Características',
  descripcion: 'Descripción',
  observaciones_internas: 'Observaciones internas',
  propietarios: 'Propietarios',
  id_asesor_captador: 'Asesor captador',
  id_asesor_comercial: 'Asesor comercial',
  id_captacion: 'Medio de captación',
  fecha_consignacion: 'Fecha de consignación',
  vigencia_consignacion: 'Vigencia del contrato de consignación',
  lat: 'Latitud',
  lng: 'Longitud',
  codigo_llaves: 'Código de llaves',
  publicar: 'Publicar en',
} as const;

const idOpcional = (label: string) => id(label).nullable().optional();
const cop = (label: string) => entero(label, 0, MAX_COP).nullable().optional();
/** The largest area a form takes, in m²; a search filter past it finds nothing anyway. */
export const AREA_MAX = 10_000_000;
const area = (label: string) => decimal(label, AREA_MAX).nullable().optional();
const dia = (label: string) => fecha(label).nullable().optional();
const coordenada = (label: string, limite: number) =>
  z
    .number({ error: `El campo ${label} debe ser un número` })
    .min(-limite, { error: `El campo ${label} debe estar entre -${limite} y ${limite}` })
    .max(limite, { error: `El campo ${label} debe estar entre -${limite} y ${limite}` })
    .nullable()
    .optional();

export const ZPropietario = z
  .object({
    id_tercero: idOpcional('Propietario'),
    nro_id: z
      .string()
      .trim()
      .max(20, { error: 'El número de identificación del propietario admite máximo 20 caracteres' })
      .optional(),
    porcentaje: z
      .number({ error: 'El porcentaje de cada propietario es obligatorio' })
      .gt(0, { error: 'El porcentaje de cada propietario debe ser mayor que cero' })
      .max(100, { error: 'El porcentaje de cada propietario debe ser como máximo 100' }),
  })
  .refine((p) => p.id_tercero || p.nro_id, { error: 'Elija el tercero de cada propietario' });
export type Propietario = z.output<typeof ZPropietario>;

const centesimas = (n: number) => Math.round(n * 100);

export const ZInmuebleCampos = z.object({
  tipo: opcion(L.tipo, TIPOS_INMUEBLE, ETIQUETAS_TIPO),
  gestion: opcion(L.gestion, GESTIONES, ETIQUETAS_GESTION),
  direccion: textoObligatorio(L.direccion, 200),
  id_municipio: id(L.id_municipio),
  id_barrio: idOpcional(L.id_barrio),
  id_sector: idOpcional(L.id_sector),
  id_zona: idOpcional(L.id_zona),
  estrato: entero(L.estrato, 1, 6).nullable().optional(),
  area_construida: area(L.area_construida),
  area_privada: area(L.area_privada),
  area_lote: area(L.area_lote),
  habitaciones: entero(L.habitaciones, 0, 200).default(0),
  banos: entero(L.banos, 0, 200).default(0),
  parqueaderos: entero(L.parqueaderos, 0, 1000).default(0),
  piso: entero(L.piso, -10, 300).nullable().optional(),
  ascensor: si(L.ascensor).default(false),
  anio_construccion: entero(L.anio_construccion, 1600, 2100).nullable().optional(),
  canon: cop(L.canon),
  precio_venta: cop(L.precio_venta),
  administracion: cop(L.administracion),
  caracteristicas: ids(L.caracteristicas, 100),
  descripcion: texto(L.descripcion, 5000),
  observaciones_internas: texto(L.observaciones_internas, 5000),
  propietarios: z
    .array(ZPropietario, { error: `El campo ${L.propietarios} debe ser una lista` })
    .max(20, { error: `El campo ${L.propietarios} admite máximo 20` })
    .default([])
    .refine((ps) => ps.length === 0 || ps.reduce((s, p) => s + centesimas(p.porcentaje), 0) === 10_000, {
      error: 'Los porcentajes de los propietarios deben sumar exactamente 100',
    }),
  id_asesor_captador: idOpcional(L.id_asesor_captador),
  id_asesor_comercial: idOpcional(L.id_asesor_comercial),
  id_captacion: idOpcional(L.id_captacion),
  fecha_consignacion: dia(L.fecha_consignacion),
  vigencia_consignacion: dia(L.vigencia_consignacion),
  lat: coordenada(L.lat, 90),
  lng: coordenada(L.lng, 180),
  codigo_llaves: texto(L.codigo_llaves, 50),
  publicar: z
    .record(z.string(), si(L.publicar), { error: `El campo ${L.publicar} debe indicar Sí o No por portal` })
    .refine((v) => Object.keys(v).every((k) => (PORTALES as readonly string[]).includes(k)), {
      error: `El campo ${L.publicar} admite estos portales: ${Object.values(ETIQUETAS_PORTAL).join(', ')}`,
    })
    .transform((v) => v as Partial<Record<Portal, boolean>>)
    .default({}),
});

const reglas = <T extends z.ZodType<z.output<typeof ZInmuebleCampos>>>(s: T) =>
  s.superRefine(
    (v, ctx) => {
      if ((v.gestion === 'arriendo' || v.gestion === 'arriendo_venta') && !v.canon)
        ctx.addIssue({
          code: 'custom',
          path: ['canon'],
          message: `El campo ${L.canon} es obligatorio cuando la gestión incluye arriendo`,
        });
      if ((v.gestion === 'venta' || v.gestion === 'arriendo_venta') && !v.precio_venta)
        ctx.addIssue({
          code: 'custom',
          path: ['precio_venta'],
          message: `El campo ${L.precio_venta} es obligatorio cuando la gestión incluye venta`,
        });
      if (v.fecha_consignacion && v.vigencia_consignacion && v.vigencia_consignacion < v.fecha_consignacion)
        ctx.addIssue({
          code: 'custom',
          path: ['vigencia_consignacion'],
          message: `La ${L.vigencia_consignacion.toLowerCase()} no puede ser anterior a la ${L.fecha_consignacion.toLowerCase()}`,
        });
    },
    cuandoValidos('gestion', 'canon', 'precio_venta', 'fecha_consignacion', 'vigencia_consignacion'),
  );

export const ZInmuebleForm = reglas(ZInmuebleCampos);
export type InmuebleForm = z.output<typeof ZInmuebleForm>;

export const ZInmuebleActualizar = reglas(
  ZInmuebleCampos.extend({ version: entero('Versión', 1, MAX_INT) }),
) as unknown as z.ZodType<InmuebleForm & { version: number }>;
export type InmuebleActualizar = z.output<typeof ZInmuebleActualizar>;

export const ZCambioEstado = z.object({
  estado: opcion('Nuevo estado', ESTADOS_INMUEBLE, ETIQUETAS_ESTADO),
  causal: idOpcional('Causal de retiro'),
  observacion: texto('Observación', 500),
});
export type CambioEstado = z.output<typeof ZCambioEstado>;

/**
 * Deleting a property entered by mistake (company administrators only). A property that is or ever
 * was reservado, arrendado or vendido keeps its history; one with requests or fichas sent to clients
 * is withdrawn instead. The consecutivo is never given again and the audit keeps what was deleted and why.
 */
export const ZEliminarInmueble = z.object({
  version: entero('Versión', 1, MAX_INT),
  motivo: textoObligatorio('Motivo', 500),
});
export type EliminarInmueble = z.output<typeof ZEliminarInmueble>;
export const ZInmuebleEliminado = z.object({ consecutivo: z.number(), fotos: z.number(), documentos: z.number() });
export type InmuebleEliminado = z.infer<typeof ZInmuebleEliminado>;
/** Estados of a property with business: one that is, or ever was, in them is never deleted. */
export const ESTADOS_NO_ELIMINABLES = ['reservado', 'arrendado', 'vendido'] as const satisfies readonly EstadoInmueble[];

/**
 * Why a property is never deleted: the estado with business it is in (`ahora`), or else the first one
 * it passed through (`pasados`, oldest first); null when it never had business. The API and the delete
 * dialog ask the same question.
 */
export function negocioDe(
  estado: EstadoInmueble,
  pasados: readonly EstadoInmueble[],
): { estado: EstadoInmueble; ahora: boolean } | null {
  const conNegocio = (e: EstadoInmueble) => (ESTADOS_NO_ELIMINABLES as readonly EstadoInmueble[]).includes(e);
  if (conNegocio(estado)) return { estado, ahora: true };
  const antes = pasados.find(conNegocio);
  return antes ? { estado: antes, ahora: false } : null;
}

export const ZLiberarBloqueoQuery = z.object({
  forzar: z
    .enum(['0', '1', 'true', 'false'], { error: 'forzar debe ser 1 o 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

// ----- search (inmuebles-disponibles, idm 491) -------------------------------------------------

/** A price in pesos: whole, as the money columns hold it. */
const precioQuery = (campo: string) =>
  z.coerce
    .number({ error: `${campo} debe ser un número` })
    .int({ error: `${campo} debe ser un valor en pesos, sin decimales` })
    .min(0, { error: `${campo} no puede ser negativo` })
    .max(MAX_COP, { error: `${campo} debe ser como máximo ${MAX_COP.toLocaleString('es-CO')}` })
    .optional();

/** An area in m², as the form takes it. */
const areaQuery = (campo: string) =>
  z.coerce
    .number({ error: `${campo} debe ser un número` })
    .min(0, { error: `${campo} no puede ser negativo` })
    .max(AREA_MAX, { error: `${campo} debe ser como máximo ${AREA_MAX.toLocaleString('es-CO')}` })
    .optional();

export const SORT_INMUEBLES = ['consecutivo', 'precio', 'area', 'habitaciones', 'modificado_en'] as const;

/** The estados of a property still on the market: its consignment matters (notice 204, the tags, Inicio). */
export const ESTADOS_EN_OFERTA = ['captado', 'disponible', 'reservado'] as const satisfies readonly EstadoInmueble[];

/** Days before the consignment contract ends that its asesores are told (notice 204) and the search calls it «por vencer». */
export const DIAS_AVISO_CONSIGNACION = 30;
/** The search's consignment filter: ended (before today) or ending within DIAS_AVISO_CONSIGNACION days. */
export const FILTROS_CONSIGNACION = ['vencida', 'por_vencer'] as const;
export type FiltroConsignacion = (typeof FILTROS_CONSIGNACION)[number];
export const ETIQUETAS_CONSIGNACION: Record<FiltroConsignacion, string> = {
  vencida: 'Consignación vencida',
  por_vencer: `Consignación por vencer (${DIAS_AVISO_CONSIGNACION} días)`,
};

const filtrosInmuebles = {
  gestion: z.enum(GESTIONES, { error: `gestion debe ser uno de: ${GESTIONES.join(', ')}` }).optional(),
  tipo: listaQuery('tipo', z.enum(TIPOS_INMUEBLE, { error: `tipo debe ser uno de: ${TIPOS_INMUEBLE.join(', ')}` })),
  estado: listaQuery('estado', z.enum(ESTADOS_INMUEBLE, { error: `estado debe ser uno de: ${ESTADOS_INMUEBLE.join(', ')}` })),
  municipio: listaQuery('municipio', idQuery('municipio')),
  barrio: listaQuery('barrio', idQuery('barrio')),
  zona: listaQuery('zona', idQuery('zona')),
  sector: listaQuery('sector', idQuery('sector')),
  precioMin: precioQuery('precioMin'),
  precioMax: precioQuery('precioMax'),
  areaMin: areaQuery('areaMin'),
  areaMax: areaQuery('areaMax'),
  habitaciones: enteroQuery('habitaciones', 0, 200).optional(),
  banos: enteroQuery('banos', 0, 200).optional(),
  parqueaderos: enteroQuery('parqueaderos', 0, 1000).optional(),
  estrato: listaQuery('estrato', z.coerce.number({ error: 'estrato debe ser un número' }).int().min(1).max(6)),
  asesor: idQuery('asesor').optional(),
  caracteristicas: listaQuery('caracteristicas', idQuery('caracteristicas')),
  consignacion: z
    .enum(FILTROS_CONSIGNACION, { error: `consignacion debe ser uno de: ${FILTROS_CONSIGNACION.join(', ')}` })
    .optional(),
};

export type InmueblesFiltro = {
  gestion?: Gestion | undefined;
  tipo?: TipoInmueble[] | undefined;
  estado?: EstadoInmueble[] | undefined;
  municipio?: number[] | undefined;
  barrio?: number[] | undefined;
  zona?: number[] | undefined;
  sector?: number[] | undefined;
  precioMin?: number | undefined;
  precioMax?: number | undefined;
  areaMin?: number | undefined;
  areaMax?: number | undefined;
  habitaciones?: number | undefined;
  banos?: number | undefined;
  parqueaderos?: number | undefined;
  estrato?: number[] | undefined;
  asesor?: number | undefined;
  /** Every one of these (all of them, not any). */
  caracteristicas?: number[] | undefined;
  consignacion?: FiltroConsignacion | undefined;
};

/**
 * GET /inmuebles: the list contract plus every filter. Without `estado` it lists the disponibles;
 * the price range applies to the canon when gestión is arriendo, to the sale price when venta,
 * and to either without gestión or with arriendo_venta.
 */
export const ZInmueblesQuery = zListQuery({ sort: SORT_INMUEBLES, filters: filtrosInmuebles }) as unknown as z.ZodType<
  ListQuery & InmueblesFiltro
>;
export type InmueblesQuery = z.output<typeof ZInmueblesQuery>;

/** GET /inmuebles/conteo: the search's filter alone (page and order do not change how many match). */
export const ZInmueblesConteoQuery = ZListQuery.pick({ q: true }).extend(filtrosInmuebles) as unknown as z.ZodType<
  Pick<ListQuery, 'q'> & InmueblesFiltro
>;
export type InmueblesConteoQuery = z.output<typeof ZInmueblesConteoQuery>;

/** GET /inmuebles/exportar: the search's filter and order, every matching row (up to a limit), CSV or Excel. */
export const ZInmueblesExportarQuery = ZListQuery.omit({ page: true, pageSize: true }).extend({
  sort: zSort(SORT_INMUEBLES),
  ...filtrosInmuebles,
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
}) as unknown as z.ZodType<Omit<InmueblesQuery, 'page' | 'pageSize'> & { formato: 'csv' | 'xlsx' }>;
export const EXPORTAR_INMUEBLES_MAX = 20_000;

// ----- answers ---------------------------------------------------------------------------------

export const ZPropietarioDetalle = z.object({
  id_tercero: z.number(),
  nro_id: z.string(),
  nombre: z.string(),
  porcentaje: z.number(),
});
export type PropietarioDetalle = z.infer<typeof ZPropietarioDetalle>;

const ZEstadoInmueble = z.enum(ESTADOS_INMUEBLE);

export const ZInmuebleDetalle = ZInmuebleCampos.omit({ propietarios: true }).extend({
  id: z.number(),
  consecutivo: z.number(),
  estado: ZEstadoInmueble,
  id_causal_retiro: z.number().nullable(),
  municipio: z.string().nullable(),
  barrio: z.string().nullable(),
  propietarios: z.array(ZPropietarioDetalle),
  version: z.number(),
  creado_por: z.string(),
  creado_en: z.string(),
  modificado_por: z.string().nullable(),
  modificado_en: z.string().nullable(),
});
export type InmuebleDetalle = z.infer<typeof ZInmuebleDetalle>;

export const ZInmuebleResumen = z.object({
  consecutivo: z.number(),
  tipo: z.enum(TIPOS_INMUEBLE),
  gestion: z.enum(GESTIONES),
  estado: ZEstadoInmueble,
  direccion: z.string(),
  municipio: z.string().nullable(),
  barrio: z.string().nullable(),
  estrato: z.number().nullable(),
  area: z.number().nullable(),
  habitaciones: z.number(),
  banos: z.number(),
  parqueaderos: z.number(),
  canon: z.number().nullable(),
  precio_venta: z.number().nullable(),
  id_asesor_comercial: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** YYYY-MM-DD: when the consignment contract ends (the list marks it when ended or ending soon). */
  vigencia_consignacion: z.string().nullable(),
});
export type InmuebleResumen = z.infer<typeof ZInmuebleResumen>;

/** GET /inmuebles: one page, without its count. */
export type InmueblesPagina = PaginaSinConteo<InmuebleResumen>;
/** GET /inmuebles/conteo: how many match, up to TOPE_CONTEO (list.ts). */
export type InmueblesConteo = Conteo;

export const ZBloqueo = z.object({ usuario: z.string(), desde: z.string(), expira: z.string() });
export type Bloqueo = z.infer<typeof ZBloqueo>;
export const ZHistorialEstado = z.object({
  desde: ZEstadoInmueble.nullable(),
  hasta: ZEstadoInmueble,
  id_causal: z.number().nullable(),
  causal: z.string().nullable(),
  usuario: z.string(),
  fecha: z.string(),
});
export type HistorialEstado = z.infer<typeof ZHistorialEstado>;

/** The prices a property's history follows. */
export const CAMPOS_PRECIO = ['canon', 'precio_venta', 'administracion'] as const;
export type CampoPrecio = (typeof CAMPOS_PRECIO)[number];

/**
 * GET /inmuebles/:consecutivo/precios: each save that set or changed a price, oldest first (from the
 * audit log). The first one, when the property was registered, has `antes: null`.
 */
export const ZCambioPrecio = z.object({
  fecha: z.string(),
  usuario: z.string(),
  cambios: z.array(z.object({ campo: z.enum(CAMPOS_PRECIO), antes: z.number().nullable(), despues: z.number().nullable() })),
});
export type CambioPrecio = z.infer<typeof ZCambioPrecio>;

/** A choice in the form's selects (asesores, propietarios). */
export const ZOpcionInmueble = z.object({ id: z.number(), label: z.string(), detalle: z.string().optional() });
export type OpcionInmueble = z.infer<typeof ZOpcionInmueble>;

export const ZCaracteristicaOpcion = z.object({ id: z.number(), label: z.string(), grupo: z.string() });
export type CaracteristicaOpcion = z.infer<typeof ZCaracteristicaOpcion>;

export const ZOpcionesQuery = z.object({
  q: z.string().trim().max(100, { error: 'q admite máximo 100 caracteres' }).optional(),
  id: z.coerce.number({ error: 'id debe ser un número' }).int().positive().max(MAX_INT).optional(),
});

/** tipoVistaInmueblesBuscador (spec §3): how inmuebles-disponibles shows results, remembered per user. */
export const VISTAS_BUSCADOR = { lista: 1, tarjetas: 2, mapa: 3 } as const;
export const ZVistaBuscador = z.object({
  tipo: z
    .number({ error: 'tipo debe ser un número' })
    .int({ error: 'tipo debe ser 1 (lista), 2 (tarjetas) o 3 (mapa)' })
    .min(1, { error: 'tipo debe ser 1 (lista), 2 (tarjetas) o 3 (mapa)' })
    .max(3, { error: 'tipo debe ser 1 (lista), 2 (tarjetas) o 3 (mapa)' }),
});

export type CampoInmueble = keyof z.output<typeof ZInmuebleCampos>;
/** The form's labels, which the messages, the lists, the sheet and the audit screen use too. */
export const ETIQUETAS_INMUEBLE: Record<CampoInmueble, string> = L;
