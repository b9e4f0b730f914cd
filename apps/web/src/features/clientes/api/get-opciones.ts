import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AsesorOpcion, TerceroOpcion } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { clientesKeys } from './get-clientes.ts';

export function useAsesores() {
  return useQuery(
    queryOptions({
      queryKey: clientesKeys.opciones('asesores', ''),
      queryFn: async ({ signal }) =>
        (await http.get<AsesorOpcion[]>('/clientes-atendidos/asesores', { signal, silent: true })).data,
      staleTime: 60_000,
    }),
  );
}

/** Terceros to attach to a lead (two letters at least). */
export function useTercerosBusqueda(q: string) {
  return useQuery(
    queryOptions({
      queryKey: clientesKeys.opciones('terceros', q),
      queryFn: async ({ signal }) =>
        (await http.get<TerceroOpcion[]>(`/clientes-atendidos/terceros?${new URLSearchParams({ q })}`, { signal, silent: true }))
          .data,
      enabled: q.trim().length >= 2,
      placeholderData: keepPreviousData,
    }),
  );
}
