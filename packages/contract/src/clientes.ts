import { z } from 'zod';
import {
  MAX_COP,
  MAX_INT,
  cuandoValidos,
  decimal,
  entero,
  esCorreo,
  fecha,
  fechaQuery,
  id,
  idQuery,
  ids,
  listaQuery,
  opcion,
  texto,
  textoObligatorio,
} from './campos.ts';
import { ESTADOS_INMUEBLE, ETIQUETAS_TIPO, GESTIONES, TIPOS_INMUEBLE, type Gestion } from './inmuebles.ts';
import { zListQuery, zSort, ZListQuery, type ListQuery } from './list.ts';
import './validation.ts';

// Clientes atendidos (leads, idm 463), their search, closing many at once (10603) and the matching
// between a lead's requirements and the available properties, both ways.

export const IDM_CLIENTES_ATENDIDOS = 463;
export const IDM_CERRAR_CLIENTES_CASCADA = 10603;

export const ESTADOS_CLIENTE = ['activo', 'en_seguimiento', 'cerrado'] as const;
export type EstadoCliente = (typeof ESTADOS_CLIENTE)[number];
export const ETIQUETA_ESTADO_CLIENTE: Record<EstadoCliente, string> = {
  activo: 'Activo',
  en_seguimiento: 'En seguimiento',
  cerrado: 'Cerrado',
};
/** States of a lead that is still being worked (matching and notifications look at these only). */
export const ESTADOS_ABIERTOS = ['activo', 'en_seguimiento'] as const satisfies readonly EstadoCliente[];

/** How a lead ended; closing needs one. */
export const RESULTADOS_CIERRE = [
  { key: 'arrendo_con_nosotros', label: 'Arrendó con nosotros' },
  { key: 'compro_con_nosotros', label: 'Compró con nosotros' },
  { key: 'arrendo_otra_inmobiliaria', label: 'Arrendó con otra inmobiliaria' },
  { key: 'compro_otra_inmobiliaria', label: 'Compró con otra inmobiliaria' },
  { key: 'desistio', label: 'Desistió' },
  { key: 'no_contactable', label: 'No contactable' },
  { key: 'otro', label: 'Otro' },
] as const;
export type ResultadoCierre = (typeof RESULTADOS_CIERRE)[number]['key'];
const CLAVES_RESULTADO = RESULTADOS_CIERRE.map((r) => r.key) as [ResultadoCierre, ...ResultadoCierre[]];
const ETIQUETA_RESULTADO = Object.fromEntries(RESULTADOS_CIERRE.map((r) => [r.key, r.label])) as Record<ResultadoCierre, string>;
export const etiquetaResultado = (k: string | null) => RESULTADOS_CIERRE.find((r) => r.key === k)?.label ?? '';

/** What a lead seeks, in words (the property's gestión values, seen from the client). */
export const ETIQUETA_GESTION_CLIENTE: Record<Gestion, string> = {
  arriendo: 'Arrendar',
  venta: 'Comprar',
  arriendo_venta: 'Arrendar o comprar',
};

/** clienteConvertir: the roles a lead can become on its tercero. */
export const ROLES_CONVERSION = ['propietario', 'arrendatario'] as const;
export type RolConversion = (typeof ROLES_CONVERSION)[number];

/** The lead form's labels; the messages name fields by them. */
export const ETIQUETAS_CLIENTE = {
  id_tercero: 'Tercero',
  fecha_ingreso: 'Fecha de ingreso',
  estado: 'Estado',
  gestion: 'Busca',
  id_asesor: 'Asesor',
  id_medio: 'Medio publicitario',
  tipos: 'Tipos de inmueble',
  municipios: 'Municipios',
  barrios: 'Barrios',
  zonas: 'Zonas',
  precio_min: 'Precio mínimo',
  precio_max: 'Precio máximo',
  area_min: 'Área mínima (m²)',
  area_max: 'Área máxima (m²)',
  habitaciones_min: 'Habitaciones',
  banos_min: 'Baños',
  parqueaderos_min: 'Parqueaderos',
  estratos: 'Estratos',
  caracteristicas: 'Características',
  observaciones: 'Observaciones',
} as const;
const L = ETIQUETAS_CLIENTE;

