import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { tercerosKeys } from './get-terceros.ts';

export async function eliminarTercero(id: number): Promise<void> {
  await http.delete<{ id: number }>(`/terceros/${id}`);
}

export function useEliminarTercero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eliminarTercero,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tercerosKeys.all }),
  });
}
