import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfiguracionGd,
  ConfiguracionGdForm,
  EstadoExtraccion,
  ExtraccionIniciada,
} from '@predio/contract/gestion-documental-configuracion';
import { http } from '../../../lib/http.ts';

const URL = '/gestion-documental/configuracion';
export const configuracionGdKeys = { all: ['gd-configuracion'] as const };

/** Configuración de gestión documental (idm 10574). */
export function useConfiguracionGd() {
  return useQuery(
    queryOptions({
      queryKey: configuracionGdKeys.all,
      queryFn: async ({ signal }) => (await http.get<ConfiguracionGd>(URL, { signal, silent: true })).data,
    }),
  );
}

export function useGuardarConfiguracionGd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (c: ConfiguracionGdForm) => (await http.put<ConfiguracionGd>(URL, c, { silent: true })).data,
    onSuccess: (c) => queryClient.setQueryData(configuracionGdKeys.all, c),
  });
}

const URL_EXTRAER = `${URL}/extraer-texto`;
const extraccionKeys = { all: [...configuracionGdKeys.all, 'extraer-texto'] as const };

/** How many documents have their text; polled every 3 s while extraction jobs are queued. */
export function useEstadoExtraccion() {
  return useQuery(
    queryOptions({
      queryKey: extraccionKeys.all,
      queryFn: async ({ signal }) => (await http.get<EstadoExtraccion>(URL_EXTRAER, { signal, silent: true })).data,
      refetchInterval: (q) => ((q.state.data?.en_cola ?? 0) > 0 ? 3000 : false),
    }),
  );
}

/** «Extraer texto de los documentos anteriores»: queues a job per document without text. */
export function useExtraerTexto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<ExtraccionIniciada>(URL_EXTRAER, {}, { silent: true })).data,
    onSuccess: (e) => queryClient.setQueryData(extraccionKeys.all, e),
  });
}
