import { z } from 'zod';
import { cuandoValidos, enteroQuery, id, idQuery, opcion, si, texto, textoObligatorio } from './campos.ts';
import './validation.ts';

// Gestión documental (issue 28): expedientes, the files that group radicados per inmueble, contrato,
// tercero or subserie (a tab of Gestión documental, idm 10579). Closing one starts its retention clock
// from its subserie's TRD retention (años en archivo de gestión, then en archivo central).

export const AGRUPA_EXPEDIENTE = ['inmueble', 'contrato', 'tercero', 'subserie'] as const;
export type AgrupaExpediente = (typeof AGRUPA_EXPEDIENTE)[number];
export const ETIQUETAS_AGRUPA: Record<AgrupaExpediente, string> = {
  inmueble: 'Inmueble',
  contrato: 'Contrato',
  tercero: 'Tercero',
  subserie: 'Subserie',
};
export const ESTADOS_EXPEDIENTE = ['abierto', 'cerrado'] as const;
export type EstadoExpediente = (typeof ESTADOS_EXPEDIENTE)[number];
export const ETIQUETAS_ESTADO_EXPEDIENTE: Record<EstadoExpediente, string> = { abierto: 'Abierto', cerrado: 'Cerrado' };

export const ETIQUETAS_EXPEDIENTE = {
  nombre: 'Nombre',
  agrupa: 'Agrupa por',
  id_serie: 'Serie',
  id_subserie: 'Subserie',
  inmueble: 'Inmueble',
  id_contrato: 'Contrato',
  id_tercero: 'Tercero',
  observaciones: 'Observaciones',
  id_radicado: 'Radicado',
} as const;
const L = ETIQUETAS_EXPEDIENTE;

/** Opening an expediente; what it groups is named by the field of its kind (the service checks it). */
export const ZExpedienteForm = z.object({
  nombre: textoObligatorio(L.nombre, 200),
  agrupa: opcion(L.agrupa, AGRUPA_EXPEDIENTE, ETIQUETAS_AGRUPA),
  id_serie: id(L.id_serie),
  id_subserie: id(L.id_subserie),
  /** The inmueble's number (consecutivo), as users know it. */
  inmueble: id(L.inmueble).nullish(),
  id_contrato: id(L.id_contrato).nullish(),
  id_tercero: id(L.id_tercero).nullish(),
  observaciones: texto(L.observaciones, 2000),
});
export type ExpedienteForm = z.output<typeof ZExpedienteForm>;
export type ExpedienteFormIn = z.input<typeof ZExpedienteForm>;

export const ZExpedienteRadicado = z.object({ id_radicado: id(L.id_radicado) });
export type ExpedienteRadicado = z.output<typeof ZExpedienteRadicado>;

export const ZExpedientesQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200, { error: 'q admite máximo 200 caracteres' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  estado: z.enum(ESTADOS_EXPEDIENTE, { error: "estado debe ser 'abierto' o 'cerrado'" }).optional(),
  agrupa: z.enum(AGRUPA_EXPEDIENTE, { error: `agrupa debe ser uno de: ${AGRUPA_EXPEDIENTE.join(', ')}` }).optional(),
  id_radicado: idQuery('id_radicado').optional(),
  page: enteroQuery('page', 1, 1_000_000).default(1),
  pageSize: enteroQuery('pageSize', 1, 200).default(50),
});
export type ExpedientesQuery = z.output<typeof ZExpedientesQuery>;

export const FASES_EXPEDIENTE = ['gestion', 'central', 'eliminado', 'conservado'] as const;
export type FaseExpediente = (typeof FASES_EXPEDIENTE)[number];

