import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TercerosLista } from '@predio/contract/terceros';
import { http } from '../../../lib/http.ts';
import type { TercerosParams } from '../terceros-params.ts';
import { consultaTerceros } from '../terceros-params.ts';

/** Every query of the module hangs from this key, so one invalidation refreshes list and detail. */
export const tercerosKeys = {
  all: ['terceros', 'gestion'] as const,
  lists: () => [...tercerosKeys.all, 'lista'] as const,
  list: (p: TercerosParams) => [...tercerosKeys.lists(), p] as const,
  details: () => [...tercerosKeys.all, 'detalle'] as const,
  detail: (id: number) => [...tercerosKeys.details(), id] as const,
  duplicados: (q: Record<string, string>) => [...tercerosKeys.all, 'duplicados', q] as const,
};

export async function getTerceros(p: TercerosParams, signal?: AbortSignal): Promise<TercerosLista> {
  const body = await http.get<TercerosLista>(`/terceros?${consultaTerceros(p, true)}`, { signal, silent: true });
  return body.data;
}

export function tercerosQueryOptions(p: TercerosParams) {
  return queryOptions({
    queryKey: tercerosKeys.list(p),
    queryFn: ({ signal }) => getTerceros(p, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTerceros(p: TercerosParams) {
  return useQuery(tercerosQueryOptions(p));
}
