import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { agendaKeys } from './citas.ts';

const claveFeed = [...agendaKeys.all, 'feed'] as const;
const clavePreferencias = [...agendaKeys.all, 'preferencias'] as const;

export function useFeed() {
  return useQuery({
    queryKey: claveFeed,
    queryFn: async ({ signal }) =>
      (await http.get<{ activo: boolean; creado_en: string | null }>('/citas/feed', { signal, silent: true })).data,
  });
}

export function useCrearFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<{ url: string }>('/citas/feed')).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: claveFeed }),
  });
}

export function useRevocarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.delete<{ activo: false }>('/citas/feed')).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: claveFeed }),
  });
}

export function usePreferencias() {
  return useQuery({
    queryKey: clavePreferencias,
    queryFn: async ({ signal }) => (await http.get<{ minutos: number }>('/citas/preferencias', { signal, silent: true })).data,
  });
}

export function useGuardarPreferencias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (minutos: number) => (await http.put<{ minutos: number }>('/citas/preferencias', { minutos })).data,
    onSuccess: (d) => queryClient.setQueryData(clavePreferencias, d),
  });
}
