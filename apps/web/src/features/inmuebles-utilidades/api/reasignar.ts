import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reasignar, ReasignarResultado } from '@predio/contract/inmuebles-utilidades';
import { http } from '../../../lib/http.ts';
import { utilidadesKeys } from './keys.ts';

export async function reasignar(body: Reasignar): Promise<ReasignarResultado> {
  return (await http.post<ReasignarResultado>('/inmuebles-utilidades/reasignar', body, { timeoutMs: 60_000 })).data;
}

export function useReasignar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reasignar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: utilidadesKeys.all }),
  });
}
