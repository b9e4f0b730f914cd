import { z } from 'zod';
import { enteroQuery, fecha, fechaQuery, id, idQuery, opcion, texto, textoObligatorio } from './campos.ts';
import './validation.ts';

// Gestión documental (issue 28, spec §2 /gestion-documental): radicación of the agency's letters and
// documents under its TRD. Filing is /gestion-documental/gestion-documental (idm 10579); finding one is
// /gestion-documental/buscar-gestion-documental/:consecutivo? (idm 10581).

export const IDM_GESTION_DOCUMENTAL = 10579;
export const IDM_BUSCAR_GESTION_DOCUMENTAL = 10581;
/** Owner type of the radicados' files (platform/archivos). */
export const TIPO_DUENO_RADICADO = 'radicado';

export const TIPOS_RADICADO = ['entrada', 'salida', 'interna'] as const;
export type TipoRadicado = (typeof TIPOS_RADICADO)[number];
export const ETIQUETAS_TIPO_RADICADO: Record<TipoRadicado, string> = {
  entrada: 'Entrada',
  salida: 'Salida',
  interna: 'Interna',
};
/** The last digit of a radicado says its kind (as Orfeo numbers them: 1 salida, 2 entrada, 3 interna). */
export const DIGITO_TIPO_RADICADO: Record<TipoRadicado, number> = { salida: 1, entrada: 2, interna: 3 };

export const ETIQUETAS_RADICADO = {
  tipo: 'Tipo de radicado',
  fecha: 'Fecha del documento',
  asunto: 'Asunto',
  id_tercero: 'Remitente / destinatario',
  id_area: 'Área',
  id_serie: 'Serie',
  id_subserie: 'Subserie',
  id_tipo_documental: 'Tipo documental',
  id_estado: 'Estado',
  folios: 'Folios',
  observaciones: 'Observaciones',
  id_responsable: 'Responsable',
  inmueble: 'Inmueble',
  id_contrato: 'Contrato',
} as const;
const L = ETIQUETAS_RADICADO;

export const ZRadicadoForm = z.object({
  tipo: opcion(L.tipo, TIPOS_RADICADO, ETIQUETAS_TIPO_RADICADO),
  fecha: fecha(L.fecha),
  asunto: textoObligatorio(L.asunto, 300),
  id_tercero: id(L.id_tercero).nullish(),
  id_area: id(L.id_area),
  id_serie: id(L.id_serie).nullish(),
  id_subserie: id(L.id_subserie).nullish(),
  id_tipo_documental: id(L.id_tipo_documental).nullish(),
  id_estado: id(L.id_estado).nullish(),
  folios: z
    .number({ error: `El campo ${L.folios} debe ser un número` })
    .int({ error: `El campo ${L.folios} debe ser un número entero` })
    .min(0, { error: `El campo ${L.folios} no puede ser negativo` })
    .max(10_000, { error: `El campo ${L.folios} debe ser como máximo 10.000` })
    .nullish(),
  observaciones: texto(L.observaciones, 2000),
  /** Who must answer it; a radicado de entrada without one goes to the user that receives inbound mail. */
  id_responsable: id(L.id_responsable).nullish(),
  /** The inmueble it is about, by its number (consecutivo) as users know it. */
  inmueble: id(L.inmueble).nullish(),
  /** The contrato it is about; without an inmueble, the contrato's inmueble is taken. */
  id_contrato: id(L.id_contrato).nullish(),
});
export type RadicadoForm = z.output<typeof ZRadicadoForm>;
export type RadicadoFormIn = z.input<typeof ZRadicadoForm>;

/**
 * What may be corrected after filing: never the number (nor the kind and date it was filed with), and the
 * estado only along its transitions (gestion-documental-estados.ts). The área may change; the number keeps
 * the código it was given.
 */
export const ZRadicadoEdicion = ZRadicadoForm.omit({ tipo: true, fecha: true, id_estado: true });
export type RadicadoEdicion = z.output<typeof ZRadicadoEdicion>;
export type RadicadoEdicionIn = z.input<typeof ZRadicadoEdicion>;

const REF = z.object({ id: z.number().int(), nombre: z.string(), codigo: z.string().nullable() });
export const ZRadicado = z.object({
  id: z.number().int(),
  radicado: z.string(),
  anio: z.number().int(),
  numero: z.number().int(),
  tipo: z.enum(TIPOS_RADICADO),
  fecha: z.string(),
  asunto: z.string(),
  tercero: z.object({ id: z.number().int(), nombre: z.string(), nro_id: z.string() }).nullable(),
  area: REF,
  serie: REF.nullable(),
  subserie: REF.nullable(),
  tipo_documental: REF.nullable(),
  estado: z.object({ id: z.number().int(), nombre: z.string(), color: z.string().nullable() }).nullable(),
  folios: z.number().int().nullable(),
  observaciones: z.string(),
  /** Response deadline of a radicado de entrada (its tipo's business days), AAAA-MM-DD. */
  vence: z.string().nullable(),
  responsable: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
  inmueble: z.object({ id: z.number().int(), consecutivo: z.number().int(), direccion: z.string() }).nullable(),
  /** `numero` as contracts are shown: CT-0007 (contratos) or CM-0007 (mandato / consignación, programa coem). */
  contrato: z.object({ id: z.number().int(), numero: z.string() }).nullable(),
  /** The radicado de entrada this one (a letter) answers, and the letters that answered this one. */
  responde_a: z.object({ id: z.number().int(), radicado: z.string() }).nullable(),
  respuestas: z.array(z.object({ id: z.number().int(), radicado: z.string() })),
  archivos: z.number().int(),
  creado_por: z.string(),
  creado_en: z.string(),
  modificado_por: z.string().nullable(),
  modificado_en: z.string().nullable(),
});
export type Radicado = z.output<typeof ZRadicado>;

