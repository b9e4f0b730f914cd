import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agencia, AgenciaGuardar } from '@predio/contract/empresa';
import { agenciasKeys } from '../../../lib/api/get-agencias.ts';
import { http } from '../../../lib/http.ts';

export async function guardarAgencia(o: { id: number | null; body: Partial<AgenciaGuardar> }): Promise<Agencia> {
  const r =
    o.id === null
      ? await http.post<Agencia>('/empresa/agencias', o.body, { silent: true })
      : await http.put<Agencia>(`/empresa/agencias/${o.id}`, o.body, { silent: true });
  return r.data;
}

export async function eliminarAgencia(id: number): Promise<void> {
  await http.delete<unknown>(`/empresa/agencias/${id}`, { silent: true });
}

export function useGuardarAgencia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarAgencia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agenciasKeys.all }),
  });
}

export function useEliminarAgencia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eliminarAgencia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agenciasKeys.all }),
  });
}
