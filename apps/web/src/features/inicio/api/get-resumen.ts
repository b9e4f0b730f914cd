import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InicioResumen } from '@predio/contract/empresa';
import { http } from '../../../lib/http.ts';

export const resumenKeys = { all: ['inicio', 'resumen'] as const };

export async function getResumen(signal?: AbortSignal): Promise<InicioResumen> {
  const body = await http.get<InicioResumen>('/inicio/resumen', { signal });
  return body.data;
}

export function resumenQueryOptions() {
  return queryOptions({ queryKey: resumenKeys.all, queryFn: ({ signal }) => getResumen(signal) });
}

export function useResumen() {
  return useQuery(resumenQueryOptions());
}
