import { useMutation } from '@tanstack/react-query';
import { descargar } from '../../../lib/descargar.ts';
import { consultaClientes, type ClientesParams } from '../clientes-params.ts';

/** Downloads the current filter as Excel or CSV. */
export async function exportarClientes(o: { params: ClientesParams; formato: 'csv' | 'xlsx' }): Promise<void> {
  await descargar(`/clientes-atendidos/exportar?${consultaClientes(o.params, false)}&formato=${o.formato}`);
}

export function useExportarClientes() {
  return useMutation({ mutationFn: exportarClientes });
}
