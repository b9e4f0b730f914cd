import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notificacionesKeys } from './get-notificaciones.ts';

export async function leerTodas(): Promise<void> {
  await http.post<unknown>('/notificaciones/leer-todas');
}

export function useLeerTodas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leerTodas,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacionesKeys.bandeja }),
  });
}