const area = (label: string) => decimal(label, 10_000_000).nullable().optional();
const minimo = (label: string, max: number) => entero(label, 0, max).nullable().optional();

/** A lead's requirements: every one optional; an empty list or null means "any". */
export const ZRequisitos = z.object({
  tipos: z
    .array(opcion(L.tipos, TIPOS_INMUEBLE, ETIQUETAS_TIPO), { error: `El campo ${L.tipos} debe ser una lista` })
    .max(TIPOS_INMUEBLE.length, { error: `El campo ${L.tipos} tiene valores repetidos` })
    .default([])
    .transform((xs) => [...new Set(xs)]),
  municipios: ids(L.municipios, 50),
  barrios: ids(L.barrios, 100),
  zonas: ids(L.zonas, 50),
  precio_min: entero(L.precio_min, 0, MAX_COP).nullable().optional(),
  precio_max: entero(L.precio_max, 0, MAX_COP).nullable().optional(),
  area_min: area(L.area_min),
  area_max: area(L.area_max),
  habitaciones_min: minimo(L.habitaciones_min, 200),
  banos_min: minimo(L.banos_min, 200),
  parqueaderos_min: minimo(L.parqueaderos_min, 1000),
  estratos: z
    .array(entero(L.estratos, 1, 6), { error: `El campo ${L.estratos} debe ser una lista` })
    .max(6, { error: `El campo ${L.estratos} admite máximo 6` })
    .default([])
    .transform((xs) => [...new Set(xs)].sort((a, b) => a - b)),
  caracteristicas: ids(L.caracteristicas, 100),
});
export type Requisitos = z.output<typeof ZRequisitos>;

export const ZClienteCampos = ZRequisitos.extend({
  id_tercero: id(L.id_tercero),
  fecha_ingreso: fecha(L.fecha_ingreso).optional(),
  id_asesor: id(L.id_asesor).nullable().optional(),
  id_medio: id(L.id_medio).nullable().optional(),
  gestion: opcion(L.gestion, GESTIONES, ETIQUETA_GESTION_CLIENTE),
  estado: z
    .enum(ESTADOS_ABIERTOS, { error: `El campo ${L.estado} debe ser Activo o En seguimiento (para cerrar use Cerrar)` })
    .default('activo'),
  observaciones: texto(L.observaciones, 5000),
});

const reglas = <T extends z.ZodType<z.output<typeof ZClienteCampos>>>(s: T) =>
  s.superRefine(
    (v, ctx) => {
      if (v.precio_min != null && v.precio_max != null && v.precio_max < v.precio_min)
        ctx.addIssue({ code: 'custom', path: ['precio_max'], message: 'El precio máximo no puede ser menor que el mínimo' });
      if (v.area_min != null && v.area_max != null && v.area_max < v.area_min)
        ctx.addIssue({ code: 'custom', path: ['area_max'], message: 'El área máxima no puede ser menor que la mínima' });
    },
    cuandoValidos('precio_min', 'precio_max', 'area_min', 'area_max'),
  );

export const ZClienteForm = reglas(ZClienteCampos);
export type ClienteForm = z.output<typeof ZClienteForm>;
export type ClienteFormEntrada = z.input<typeof ZClienteForm>;

export const ZClienteActualizar = reglas(
  ZClienteCampos.extend({ version: entero('Versión', 1, MAX_INT) }),
) as unknown as z.ZodType<ClienteForm & { version: number }>;
export type ClienteActualizar = z.output<typeof ZClienteActualizar>;

export const ZNotaBody = z.object({
  texto: textoObligatorio('Nota de seguimiento', 2000),
});

export const ZCierre = z.object({
  resultado: opcion('Resultado', CLAVES_RESULTADO, ETIQUETA_RESULTADO),
  observacion: texto('Observación', 1000),
  /** Defaults to today (Bogotá). */
  fecha_cierre: fecha('Fecha de cierre').optional(),
});
export type Cierre = z.output<typeof ZCierre>;

