import { useMutation } from '@tanstack/react-query';
import { descargar } from '../../../lib/descargar.ts';
import { consultaTerceros, type TercerosParams } from '../terceros-params.ts';

/** Downloads the current filter as CSV or Excel (the browser saves it). */
export async function exportarTerceros(o: { params: TercerosParams; formato: 'csv' | 'xlsx' }): Promise<void> {
  await descargar(`/terceros/exportar?${consultaTerceros(o.params, false)}&formato=${o.formato}`);
}

export function useExportarTerceros() {
  return useMutation({ mutationFn: exportarTerceros });
}
