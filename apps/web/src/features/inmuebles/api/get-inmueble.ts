import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Bloqueo, InmuebleDetalle } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

export type InmuebleAbierto = InmuebleDetalle & { bloqueo: Bloqueo | null };

export async function getInmueble(consecutivo: number, signal?: AbortSignal): Promise<InmuebleAbierto> {
  return (await http.get<InmuebleAbierto>(`/inmuebles/${consecutivo}`, { signal, silent: true })).data;
}

export function useInmueble(consecutivo: number | null) {
  return useQuery(
    queryOptions({
      queryKey: inmueblesKeys.detalle(consecutivo ?? 0),
      queryFn: consecutivo === null ? skipToken : ({ signal }) => getInmueble(consecutivo, signal),
      retry: false,
    }),
  );
}
