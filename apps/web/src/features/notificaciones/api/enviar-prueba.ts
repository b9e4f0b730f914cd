import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Asks the server for a test in-app notification; it arrives live like any other. */
export async function enviarNotificacionPrueba(): Promise<void> {
  await http.post<unknown>('/notificaciones/prueba');
}

export function useEnviarNotificacionPrueba() {
  return useMutation({ mutationFn: enviarNotificacionPrueba });
}
