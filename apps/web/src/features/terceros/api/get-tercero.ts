import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { TerceroDetalle } from '@predio/contract/terceros';
import { http } from '../../../lib/http.ts';
import { tercerosKeys } from './get-terceros.ts';

export async function getTercero(id: number, signal?: AbortSignal): Promise<TerceroDetalle> {
  return (await http.get<TerceroDetalle>(`/terceros/${id}`, { signal })).data;
}

export function terceroQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: tercerosKeys.detail(id ?? 0),
    queryFn: id === null ? skipToken : ({ signal }) => getTercero(id, signal),
    staleTime: 0,
  });
}

export function useTercero(id: number | null) {
  return useQuery(terceroQueryOptions(id));
}
