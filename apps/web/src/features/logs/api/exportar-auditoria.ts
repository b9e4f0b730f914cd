import { useMutation } from '@tanstack/react-query';
import type { AuditoriaFiltros } from '@predio/contract/auditoria';
import { descargar } from '../../../lib/descargar.ts';
import { queryString } from './get-auditoria.ts';

/** GET /auditoria/exportar with the current filter; the browser saves the file. */
export function exportarAuditoria(
  o: AuditoriaFiltros & { formato: 'csv' | 'xlsx'; sort?: string | undefined; order?: 'asc' | 'desc' | undefined },
): Promise<string> {
  return descargar(`/auditoria/exportar?${queryString(o)}`);
}

export function useExportarAuditoria() {
  return useMutation({ mutationFn: exportarAuditoria });
}
