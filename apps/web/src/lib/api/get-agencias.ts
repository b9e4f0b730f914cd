import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agencia } from '@predio/contract/empresa';
import { http } from '../http.ts';

export const agenciasKeys = { all: ['empresa', 'agencias'] as const };

export async function getAgencias(signal?: AbortSignal): Promise<Agencia[]> {
  return (await http.get<Agencia[]>('/empresa/agencias', { signal })).data;
}

export function agenciasQueryOptions() {
  return queryOptions({ queryKey: agenciasKeys.all, queryFn: ({ signal }) => getAgencias(signal), staleTime: 60_000 });
}

/** The company's branches, for selects in several screens (users, company). */
export function useAgencias() {
  return useQuery(agenciasQueryOptions());
}
