import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ESTADOS_INMUEBLE, type InmuebleResumen } from '@predio/contract/inmuebles';
import type { ListResult } from '@predio/contract/list';
import { http } from '../../../lib/http.ts';
import { solicitudesKeys } from './get-solicitudes.ts';

/** Properties of any estado by consecutivo or address, from the properties search (permiso 491). */
export async function getInmueblesOpciones(q: string, signal?: AbortSignal): Promise<InmuebleResumen[]> {
  const qs = new URLSearchParams({ estado: ESTADOS_INMUEBLE.join(','), pageSize: '20', sort: 'consecutivo', order: 'desc' });
  if (q) qs.set('q', q);
  return (await http.get<ListResult<InmuebleResumen>>(`/inmuebles?${qs}`, { signal, silent: true })).data.items;
}

export function useInmueblesOpciones(q: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: solicitudesKeys.inmuebles(q),
      queryFn: ({ signal }) => getInmueblesOpciones(q, signal),
      enabled,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
      retry: false,
    }),
  );
}
