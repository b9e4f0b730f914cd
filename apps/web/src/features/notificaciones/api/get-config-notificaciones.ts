import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuloNotificaciones } from '@predio/contract/notificaciones';
import { ApiError, http } from '../../../lib/http.ts';

export const configNotificacionesKeys = { all: ['notificaciones', 'config'] as const };

/** notificaciones/Consultar_config → { exito, data } (spec §7). The page shows its own notices. */
export async function getConfigNotificaciones(signal?: AbortSignal): Promise<ModuloNotificaciones[]> {
  const body = await http.get<ModuloNotificaciones[]>('/notificaciones/Consultar_config', { signal, silent: true });
  if (body.exito === false) {
    throw new ApiError('envelope', typeof body.mensaje === 'string' ? body.mensaje : 'Error', body.code);
  }
  return body.data;
}

export function configNotificacionesQueryOptions() {
  return queryOptions({
    queryKey: configNotificacionesKeys.all,
    queryFn: ({ signal }) => getConfigNotificaciones(signal),
    staleTime: 0,
  });
}

export function useConfigNotificaciones() {
  return useQuery(configNotificacionesQueryOptions());
}
