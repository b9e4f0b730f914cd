import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClienteDetalle, ClienteFormEntrada } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { clientesKeys } from './get-clientes.ts';

export type GuardarCliente = { consecutivo: number | null; version: number | null; valores: ClienteFormEntrada };

/** POST or PUT with the version read; the form shows the errors beside the fields. */
export async function guardarCliente({ consecutivo, version, valores }: GuardarCliente): Promise<ClienteDetalle> {
  const body =
    consecutivo === null
      ? await http.post<ClienteDetalle>('/clientes-atendidos', valores, { silent: true })
      : await http.put<ClienteDetalle>(`/clientes-atendidos/${consecutivo}`, { ...valores, version }, { silent: true });
  return body.data;
}

export function useGuardarCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarCliente,
    onSuccess: (d) => queryClient.setQueryData(clientesKeys.detail(d.consecutivo), d),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientesKeys.all }),
  });
}
