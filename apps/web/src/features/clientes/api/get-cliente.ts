import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClienteDetalle } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { clientesKeys } from './get-clientes.ts';

export async function getCliente(consecutivo: number, signal?: AbortSignal): Promise<ClienteDetalle> {
  return (await http.get<ClienteDetalle>(`/clientes-atendidos/${consecutivo}`, { signal, silent: true })).data;
}

export function useCliente(consecutivo: number | null) {
  return useQuery(
    queryOptions({
      queryKey: clientesKeys.detail(consecutivo ?? 0),
      queryFn: ({ signal }) => getCliente(consecutivo!, signal),
      enabled: consecutivo !== null,
    }),
  );
}
