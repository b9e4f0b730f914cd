import { useMutation } from '@tanstack/react-query';
import type { ModificacionesFiltros } from '@predio/contract/inmuebles-utilidades';
import { descargar } from '../../../lib/descargar.ts';
import { queryString } from './keys.ts';

/** GET /inmuebles-utilidades/modificaciones/exportar with the current filter; the browser saves the file. */
export function exportarModificaciones(
  o: ModificacionesFiltros & { formato: 'csv' | 'xlsx'; sort?: string | undefined; order?: 'asc' | 'desc' | undefined },
): Promise<string> {
  return descargar(`/inmuebles-utilidades/modificaciones/exportar?${queryString(o)}`);
}

export function useExportarModificaciones() {
  return useMutation({ mutationFn: exportarModificaciones });
}