export const ZConvertir = z.object({
  rol: z.enum(ROLES_CONVERSION, { error: 'El rol debe ser propietario o arrendatario' }),
});

/** A message with property fichas attached goes to a lead with at most this many properties. */
export const MAX_INMUEBLES_ENVIO = 5;

/**
 * POST /clientes-atendidos/:consecutivo/enviar-inmuebles: e-mails the lead the PDF ficha of each chosen
 * available property; the message is queued in the outbox and noted in the lead's follow-up.
 */
export const ZEnviarInmuebles = z.object({
  para: z
    .string({ error: 'El campo Para es obligatorio' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'El campo Para es obligatorio' })
    .max(120, { error: 'El campo Para admite máximo 120 caracteres' })
    .refine(esCorreo, { error: 'El campo Para debe ser un correo electrónico válido' }),
  asunto: textoObligatorio('Asunto', 150),
  mensaje: texto('Mensaje', 2000),
  inmuebles: z
    .array(id('Inmuebles'), { error: 'El campo Inmuebles debe ser una lista' })
    .min(1, { error: 'Elija al menos un inmueble para enviar' })
    .max(MAX_INMUEBLES_ENVIO, { error: `Elija máximo ${MAX_INMUEBLES_ENVIO} inmuebles por correo` })
    .refine((xs) => new Set(xs).size === xs.length, { error: 'El campo Inmuebles tiene un inmueble repetido' }),
});
export type EnviarInmuebles = z.output<typeof ZEnviarInmuebles>;
export type EnviarInmueblesEntrada = z.input<typeof ZEnviarInmuebles>;
/** What was queued: to whom, and which fichas went attached. */
export type EnvioInmuebles = z.infer<typeof ZEnvioInmuebles>;

/** The most leads one property's ficha goes to at once: the matching lists at most 50. */
export const MAX_CLIENTES_ENVIO = 50;
/** In a message to several leads, this mark becomes each one's first name. */
export const MARCA_NOMBRE = '{nombre}';

/**
 * POST /inmuebles/:consecutivo/enviar-a-clientes: e-mails one available property's PDF ficha to several
 * open leads, one message each, to the e-mail their tercero has; each sending is noted in that lead's
 * follow-up. {nombre} in the message becomes each lead's first name.
 */
export const ZEnviarFichaAClientes = z.object({
  asunto: textoObligatorio('Asunto', 150),
  mensaje: texto('Mensaje', 2000),
  clientes: z
    .array(id('Clientes'), { error: 'El campo Clientes debe ser una lista' })
    .min(1, { error: 'Elija al menos un cliente para enviar' })
    .max(MAX_CLIENTES_ENVIO, { error: `Elija máximo ${MAX_CLIENTES_ENVIO} clientes por envío` })
    .refine((xs) => new Set(xs).size === xs.length, { error: 'El campo Clientes tiene un cliente repetido' }),
});
export type EnviarFichaAClientes = z.output<typeof ZEnviarFichaAClientes>;
export type EnviarFichaAClientesEntrada = z.input<typeof ZEnviarFichaAClientes>;
/** What was queued: a message per address (`correos`; two leads of one person share one), each lead noted. */
export type EnvioFichaAClientes = z.infer<typeof ZEnvioFichaAClientes>;

// ----- list / buscador ----------------------------------------------------------------------------

export const SORT_CLIENTES = ['consecutivo', 'fecha_ingreso', 'nombre', 'fecha_cierre', 'ultimo_seguimiento'] as const;

const filtrosClientes = {
  estado: listaQuery('estado', z.enum(ESTADOS_CLIENTE, { error: `estado debe ser uno de: ${ESTADOS_CLIENTE.join(', ')}` })),
  asesor: idQuery('asesor').optional(),
  medio: idQuery('medio').optional(),
  gestion: z.enum(GESTIONES, { error: `gestion debe ser uno de: ${GESTIONES.join(', ')}` }).optional(),
  consecutivo: idQuery('consecutivo').optional(),
  ingresoDesde: fechaQuery('ingresoDesde'),
  ingresoHasta: fechaQuery('ingresoHasta'),
  cierreDesde: fechaQuery('cierreDesde'),
  cierreHasta: fechaQuery('cierreHasta'),
};

