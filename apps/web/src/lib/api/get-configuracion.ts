import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Configuracion } from '@predio/contract/empresa';
import { http } from '../http.ts';

export const configuracionKeys = { all: ['configurar-predio', 'get-configuracion'] as const };

export async function getConfiguracion(signal?: AbortSignal): Promise<Configuracion> {
  const body = await http.get<Configuracion>('/configurarPredio/GetConfiguracion', { signal });
  return body.data;
}

export function configuracionQueryOptions() {
  return queryOptions({
    queryKey: configuracionKeys.all,
    queryFn: ({ signal }) => getConfiguracion(signal),
    staleTime: Infinity,
  });
}

/** objConfigurar of spec §3. */
export function useConfiguracion() {
  return useQuery(configuracionQueryOptions());
}
