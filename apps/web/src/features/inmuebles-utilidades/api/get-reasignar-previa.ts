import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ReasignarPrevia } from '@predio/contract/inmuebles-utilidades';
import { http } from '../../../lib/http.ts';
import { queryString, utilidadesKeys, type PreviaParams } from './keys.ts';

export async function getReasignarPrevia(p: PreviaParams, signal?: AbortSignal): Promise<ReasignarPrevia> {
  return (await http.get<ReasignarPrevia>(`/inmuebles-utilidades/reasignar/previa?${queryString(p)}`, { signal, silent: true }))
    .data;
}

/** The properties a reassignment would move; nothing is asked until both asesores are chosen. */
export function useReasignarPrevia(p: PreviaParams | null) {
  return useQuery(
    queryOptions({
      queryKey: utilidadesKeys.previa(p ?? { origen: 0, destino: 0, rol: 'ambos' }),
      queryFn: p === null ? skipToken : ({ signal }) => getReasignarPrevia(p, signal),
      staleTime: 0,
    }),
  );
}
