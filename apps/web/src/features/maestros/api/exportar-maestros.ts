import { useMutation } from '@tanstack/react-query';
import { urlMaestro, type ResourceDef } from '@predio/contract/maestros/resource';
import type { FormatoExportacion } from '@predio/contract/maestros/schemas';
import { http } from '../../../lib/http.ts';
import { exportQueryString, type ListState } from '../../../components/resource-table/list-params.ts';

// Up to 50,000 rows: more than the 5 s of an ordinary call.
const EXPORT_TIMEOUT_MS = 120_000;

function guardar(blob: Blob, nombre: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * GET /maestros/<recurso>/exportar?formato&q&sort&filters: the current filter as CSV or Excel, downloaded
 * through the HTTP client (it carries the token; a bare link would not).
 */
export async function exportarMaestros(def: ResourceDef, state: ListState, formato: FormatoExportacion): Promise<string> {
  const { blob, nombre } = await http.download(`${urlMaestro(def, '/exportar')}?${exportQueryString(def, state, formato)}`, {
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
  guardar(blob, nombre);
  return nombre;
}

export function useExportarMaestros(def: ResourceDef) {
  return useMutation({
    mutationFn: ({ state, formato }: { state: ListState; formato: FormatoExportacion }) => exportarMaestros(def, state, formato),
  });
}
