import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Ubicaciones } from '@predio/contract/inmuebles-utilidades';
import { http } from '../../../lib/http.ts';
import { queryString, utilidadesKeys, type UbicacionesParams } from './keys.ts';

export async function getUbicaciones(p: UbicacionesParams, signal?: AbortSignal): Promise<Ubicaciones> {
  return (await http.get<Ubicaciones>(`/inmuebles-utilidades/ubicacion?${queryString(p)}`, { signal })).data;
}

export function useUbicaciones(p: UbicacionesParams) {
  return useQuery(
    queryOptions({
      queryKey: utilidadesKeys.ubicacionesLista(p),
      queryFn: ({ signal }) => getUbicaciones(p, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
