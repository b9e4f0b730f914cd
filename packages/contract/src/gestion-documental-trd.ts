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
export type FilaTrd = {
  codigo: string;
  dependencia: string;
  serie: string;
  subserie: string;
  tipo_documental: string;
  anios_gestion: number;
  anios_central: number;
  disposicion_final: DisposicionTrd | null;
  soporte: SoporteTrd | null;
  procedimiento: string;
};

export type ErrorFilaTrd = { campo: string; mensaje: string };
export type FilaReporteTrd = { fila: number; codigo: string; tipo_documental: string; errores: ErrorFilaTrd[] };
export type ConteoTrd = { nuevas: number; actualizadas: number };

/** What validating or importing a workbook found: every row with its mistakes, and what importing changes. */
export type ReporteTrd = {
  filas: FilaReporteTrd[];
  conErrores: number;
  areas: ConteoTrd;
  series: ConteoTrd;
  subseries: ConteoTrd;
  tipos: ConteoTrd;
  /** TRD rows (área-subserie-tipo) added and removed; the file replaces the whole TRD. */
  trd: { nuevas: number; quitadas: number; iguales: number };
  aplicado: boolean;
};

export const ZTrdQuery = z.object({
  q: z.string().trim().max(100, { error: 'q admite máximo 100 caracteres' }).optional(),
});
