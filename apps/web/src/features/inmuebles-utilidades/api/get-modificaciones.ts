import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from '@predio/contract/list';
import type { Modificacion, ModificacionesValores } from '@predio/contract/inmuebles-utilidades';
import { http } from '../../../lib/http.ts';
import { queryString, utilidadesKeys, type ModificacionesParams } from './keys.ts';

export async function getModificaciones(p: ModificacionesParams, signal?: AbortSignal): Promise<ListResult<Modificacion>> {
  return (await http.get<ListResult<Modificacion>>(`/inmuebles-utilidades/modificaciones?${queryString(p)}`, { signal })).data;
}

export function useModificaciones(p: ModificacionesParams) {
  return useQuery(
    queryOptions({
      queryKey: utilidadesKeys.modificacionesLista(p),
      queryFn: ({ signal }) => getModificaciones(p, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export async function getValores(signal?: AbortSignal): Promise<ModificacionesValores> {
  return (await http.get<ModificacionesValores>('/inmuebles-utilidades/modificaciones/valores', { signal })).data;
}

/** The users, fields and actions that appear in the properties' history, for the filters. */
export function useModificacionesValores() {
  return useQuery(
    queryOptions({
      queryKey: utilidadesKeys.modificacionesValores(),
      queryFn: ({ signal }) => getValores(signal),
      staleTime: 30_000,
    }),
  );
}
