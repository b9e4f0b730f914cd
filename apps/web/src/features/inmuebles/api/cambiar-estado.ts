import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CambioEstado, InmuebleDetalle } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

export async function cambiarEstado(o: { consecutivo: number; cambio: CambioEstado }): Promise<InmuebleDetalle> {
  return (await http.post<InmuebleDetalle>(`/inmuebles/${o.consecutivo}/estado`, o.cambio, { silent: true })).data;
}

export function useCambiarEstado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarEstado,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inmueblesKeys.all }),
  });
}
