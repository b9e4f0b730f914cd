import { useMutation } from '@tanstack/react-query';
import { urlMaestro, type ResourceDef } from '@predio/contract/maestros/resource';
import type { FormatoExportacion } from '@predio/contract/maestros/schemas';
import { descargar } from '../../../lib/descargar.ts';
import { exportQueryString, type ListState } from '../../../components/resource-table/list-params.ts';

/**
 * GET /maestros/<recurso>/exportar?formato&q&sort&filters: the current filter as CSV or Excel.
 */
export function exportarMaestros(def: ResourceDef, state: ListState, formato: FormatoExportacion): Promise<string> {
  return descargar(`${urlMaestro(def, '/exportar')}?${exportQueryString(def, state, formato)}`);
}

export function useExportarMaestros(def: ResourceDef) {
  return useMutation({
    mutationFn: ({ state, formato }: { state: ListState; formato: FormatoExportacion }) => exportarMaestros(def, state, formato),
  });
}
