import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TvConfig, TvPresentacion } from '@predio/contract/inmuebles-utilidades';
import { http } from '../../../lib/http.ts';
import { utilidadesKeys } from './keys.ts';

export async function getTvConfig(signal?: AbortSignal): Promise<TvConfig> {
  return (await http.get<TvConfig>('/inmuebles-utilidades/tv/config', { signal })).data;
}

export function useTvConfig() {
  return useQuery(queryOptions({ queryKey: utilidadesKeys.tvConfig(), queryFn: ({ signal }) => getTvConfig(signal) }));
}

export async function guardarTvConfig(body: TvConfig): Promise<TvConfig> {
  return (await http.put<TvConfig>('/inmuebles-utilidades/tv/config', body, { silent: true })).data;
}

export function useGuardarTvConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarTvConfig,
    onSuccess: (c) => {
      queryClient.setQueryData(utilidadesKeys.tvConfig(), c);
      return queryClient.invalidateQueries({ queryKey: utilidadesKeys.tvInmuebles() });
    },
  });
}

export async function getTvInmuebles(signal?: AbortSignal): Promise<TvPresentacion> {
  // A TV left on for hours: a passing failure is retried at the next refresh, not toasted.
  return (await http.get<TvPresentacion>('/inmuebles-utilidades/tv/inmuebles', { signal, silent: true })).data;
}

/** The slides; refreshed every `refrescoMs` while the presentation is open. */
export function useTvInmuebles(refrescoMs: number | false) {
  return useQuery(
    queryOptions({
      queryKey: utilidadesKeys.tvInmuebles(),
      queryFn: ({ signal }) => getTvInmuebles(signal),
      refetchInterval: refrescoMs,
      refetchIntervalInBackground: true,
      staleTime: 0,
    }),
  );
}
