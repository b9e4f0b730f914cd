import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TableroGerencia } from '@predio/contract/informes';
import { http } from '../../../lib/http.ts';

export const tableroKeys = { all: ['inicio', 'tablero'] as const };

export function tableroQueryOptions() {
  return queryOptions({
    queryKey: tableroKeys.all,
    // Reports are read in a read-only transaction of up to 15 s on the server.
    queryFn: async ({ signal }) => (await http.get<TableroGerencia>('/informes/tablero', { signal, timeoutMs: 30_000 })).data,
  });
}

export function useTablero(activo: boolean) {
  return useQuery({ ...tableroQueryOptions(), enabled: activo });
}