const ZRef = z.object({ id: z.number().int(), nombre: z.string(), codigo: z.string().nullable() });
export const ZExpediente = z.object({
  id: z.number().int(),
  numero: z.string(),
  nombre: z.string(),
  agrupa: z.enum(AGRUPA_EXPEDIENTE),
  serie: ZRef,
  subserie: ZRef.extend({
    anios_gestion: z.number().int().nullable(),
    anios_central: z.number().int().nullable(),
    disposicion_final: z.string().nullable(),
  }),
  inmueble: z.object({ id: z.number().int(), consecutivo: z.number().int(), direccion: z.string() }).nullable(),
  contrato: z.object({ id: z.number().int(), consecutivo: z.number().int(), programa: z.string() }).nullable(),
  tercero: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
  observaciones: z.string(),
  estado: z.enum(ESTADOS_EXPEDIENTE),
  abierto_en: z.string(),
  cerrado_en: z.string().nullable(),
  cerrado_por: z.string().nullable(),
  /** When its time in the archivo de gestión, then in the central, runs out (set on closing). */
  vence_gestion: z.string().nullable(),
  vence_central: z.string().nullable(),
  radicados: z.number().int(),
  creado_por: z.string(),
  /** Where it is kept (retention): gestión until transferred, central, then its final disposition. */
  fase: z.enum(FASES_EXPEDIENTE),
  transferido_en: z.string().nullable(),
  transferido_por: z.string().nullable(),
  dispuesto_en: z.string().nullable(),
  dispuesto_por: z.string().nullable(),
  motivo_disposicion: z.string().nullable(),
  /** Legal hold: while on, it cannot be eliminated. */
  retencion_legal: z.boolean(),
  motivo_retencion: z.string().nullable(),
  retencion_por: z.string().nullable(),
  retencion_en: z.string().nullable(),
  /** The acta de eliminación is kept (GET …/expedientes/:id/acta). */
  tiene_acta: z.boolean(),
});
export type Expediente = z.infer<typeof ZExpediente>;
export const ZRadicadoDeExpediente = z.object({
  id: z.number().int(),
  radicado: z.string(),
  tipo: z.string(),
  fecha: z.string(),
  asunto: z.string(),
  agregado_por: z.string(),
  agregado_en: z.string(),
});
export type RadicadoDeExpediente = z.infer<typeof ZRadicadoDeExpediente>;
export const ZExpedienteDetalle = ZExpediente.extend({ documentos: z.array(ZRadicadoDeExpediente) });
export type ExpedienteDetalle = z.infer<typeof ZExpedienteDetalle>;

// ----- Retention (tab «Retención»): transfer to the central archive, final disposition, legal hold -----

export const ETIQUETAS_FASE: Record<FaseExpediente, string> = {
  gestion: 'Archivo de gestión',
  central: 'Archivo central',
  eliminado: 'Eliminado',
  conservado: 'Conservado',
};

/** «transferir»: closed, its time in gestión ran out; «disponer»: in the central, its time there ran out. */
export const VISTAS_RETENCION = ['transferir', 'disponer'] as const;
export type VistaRetencion = (typeof VISTAS_RETENCION)[number];
export const ETIQUETAS_VISTA_RETENCION: Record<VistaRetencion, string> = {
  transferir: 'Por transferir',
  disponer: 'Por disponer',
};

