import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FusionResultado } from '@predio/contract/terceros';
import { http } from '../../../lib/http.ts';
import { tercerosKeys } from './get-terceros.ts';

export async function fusionarTerceros(o: { conservar: number; eliminar: number }): Promise<FusionResultado> {
  return (await http.post<FusionResultado>('/terceros/fusionar', o)).data;
}

export function useFusionarTerceros() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fusionarTerceros,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tercerosKeys.all }),
  });
}
