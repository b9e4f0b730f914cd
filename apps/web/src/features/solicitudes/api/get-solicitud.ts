import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SolicitudDetalle } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';
import { solicitudesKeys } from './get-solicitudes.ts';

export async function getSolicitud(numero: number, signal?: AbortSignal): Promise<SolicitudDetalle> {
  return (await http.get<SolicitudDetalle>(`/solicitudes/${numero}`, { signal, silent: true })).data;
}

export function useSolicitud(numero: number | null) {
  return useQuery(
    queryOptions({
      queryKey: solicitudesKeys.detail(numero ?? 0),
      queryFn: ({ signal }) => getSolicitud(numero!, signal),
      enabled: numero !== null,
    }),
  );
}