export type ClientesFiltro = {
  estado?: EstadoCliente[] | undefined;
  asesor?: number | undefined;
  medio?: number | undefined;
  gestion?: Gestion | undefined;
  consecutivo?: number | undefined;
  ingresoDesde?: string | undefined;
  ingresoHasta?: string | undefined;
  cierreDesde?: string | undefined;
  cierreHasta?: string | undefined;
};

/** GET /clientes-atendidos: q searches the tercero's name, document, phones and e-mail (without accents). */
export const ZClientesQuery = zListQuery({ sort: SORT_CLIENTES, filters: filtrosClientes }) as unknown as z.ZodType<
  ListQuery & ClientesFiltro
>;
export type ClientesQuery = z.output<typeof ZClientesQuery>;

export const ZClientesExportarQuery = ZListQuery.omit({ page: true, pageSize: true }).extend({
  sort: zSort(SORT_CLIENTES),
  ...filtrosClientes,
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
}) as unknown as z.ZodType<Omit<ClientesQuery, 'page' | 'pageSize'> & { formato: 'csv' | 'xlsx' }>;

export const ZBuscarTercerosQuery = z.object({
  q: z
    .string({ error: 'q debe ser texto' })
    .trim()
    .min(2, { error: 'q: escriba al menos 2 caracteres' })
    .max(100, { error: 'q admite máximo 100 caracteres' }),
});

// ----- cerrar en cascada (10603) -----------------------------------------------------------------

export const ZCriteriosCascada = z
  .object({
    estados: z
      .array(z.enum(ESTADOS_ABIERTOS, { error: 'estados: cada uno debe ser activo o en_seguimiento' }), {
        error: 'estados debe ser una lista',
      })
      .max(2)
      .default(['activo', 'en_seguimiento']),
    id_asesor: id('Asesor').nullable().optional(),
    id_medio: id('Medio publicitario').nullable().optional(),
    ingreso_antes_de: fecha('Ingresaron antes de').nullable().optional(),
    sin_seguimiento_desde: fecha('Sin seguimiento desde').nullable().optional(),
  })
  .refine((c) => c.estados.length > 0, { path: ['estados'], error: 'Elija al menos un estado' })
  .refine((c) => c.id_asesor || c.id_medio || c.ingreso_antes_de || c.sin_seguimiento_desde, {
    path: ['criterios'],
    error:
      'Indique al menos un criterio además del estado: asesor, medio publicitario, ingresaron antes de o sin seguimiento desde',
  });
export type CriteriosCascada = z.output<typeof ZCriteriosCascada>;

export const ZCerrarCascada = z.object({
  criterios: ZCriteriosCascada,
  resultado: ZCierre.shape.resultado,
  observacion: texto('Observación', 1000),
  /** The count the user confirmed: when the leads changed meanwhile, nothing is closed (409). */
  esperados: entero('Clientes a cerrar', 1, 1_000_000),
});
export type CerrarCascada = z.output<typeof ZCerrarCascada>;

export const CASCADA_VISTA_MAX = 200;

// ----- matching ------------------------------------------------------------------------------------

