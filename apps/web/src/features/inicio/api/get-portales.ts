import { useQuery } from '@tanstack/react-query';
import type { ResumenPortales } from '@predio/contract/portales';
import { http } from '../../../lib/http.ts';

export const portalesInicioKeys = { all: ['inicio', 'portales'] as const };

/** Every portal the person manages at once (GET /api/portales/resumen). */
export function useResumenPortales(activo: boolean) {
  return useQuery({
    queryKey: portalesInicioKeys.all,
    queryFn: async ({ signal }) => (await http.get<ResumenPortales>('/portales/resumen', { signal, silent: true })).data,
    enabled: activo,
  });
}
