import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notificacion } from '@predio/contract/notificaciones';
import { http } from '../../../lib/http.ts';

export type Bandeja = { items: Notificacion[]; noLeidas: number };

export const notificacionesKeys = { bandeja: ['notificaciones', 'bandeja'] as const };

export async function getNotificaciones(signal?: AbortSignal): Promise<Bandeja> {
  const body = await http.get<Bandeja>('/notificaciones', { signal });
  return body.data;
}

export function notificacionesQueryOptions() {
  return queryOptions({ queryKey: notificacionesKeys.bandeja, queryFn: ({ signal }) => getNotificaciones(signal) });
}

/** The latest in-app notifications and the unread count. */
export function useNotificaciones() {
  return useQuery(notificacionesQueryOptions());
}
