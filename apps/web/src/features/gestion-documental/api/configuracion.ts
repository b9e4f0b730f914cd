import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfiguracionGd, ConfiguracionGdForm } from '@predio/contract/gestion-documental-configuracion';
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
