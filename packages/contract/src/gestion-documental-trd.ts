import { z } from 'zod';
import './validation.ts';

// Tabla de Retención Documental (issue 28, /gestion-documental/maestros/importar-parametrizacion, idm
// 10574): the agency's TRD imported from and exported to Excel, one row per área-serie-subserie-tipo.

export const IDM_CONFIGURACION_GESTION_DOCUMENTAL = 10574;

/** The columns of the TRD workbook, in order: the export writes them and the import reads them by name. */
export const COLUMNAS_TRD = [
  'Código',
  'Dependencia',
  'Serie',
  'Subserie',
  'Tipo documental',
  'Años archivo de gestión',
  'Años archivo central',
  'Disposición final',
  'Soporte',
  'Procedimiento',
] as const;

export const DISPOSICIONES_TRD = ['CT', 'E', 'S', 'D'] as const;
export type DisposicionTrd = (typeof DISPOSICIONES_TRD)[number];
export const ETIQUETAS_DISPOSICION: Record<DisposicionTrd, string> = {
  CT: 'Conservación total',
  E: 'Eliminación',
  S: 'Selección',
  D: 'Microfilmación/digitalización',
};
export const SOPORTES_TRD = ['papel', 'electronico', 'ambos'] as const;
export type SoporteTrd = (typeof SOPORTES_TRD)[number];
export const ETIQUETAS_SOPORTE: Record<SoporteTrd, string> = {
  papel: 'Papel',
  electronico: 'Electrónico',
  ambos: 'Papel y electrónico',
};

/** The code as the archival norm writes it: dependencia-serie.subserie («100-12.03»). */
export const PATRON_CODIGO_TRD = /^([0-9A-Za-z]{1,10})-([0-9A-Za-z]{1,10})\.([0-9A-Za-z]{1,10})$/;

/** One row of the TRD as the screen lists it and the workbook carries it. */
export const ZFilaTrd = z.object({
  codigo: z.string(),
  dependencia: z.string(),
  serie: z.string(),
  subserie: z.string(),
  tipo_documental: z.string(),
  anios_gestion: z.number().int(),
  anios_central: z.number().int(),
  disposicion_final: z.enum(DISPOSICIONES_TRD).nullable(),
  soporte: z.enum(SOPORTES_TRD).nullable(),
  procedimiento: z.string(),
});
export type FilaTrd = z.infer<typeof ZFilaTrd>;

export const ZErrorFilaTrd = z.object({ campo: z.string(), mensaje: z.string() });
export type ErrorFilaTrd = z.infer<typeof ZErrorFilaTrd>;
export const ZFilaReporteTrd = z.object({
  fila: z.number().int(),
  codigo: z.string(),
  tipo_documental: z.string(),
  errores: z.array(ZErrorFilaTrd),
});
export type FilaReporteTrd = z.infer<typeof ZFilaReporteTrd>;
export const ZConteoTrd = z.object({ nuevas: z.number().int(), actualizadas: z.number().int() });
export type ConteoTrd = z.infer<typeof ZConteoTrd>;

/** What validating or importing a workbook found: every row with its mistakes, and what importing changes. */
export const ZReporteTrd = z.object({
  filas: z.array(ZFilaReporteTrd),
  conErrores: z.number().int(),
  areas: ZConteoTrd,
  series: ZConteoTrd,
  subseries: ZConteoTrd,
  tipos: ZConteoTrd,
  /** TRD rows (área-subserie-tipo) added and removed; the file replaces the whole TRD. */
  trd: z.object({ nuevas: z.number().int(), quitadas: z.number().int(), iguales: z.number().int() }),
  aplicado: z.boolean(),
});
export type ReporteTrd = z.infer<typeof ZReporteTrd>;

export const ZTrdQuery = z.object({
  q: z.string().trim().max(100, { error: 'q admite máximo 100 caracteres' }).optional(),
});
