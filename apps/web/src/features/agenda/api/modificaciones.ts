import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModificacionAgenda, ModificacionesAgendaQuery } from '@predio/contract/agenda';
import type { ListResult } from '@predio/contract/list';
import { http } from '../../../lib/http.ts';
import { agendaKeys } from './citas.ts';

export type FiltrosModificaciones = Partial<ModificacionesAgendaQuery>;

export const parametros = (f: FiltrosModificaciones) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
};

export function useModificacionesAgenda(f: FiltrosModificaciones) {
  return useQuery(
    queryOptions({
      queryKey: [...agendaKeys.all, 'modificaciones', f] as const,
      queryFn: async ({ signal }) =>
        (await http.get<ListResult<ModificacionAgenda>>(`/citas/modificaciones?${parametros(f)}`, { signal, silent: true })).data,
      placeholderData: keepPreviousData,
    }),
  );
}
