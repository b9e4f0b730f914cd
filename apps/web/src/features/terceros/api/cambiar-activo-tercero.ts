import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TerceroDetalle } from '@predio/contract/terceros';
import { http } from '../../../lib/http.ts';
import { tercerosKeys } from './get-terceros.ts';

export async function cambiarActivoTercero(o: { id: number; activo: boolean }): Promise<TerceroDetalle> {
  return (await http.put<TerceroDetalle>(`/terceros/${o.id}/activo`, { activo: o.activo })).data;
}

export function useCambiarActivoTercero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarActivoTercero,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tercerosKeys.all }),
  });
}
