import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModuloNotificaciones } from '@predio/contract/notificaciones';
import { http } from '../../../lib/http.ts';
import { configNotificacionesKeys } from './get-config-notificaciones.ts';

export type GrabarResultado = { exito: boolean; mensaje: string };

/** notificaciones/Grabar_config with the whole module list → { exito, mensaje } (spec §7). */
export async function grabarConfigNotificaciones(modulos: ModuloNotificaciones[]): Promise<GrabarResultado> {
  const body = await http.post<unknown>('/notificaciones/Grabar_config', modulos, { silent: true });
  return {
    exito: body.exito !== false,
    mensaje: typeof body.mensaje === 'string' ? body.mensaje : body.message,
  };
}

export function useGrabarConfigNotificaciones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grabarConfigNotificaciones,
    onSettled: () => queryClient.invalidateQueries({ queryKey: configNotificacionesKeys.all }),
  });
}
