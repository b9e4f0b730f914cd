import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TerceroSolicitud } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';
import { solicitudesKeys } from './get-solicitudes.ts';

export async function getTercerosSolicitud(q: string, signal?: AbortSignal): Promise<TerceroSolicitud[]> {
  const qs = q ? `?${new URLSearchParams({ q })}` : '';
  return (await http.get<TerceroSolicitud[]>(`/solicitudes/terceros${qs}`, { signal, silent: true })).data;
}

export function useTercerosSolicitud(q: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: solicitudesKeys.terceros(q),
      queryFn: ({ signal }) => getTercerosSolicitud(q, signal),
      enabled,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}
