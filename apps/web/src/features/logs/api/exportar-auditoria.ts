import { useMutation } from '@tanstack/react-query';
import type { AuditoriaFiltros } from '@predio/contract/auditoria';
import { http } from '../../../lib/http.ts';
import { queryString } from './get-auditoria.ts';

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

/** GET /auditoria/exportar with the current filter, downloaded through the HTTP client (it carries the token). */
export async function exportarAuditoria(
  o: AuditoriaFiltros & { formato: 'csv' | 'xlsx'; sort?: string | undefined; order?: 'asc' | 'desc' | undefined },
): Promise<string> {
  const { blob, nombre } = await http.download(`/auditoria/exportar?${queryString(o)}`, { timeoutMs: EXPORT_TIMEOUT_MS });
  guardar(blob, nombre);
  return nombre;
}

export function useExportarAuditoria() {
  return useMutation({ mutationFn: exportarAuditoria });
}
