import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InmuebleCoincidente } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { clientesKeys } from './get-clientes.ts';

export async function getCoincidencias(consecutivo: number, signal?: AbortSignal): Promise<InmuebleCoincidente[]> {
  return (await http.get<InmuebleCoincidente[]>(`/clientes-atendidos/${consecutivo}/coincidencias`, { signal, silent: true }))
    .data;
}

/** The available properties that fit a lead, best first. */
export function useCoincidencias(consecutivo: number | null) {
  return useQuery(
    queryOptions({
      queryKey: clientesKeys.coincidencias(consecutivo ?? 0),
      queryFn: ({ signal }) => getCoincidencias(consecutivo!, signal),
      enabled: consecutivo !== null,
    }),
  );
}
