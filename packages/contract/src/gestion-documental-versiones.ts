import { z } from 'zod';
import { textoObligatorio } from './campos.ts';
import './validation.ts';

// Gestión documental (issue 28): versions of a radicado's documents and the history of who saw,
// downloaded or changed them. A document keeps its id; each new version takes its place and the previous
// file stays, numbered (category «version» of the radicado's files, never overwritten).

/** Category of platform/archivos holding the previous versions (read through the generic download). */
export const CATEGORIA_VERSION = 'version';

export const ETIQUETAS_VERSION = { motivo: 'Motivo del cambio', file: 'Archivo' } as const;

/** The multipart field beside `file` when uploading a new version. */
export const ZVersionMotivo = z.object({ motivo: textoObligatorio(ETIQUETAS_VERSION.motivo, 500) });

export const ZVersionDocumento = z.object({
  numero: z.number().int(),
  /** The archivo holding this version's bytes: the document itself for the current one. */
  id_archivo: z.number().int(),
  nombre: z.string(),
  bytes: z.number().int(),
  content_type: z.string(),
  creado_por: z.string(),
  creado_en: z.string(),
  /** Why this version replaced the previous one; empty for the first. */
  motivo: z.string(),
  actual: z.boolean(),
});
export type VersionDocumento = z.infer<typeof ZVersionDocumento>;

/** A current document of a radicado with every version, newest first. */
export const ZDocumentoConVersiones = z.object({
  id: z.number().int(),
  nombre: z.string(),
  versiones: z.array(ZVersionDocumento),
});
export type DocumentoConVersiones = z.infer<typeof ZDocumentoConVersiones>;

export const ACCIONES_HISTORIAL = ['ver', 'descargar', 'subir', 'version', 'eliminar'] as const;
export type AccionHistorial = (typeof ACCIONES_HISTORIAL)[number];
export const ETIQUETAS_ACCION_HISTORIAL: Record<AccionHistorial, string> = {
  ver: 'Consultó el radicado',
  descargar: 'Descargó',
  subir: 'Adjuntó',
  version: 'Subió una nueva versión de',
  eliminar: 'Eliminó',
};

export const ZHistorialDocumento = z.object({
  id: z.number().int(),
  accion: z.enum(ACCIONES_HISTORIAL),
  id_archivo: z.number().int().nullable(),
  archivo: z.string(),
  detalle: z.string(),
  usuario: z.string(),
  creado_en: z.string(),
});
export type HistorialDocumento = z.infer<typeof ZHistorialDocumento>;

/** The newest rows of the history shown on a radicado (older ones stay in the table). */
export const HISTORIAL_MAX = 200;
/** A user's repeated opening of the same radicado within these minutes is one «ver». */
export const MINUTOS_VISTA = 10;
