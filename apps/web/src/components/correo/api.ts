import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CorreoEnCola, EstadoCola, EstadoCorreo } from '@predio/contract/correo';
import { http } from '../../lib/http.ts';

export const correoKeys = {
  all: ['correo'] as const,
  estado: () => [...correoKeys.all, 'estado'] as const,
  cola: (estado: EstadoCola | null) => [...correoKeys.all, 'cola', estado ?? 'todos'] as const,
};

/** Whether the server sends mail (and, to the administrator, what waits or failed). */
export function useEstadoCorreo() {
  return useQuery(
    queryOptions({
      queryKey: correoKeys.estado(),
      queryFn: async ({ signal }) => (await http.get<EstadoCorreo>('/correo/estado', { signal, silent: true })).data,
      staleTime: 60_000,
    }),
  );
}

export function useColaCorreos(estado: EstadoCola | null, activo: boolean) {
  return useQuery(
    queryOptions({
      queryKey: correoKeys.cola(estado),
      queryFn: async ({ signal }) =>
        (await http.get<CorreoEnCola[]>(`/correo/cola${estado ? `?estado=${estado}` : ''}`, { signal, silent: true })).data,
      enabled: activo,
    }),
  );
}