/**
 * Matching (both ways). Hard criteria filter: the property is 'disponible'; its gestión fits the
 * lead's (an arriendo_venta property fits both; a lead that seeks arriendo_venta takes any); its tipo
 * is one of the lead's tipos and its municipio one of the lead's municipios, when the lead names any.
 * Then each criterion earns points up to its weight (they add up to 100):
 * - precio: inside [precio_min, precio_max] all; up to 10 % outside half; else 0. The price is the
 *   canon for arriendo, the sale price for venta, the better of both for arriendo_venta.
 * - ubicacion: the barrio is one of the lead's barrios or the zona one of its zonas: all; else 0.
 * - area (construida, else lote): inside the range all; up to 10 % outside half; else (or none) 0.
 * - habitaciones, banos, parqueaderos: at least the minimum all; one short half; else 0.
 * - estrato: one of the lead's estratos all; one away from the nearest half; else (or none) 0.
 * - caracteristicas: round(weight × had / asked).
 * The score (0–100) is the points earned over the weights of the criteria the lead filled in, rounded
 * (a lead with no criteria beyond the hard ones scores 100). A match needs PUNTAJE_MINIMO; lists show the best 50.
 */
export const PESOS_COINCIDENCIA = {
  precio: 30,
  ubicacion: 14,
  area: 10,
  habitaciones: 10,
  banos: 8,
  parqueaderos: 6,
  estrato: 10,
  caracteristicas: 12,
} as const;
export type CriterioCoincidencia = keyof typeof PESOS_COINCIDENCIA;
export const ETIQUETA_CRITERIO: Record<CriterioCoincidencia, string> = {
  precio: 'Precio',
  ubicacion: 'Barrio o zona',
  area: 'Área',
  habitaciones: 'Habitaciones',
  banos: 'Baños',
  parqueaderos: 'Parqueaderos',
  estrato: 'Estrato',
  caracteristicas: 'Características',
};
export const TOLERANCIA_COINCIDENCIA = 0.1;
export const PUNTAJE_MINIMO = 50;
export const COINCIDENCIAS_MAX = 50;

const ZEstadoCliente = z.enum(ESTADOS_CLIENTE);
const ZResultadoCierre = z.enum(RESULTADOS_CIERRE.map((r) => r.key) as [ResultadoCierre, ...ResultadoCierre[]]);
const ZGestionInmueble = z.enum(GESTIONES);
const ZTipoInmueble = z.enum(TIPOS_INMUEBLE);

/** One criterion's points and the reason in words (empty criteria are left out). */
export const ZMotivo = z.object({
  criterio: z.enum(Object.keys(PESOS_COINCIDENCIA) as [CriterioCoincidencia, ...CriterioCoincidencia[]]),
  puntos: z.number(),
  maximo: z.number(),
  texto: z.string(),
  cumple: z.boolean(),
});
export type Motivo = z.infer<typeof ZMotivo>;

/** GET /clientes-atendidos/:consecutivo/coincidencias: properties for a lead, best first. */
export const ZInmuebleCoincidente = z.object({
  consecutivo: z.number(),
  tipo: ZTipoInmueble,
  gestion: ZGestionInmueble,
  estado: z.enum(ESTADOS_INMUEBLE),
  direccion: z.string(),
  municipio: z.string().nullable(),
  barrio: z.string().nullable(),
  canon: z.number().nullable(),
  precio_venta: z.number().nullable(),
  puntaje: z.number(),
  motivos: z.array(ZMotivo),
  /** When its ficha was last e-mailed to this lead (ISO instant), or null. */
  enviado: z.string().nullable(),
});
export type InmuebleCoincidente = z.infer<typeof ZInmuebleCoincidente>;

/**
 * GET /inmuebles/:consecutivo/clientes-coincidentes (permiso 490 or 491): open leads whose
 * requirements this property fits, best first (at most 50), each with its score and reasons.
 */
export const ZClienteCoincidente = z.object({
  consecutivo: z.number(),
  nombre: z.string(),
  celular: z.string(),
  email: z.string(),
  estado: ZEstadoCliente,
  gestion: ZGestionInmueble,
  id_asesor: z.number().nullable(),
  asesor: z.string().nullable(),
  fecha_ingreso: z.string(),
  puntaje: z.number(),
  motivos: z.array(ZMotivo),
  /** When this property's ficha was last e-mailed to the lead (ISO instant), or null. */
  enviado: z.string().nullable(),
});
export type ClienteCoincidente = z.infer<typeof ZClienteCoincidente>;

// ----- answers -------------------------------------------------------------------------------------