export const ZRetencionQuery = z.object({
  vista: z.enum(VISTAS_RETENCION, { error: "vista debe ser 'transferir' o 'disponer'" }).default('transferir'),
  q: z
    .string()
    .trim()
    .max(200, { error: 'q admite máximo 200 caracteres' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  page: enteroQuery('page', 1, 1_000_000).default(1),
  pageSize: enteroQuery('pageSize', 1, 200).default(50),
});
export type RetencionQuery = z.output<typeof ZRetencionQuery>;

export const ETIQUETAS_RETENCION = {
  motivo: 'Motivo',
  activa: 'Retención legal',
  motivo_retencion: 'Motivo de la retención',
} as const;

/** Eliminating an expediente: the reason goes into the acta de eliminación. */
export const ZEliminarExpediente = z.object({ motivo: textoObligatorio(ETIQUETAS_RETENCION.motivo, 2000) });
export type EliminarExpediente = z.output<typeof ZEliminarExpediente>;

/** Setting or clearing the legal hold; setting it needs its reason. */
export const ZRetencionLegal = z
  .object({
    activa: si(ETIQUETAS_RETENCION.activa),
    motivo: texto(ETIQUETAS_RETENCION.motivo_retencion, 1000),
  })
  .superRefine(
    (v, ctx) => {
      if (v.activa && !v.motivo)
        ctx.addIssue({
          code: 'custom',
          path: ['motivo'],
          message: `El campo ${ETIQUETAS_RETENCION.motivo_retencion} es obligatorio para activar la retención legal`,
        });
    },
    cuandoValidos('activa', 'motivo'),
  );
export type RetencionLegal = z.output<typeof ZRetencionLegal>;
export type RetencionLegalIn = z.input<typeof ZRetencionLegal>;

// ----- Batch transfer (tab «Retención» › Por transferir, several selected) -----

/** Most expedientes one batch transfer takes (the list's page is 50). */
export const MAX_TRANSFERIR_LOTE = 200;

/** Transferring several expedientes to the archivo central at once: their ids, each checked as the single action. */
export const ZTransferirLote = z.object({
  ids: z
    .array(id('Expedientes'), { error: 'El campo Expedientes debe ser una lista' })
    .min(1, { error: 'El campo Expedientes está vacío: seleccione al menos un expediente' })
    .max(MAX_TRANSFERIR_LOTE, { error: `El campo Expedientes admite máximo ${MAX_TRANSFERIR_LOTE} expedientes` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'El campo Expedientes repite un expediente' }),
});
export type TransferirLote = z.output<typeof ZTransferirLote>;

/** One expediente of a batch transfer: transferred, or refused with the reason the single action gives. */
export const ZResultadoTransferencia = z.object({
  id: z.number().int(),
  /** Null when the id is no expediente of the company. */
  numero: z.string().nullable(),
  transferido: z.boolean(),
  motivo: z.string().nullable(),
});
export type ResultadoTransferencia = z.output<typeof ZResultadoTransferencia>;

export const ZTransferenciaLote = z.object({
  transferidos: z.number().int(),
  rechazados: z.number().int(),
  resultados: z.array(ZResultadoTransferencia),
});
export type TransferenciaLote = z.output<typeof ZTransferenciaLote>;

// ----- Batch final disposition (tab «Retención» › Por disponer, several selected) -----

/** The two final dispositions a batch applies. */
export const ACCIONES_DISPOSICION = ['conservar', 'eliminar'] as const;
export type AccionDisposicion = (typeof ACCIONES_DISPOSICION)[number];

/**
 * Most expedientes one batch disposition takes: the list's page. Each elimination draws its acta (~0.1 s)
 * inside the request's transaction, so the batch is kept to what one screen selects.
 */
export const MAX_DISPONER_LOTE = 50;

/** Conserving or eliminating several expedientes at once: one motivo (required to eliminate) for all actas. */
export const ZDisponerLote = z
  .object({
    accion: z.enum(ACCIONES_DISPOSICION, { error: "El campo Acción debe ser 'conservar' o 'eliminar'" }),
    ids: z
      .array(id('Expedientes'), { error: 'El campo Expedientes debe ser una lista' })
      .min(1, { error: 'El campo Expedientes está vacío: seleccione al menos un expediente' })
      .max(MAX_DISPONER_LOTE, { error: `El campo Expedientes admite máximo ${MAX_DISPONER_LOTE} expedientes` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'El campo Expedientes repite un expediente' }),
    motivo: texto(ETIQUETAS_RETENCION.motivo, 2000),
  })
  .superRefine(
    (v, ctx) => {
      if (v.accion === 'eliminar' && !v.motivo)
        ctx.addIssue({
          code: 'custom',
          path: ['motivo'],
          message: `El campo ${ETIQUETAS_RETENCION.motivo} es obligatorio para eliminar: queda escrito en cada acta`,
        });
    },
    cuandoValidos('accion', 'motivo'),
  );
export type DisponerLote = z.output<typeof ZDisponerLote>;
export type DisponerLoteIn = z.input<typeof ZDisponerLote>;

/** One expediente of a batch disposition: done (with its acta when eliminated), or refused with the reason. */
export const ZResultadoDisposicion = z.object({
  id: z.number().int(),
  /** Null when the id is no expediente of the company. */
  numero: z.string().nullable(),
  hecho: z.boolean(),
  motivo: z.string().nullable(),
});
export type ResultadoDisposicion = z.output<typeof ZResultadoDisposicion>;

export const ZDisposicionLote = z.object({
  accion: z.enum(ACCIONES_DISPOSICION),
  hechos: z.number().int(),
  rechazados: z.number().int(),
  resultados: z.array(ZResultadoDisposicion),
});
export type DisposicionLote = z.output<typeof ZDisposicionLote>;
