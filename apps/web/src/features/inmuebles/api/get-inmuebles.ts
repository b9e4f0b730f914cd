import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InmueblesPagina } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';

export const inmueblesKeys = {
  all: ['inmuebles'] as const,
  lista: (consulta: string) => [...inmueblesKeys.all, 'lista', consulta] as const,
  /** By the filter alone: turning a page or changing the order does not count again. */
  conteo: (filtro: string) => [...inmueblesKeys.all, 'conteo', filtro] as const,
  detalle: (consecutivo: number) => [...inmueblesKeys.all, 'detalle', consecutivo] as const,
  estados: (consecutivo: number) => [...inmueblesKeys.all, 'estados', consecutivo] as const,
  /** Not under `all`: invalidating the lists must not re-take a lock. */
  bloqueo: (consecutivo: number) => ['inmueble-bloqueo', consecutivo] as const,
  opciones: (fuente: string, q: string, filtro: string) => [...inmueblesKeys.all, 'opciones', fuente, q, filtro] as const,
};

/** consulta: the search's query string (inmuebles-params.ts builds it from the URL). One page, without its count. */
export async function getInmuebles(consulta: string, signal?: AbortSignal): Promise<InmueblesPagina> {
  return (await http.get<InmueblesPagina>(`/inmuebles?${consulta}`, { signal })).data;
}

export function useInmuebles(consulta: string) {
  return useQuery(
    queryOptions({
      queryKey: inmueblesKeys.lista(consulta),
      queryFn: ({ signal }) => getInmuebles(consulta, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
