import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstadoTrabajo, Trabajo } from '@predio/contract/trabajos';
import { http } from '../../../lib/http.ts';

export const trabajosKeys = {
  all: ['trabajos'] as const,
  list: (estado: EstadoTrabajo | undefined) => [...trabajosKeys.all, 'list', estado ?? null] as const,
};

export async function getTrabajos(estado: EstadoTrabajo | undefined, signal?: AbortSignal): Promise<Trabajo[]> {
  return (await http.get<Trabajo[]>(`/trabajos${estado ? `?estado=${estado}` : ''}`, { signal })).data;
}

/** The company's recent and failed background jobs (company administrator). */
export function useTrabajos(estado: EstadoTrabajo | undefined) {
  return useQuery(
    queryOptions({
      queryKey: trabajosKeys.list(estado),
      queryFn: ({ signal }) => getTrabajos(estado, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export async function reintentarTrabajo(id: number): Promise<void> {
  await http.post(`/trabajos/${id}/reintentar`);
}

export function useReintentarTrabajo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reintentarTrabajo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trabajosKeys.all }),
  });
}