export const ORDEN_RADICADOS = ['radicado', 'fecha', 'asunto', 'creado_en'] as const;
export const RADICADOS_MAX_EXPORT = 50_000;

const ZFiltrosRadicados = z.object({
  q: z
    .string()
    .trim()
    .max(200, { error: 'q admite máximo 200 caracteres' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  tipo: z.enum(TIPOS_RADICADO, { error: "tipo debe ser 'entrada', 'salida' o 'interna'" }).optional(),
  id_area: idQuery('id_area').optional(),
  id_serie: idQuery('id_serie').optional(),
  id_subserie: idQuery('id_subserie').optional(),
  id_tipo_documental: idQuery('id_tipo_documental').optional(),
  id_estado: idQuery('id_estado').optional(),
  id_tercero: idQuery('id_tercero').optional(),
  /** By the inmueble's number (consecutivo) and by contrato. */
  inmueble: idQuery('inmueble').optional(),
  id_contrato: idQuery('id_contrato').optional(),
  desde: fechaQuery('desde'),
  hasta: fechaQuery('hasta'),
  sort: z.enum(ORDEN_RADICADOS, { error: `sort debe ser uno de: ${ORDEN_RADICADOS.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: "order debe ser 'asc' o 'desc'" }).optional(),
});
export const ZRadicadosQuery = ZFiltrosRadicados.extend({
  page: enteroQuery('page', 1, 1_000_000).default(1),
  pageSize: enteroQuery('pageSize', 1, 200).default(20),
});
export type RadicadosQuery = z.output<typeof ZRadicadosQuery>;
export const ZRadicadosExportarQuery = ZFiltrosRadicados.extend({
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
});
export type RadicadosExportarQuery = z.output<typeof ZRadicadosExportarQuery>;

/** A radicado as users write it: digits and hyphens (2026-100-000123-2). */
export const ZRadicadoParam = z.object({
  radicado: z
    .string()
    .trim()
    .min(1, { error: 'radicado es obligatorio' })
    .max(40, { error: 'radicado admite máximo 40 caracteres' })
    .regex(/^[0-9A-Za-z.-]+$/, { error: 'radicado solo admite letras, números, punto y guion' }),
});

export const ZOpcionRadicado = z.object({ id: z.number().int(), nombre: z.string(), codigo: z.string().nullable() });
export type OpcionRadicado = z.infer<typeof ZOpcionRadicado>;
export const ZOpcionesRadicado = z.object({
  areas: z.array(ZOpcionRadicado),
  series: z.array(ZOpcionRadicado),
  subseries: z.array(ZOpcionRadicado.extend({ id_serie: z.number().int() })),
  tipos_documentales: z.array(ZOpcionRadicado),
  estados: z.array(ZOpcionRadicado.extend({ color: z.string().nullable() })),
  /** Active users, for the responsable; and the one that receives inbound mail (configuracion). */
  usuarios: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
  id_usuario_recepcion: z.number().int().nullable(),
});
export type OpcionesRadicado = z.infer<typeof ZOpcionesRadicado>;
export const ZTerceroRadicado = z.object({ id: z.number().int(), nombre: z.string(), nro_id: z.string() });
export type TerceroRadicado = z.infer<typeof ZTerceroRadicado>;
/** The pickers of the radicado and expediente forms (gestión documental's own lookups, 20 rows). */
export const ZInmuebleRadicado = z.object({ consecutivo: z.number().int(), direccion: z.string() });
export type InmuebleRadicado = z.infer<typeof ZInmuebleRadicado>;
export const ZContratoRadicado = z.object({
  id: z.number().int(),
  numero: z.string(),
  inmueble: z.number().int(),
  direccion: z.string(),
});
export type ContratoRadicado = z.infer<typeof ZContratoRadicado>;

/**
 * A document another module produced (an inventory's PDF, a signed document) is filed by a job after it
 * is closed: `pendiente` while the job waits or retries, `fallido` once it gave up (with the reason; a
 * company administrator retries it under Logs del sistema › Trabajos en segundo plano).
 */
export const ZRadicacion = z.object({ estado: z.enum(['pendiente', 'radicado', 'fallido']), error: z.string().nullable() });
export type Radicacion = z.infer<typeof ZRadicacion>;

/** Notices of gestión documental (tipo_carta, migration 0002). */
export const TIPO_CARTA_RADICADO = 501;
export const TIPO_CARTA_RADICADO_POR_VENCER = 502;
/** Business days before a radicado's response deadline when its responsable gets notice 502. */
export const DIAS_AVISO_VENCE = 2;
