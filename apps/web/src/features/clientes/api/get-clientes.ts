import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClienteResumen } from '@predio/contract/clientes';
import type { ListResult } from '@predio/contract/list';
import { http } from '../../../lib/http.ts';
import { consultaClientes, type ClientesParams } from '../clientes-params.ts';

/** Every query of the module hangs from this key, so one invalidation refreshes lists, details and matches. */
export const clientesKeys = {
  all: ['clientes'] as const,
  lists: () => [...clientesKeys.all, 'lista'] as const,
  list: (p: ClientesParams) => [...clientesKeys.lists(), p] as const,
  details: () => [...clientesKeys.all, 'detalle'] as const,
  detail: (consecutivo: number) => [...clientesKeys.details(), consecutivo] as const,
  coincidencias: (consecutivo: number) => [...clientesKeys.all, 'coincidencias', consecutivo] as const,
  opciones: (que: string, q: string) => [...clientesKeys.all, 'opciones', que, q] as const,
  cascada: (criterios: unknown) => [...clientesKeys.all, 'cascada', criterios] as const,
};

export async function getClientes(p: ClientesParams, signal?: AbortSignal): Promise<ListResult<ClienteResumen>> {
  return (
    await http.get<ListResult<ClienteResumen>>(`/clientes-atendidos?${consultaClientes(p, true)}`, { signal, silent: true })
  ).data;
}

export function useClientes(p: ClientesParams) {
  return useQuery(
    queryOptions({
      queryKey: clientesKeys.list(p),
      queryFn: ({ signal }) => getClientes(p, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
