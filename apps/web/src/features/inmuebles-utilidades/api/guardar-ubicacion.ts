import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ubicacion } from '@predio/contract/inmuebles-utilidades';
import { http } from '../../../lib/http.ts';
import { utilidadesKeys } from './keys.ts';

type Guardada = { consecutivo: number; lat: number | null; lng: number | null; version: number };

export async function guardarUbicacion(o: { consecutivo: number; body: Ubicacion }): Promise<Guardada> {
  return (await http.put<Guardada>(`/inmuebles-utilidades/ubicacion/${o.consecutivo}`, o.body, { silent: true })).data;
}

export function useGuardarUbicacion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarUbicacion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: utilidadesKeys.ubicaciones() }),
  });
}
