import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpcionesUtilidades } from '@predio/contract/inmuebles-utilidades';
import { http } from '../../../lib/http.ts';
import { utilidadesKeys } from './keys.ts';

export async function getOpciones(signal?: AbortSignal): Promise<OpcionesUtilidades> {
  return (await http.get<OpcionesUtilidades>('/inmuebles-utilidades/opciones', { signal })).data;
}

/** The company's users (asesores) and the municipios with properties, for the selects. */
export function useOpcionesUtilidades() {
  return useQuery(
    queryOptions({ queryKey: utilidadesKeys.opciones(), queryFn: ({ signal }) => getOpciones(signal), staleTime: 60_000 }),
  );
}
