import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistorialEstado } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

export async function getEstados(consecutivo: number, signal?: AbortSignal): Promise<HistorialEstado[]> {
  return (await http.get<HistorialEstado[]>(`/inmuebles/${consecutivo}/estados`, { signal, silent: true })).data;
}

export function useEstados(consecutivo: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: inmueblesKeys.estados(consecutivo),
      queryFn: ({ signal }) => getEstados(consecutivo, signal),
      enabled,
    }),
  );
}
