import { useMutation } from '@tanstack/react-query';
import { descargar } from '../../../lib/descargar.ts';

/** Downloads the current search (its query string without paging) as Excel or CSV. */
export async function exportarInmuebles(o: { consulta: string; formato: 'csv' | 'xlsx' }): Promise<void> {
  const q = new URLSearchParams(o.consulta);
  q.delete('page');
  q.delete('pageSize');
  q.set('formato', o.formato);
  await descargar(`/inmuebles/exportar?${q}`);
}

export function useExportarInmuebles() {
  return useMutation({ mutationFn: exportarInmuebles });
}
