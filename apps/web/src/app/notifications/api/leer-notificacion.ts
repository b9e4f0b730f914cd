import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notificacionesKeys } from './get-notificaciones.ts';

export async function leerNotificacion(id: number): Promise<void> {
  await http.post<unknown>(`/notificaciones/${id}/leer`);
}

export function useLeerNotificacion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leerNotificacion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacionesKeys.bandeja }),
  });
}