export const ZEtiqueta = z.object({ id: z.number(), label: z.string() });
export type Etiqueta = z.infer<typeof ZEtiqueta>;

export const ZNota = z.object({ id: z.number(), texto: z.string(), usuario: z.string(), fecha: z.string() });
export type Nota = z.infer<typeof ZNota>;

export const ZClienteDetalle = ZClienteCampos.omit({ estado: true }).extend({
  id: z.number(),
  consecutivo: z.number(),
  fecha_ingreso: z.string(),
  estado: ZEstadoCliente,
  tercero: z.object({
    id: z.number(),
    nro_id: z.string(),
    nombre: z.string(),
    celular: z.string(),
    email: z.string(),
    propietario: z.boolean(),
    arrendatario: z.boolean(),
  }),
  asesor: z.string().nullable(),
  medio: z.string().nullable(),
  resultado: ZResultadoCierre.nullable(),
  observacion_cierre: z.string(),
  fecha_cierre: z.string().nullable(),
  ultimo_seguimiento: z.string().nullable(),
  /** Labels of the chosen masters, so the form shows them before their options load. */
  etiquetas: z.object({
    municipios: z.array(ZEtiqueta),
    barrios: z.array(ZEtiqueta),
    zonas: z.array(ZEtiqueta),
    caracteristicas: z.array(ZEtiqueta),
  }),
  notas: z.array(ZNota),
  version: z.number(),
  creado_por: z.string(),
  creado_en: z.string(),
  modificado_por: z.string().nullable(),
  modificado_en: z.string().nullable(),
});
export type ClienteDetalle = z.infer<typeof ZClienteDetalle>;

export const ZClienteResumen = z.object({
  id: z.number(),
  consecutivo: z.number(),
  id_tercero: z.number(),
  nombre: z.string(),
  nro_id: z.string(),
  celular: z.string(),
  email: z.string(),
  fecha_ingreso: z.string(),
  estado: ZEstadoCliente,
  gestion: ZGestionInmueble,
  tipos: z.array(ZTipoInmueble),
  precio_min: z.number().nullable(),
  precio_max: z.number().nullable(),
  id_asesor: z.number().nullable(),
  asesor: z.string().nullable(),
  medio: z.string().nullable(),
  resultado: ZResultadoCierre.nullable(),
  fecha_cierre: z.string().nullable(),
  ultimo_seguimiento: z.string().nullable(),
});
export type ClienteResumen = z.infer<typeof ZClienteResumen>;

export const ZTerceroOpcion = z.object({
  id: z.number(),
  nro_id: z.string(),
  nombre: z.string(),
  celular: z.string(),
  email: z.string(),
});
export type TerceroOpcion = z.infer<typeof ZTerceroOpcion>;
/** porDefecto: the asesor a new lead of the calling user gets when the form names nobody. */
export const ZAsesorOpcion = z.object({ id: z.number(), nombre: z.string(), porDefecto: z.boolean().optional() });
export type AsesorOpcion = z.infer<typeof ZAsesorOpcion>;

export const ZVistaPreviaCascada = z.object({
  total: z.number(),
  items: z.array(
    ZClienteResumen.pick({
      consecutivo: true,
      nombre: true,
      fecha_ingreso: true,
      estado: true,
      asesor: true,
      ultimo_seguimiento: true,
    }),
  ),
});
export type VistaPreviaCascada = z.infer<typeof ZVistaPreviaCascada>;
export const ZResultadoCascada = z.object({ cerrados: z.number(), consecutivos: z.array(z.number()) });
export type ResultadoCascada = z.infer<typeof ZResultadoCascada>;

/** The answers of «Enviar fichas»: from a lead, and from a property to several leads. */
export const ZEnvioInmuebles = z.object({ para: z.string(), inmuebles: z.array(z.number()), cliente: ZClienteDetalle });
export const ZEnvioFichaAClientes = z.object({
  inmueble: z.number(),
  enviados: z.array(z.object({ consecutivo: z.number(), nombre: z.string(), para: z.string() })),
  correos: z.number(),
});
