import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Empresa } from '@predio/contract/empresa';
import { http } from '../http.ts';

export const empresaKeys = { all: ['empresa', 'get-empresa'] as const };

export async function getEmpresa(signal?: AbortSignal): Promise<Empresa> {
  const body = await http.get<Empresa>('/Empresa/GetEmpresa', { signal });
  return body.data;
}

export function empresaQueryOptions() {
  return queryOptions({ queryKey: empresaKeys.all, queryFn: ({ signal }) => getEmpresa(signal), staleTime: Infinity });
}

/** objEmpresa of spec §3. */
export function useEmpresa() {
  return useQuery(empresaQueryOptions());
}
