import { useMutation } from '@tanstack/react-query';
import { descargar } from '../../../lib/descargar.ts';
import { consultaSolicitudes, type SolicitudesParams } from '../solicitudes-params.ts';

/** Downloads the current filter as Excel or CSV (the browser saves it). */
export async function exportarSolicitudes(o: { params: SolicitudesParams; formato: 'csv' | 'xlsx' }): Promise<string> {
  return descargar(`/solicitudes/exportar?${consultaSolicitudes(o.params, false)}&formato=${o.formato}`);
}

export function useExportarSolicitudes() {
  return useMutation({ mutationFn: exportarSolicitudes });
}
