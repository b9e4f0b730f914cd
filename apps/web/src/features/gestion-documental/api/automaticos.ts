import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrigenAutomatico, ReglaAutomatica, ReglaAutomaticaFormIn } from '@predio/contract/gestion-documental-automaticos';
import { http } from '../../../lib/http.ts';

const URL = '/gestion-documental/subseries-automaticas';
const clave = ['gd-subseries-automaticas'] as const;
type Datos = { reglas: ReglaAutomatica[]; origenes: { clave: OrigenAutomatico; etiqueta: string }[] };

export const useReglasAutomaticas = () =>
  useQuery({ queryKey: clave, queryFn: async ({ signal }) => (await http.get<Datos>(URL, { signal, silent: true })).data });

export function useGuardarReglaAutomatica() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (o: { id: number | null; body: ReglaAutomaticaFormIn }) =>
      o.id === null
        ? (await http.post<ReglaAutomatica>(URL, o.body, { silent: true })).data
        : (await http.put<ReglaAutomatica>(`${URL}/${o.id}`, o.body, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: clave }),
  });
}

export function useBorrarReglaAutomatica() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.delete<{ id: number }>(`${URL}/${id}`)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: clave }),
  });
}
