import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { consultaTerceros, type TercerosParams } from '../terceros-params.ts';

/** Downloads the current filter as CSV or Excel (the browser saves it). */
export async function exportarTerceros(o: { params: TercerosParams; formato: 'csv' | 'xlsx' }): Promise<void> {
  const { blob, nombre } = await http.download(`/terceros/exportar?${consultaTerceros(o.params, false)}&formato=${o.formato}`, {
    timeoutMs: 60_000,
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportarTerceros() {
  return useMutation({ mutationFn: exportarTerceros });
}
