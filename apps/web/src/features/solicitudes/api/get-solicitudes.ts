import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from '@predio/contract/list';
import type { SolicitudResumen } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';
import { consultaSolicitudes, type SolicitudesParams } from '../solicitudes-params.ts';

/** Every query of the module hangs from this key, so one invalidation refreshes list and detail. */
export const solicitudesKeys = {
  all: ['solicitudes'] as const,
  lists: () => [...solicitudesKeys.all, 'lista'] as const,
  list: (p: SolicitudesParams) => [...solicitudesKeys.lists(), p] as const,
  details: () => [...solicitudesKeys.all, 'detalle'] as const,
  detail: (numero: number) => [...solicitudesKeys.details(), numero] as const,
  asignables: () => [...solicitudesKeys.all, 'asignables'] as const,
  terceros: (q: string) => [...solicitudesKeys.all, 'terceros', q] as const,
  inmuebles: (q: string) => [...solicitudesKeys.all, 'inmuebles', q] as const,
};

export async function getSolicitudes(p: SolicitudesParams, signal?: AbortSignal): Promise<ListResult<SolicitudResumen>> {
  const body = await http.get<ListResult<SolicitudResumen>>(`/solicitudes?${consultaSolicitudes(p, true)}`, {
    signal,
    silent: true,
  });
  return body.data;
}

export function solicitudesQueryOptions(p: SolicitudesParams) {
  return queryOptions({
    queryKey: solicitudesKeys.list(p),
    queryFn: ({ signal }) => getSolicitudes(p, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSolicitudes(p: SolicitudesParams) {
  return useQuery(solicitudesQueryOptions(p));
}
