import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TerceroFormEntrada, TerceroGuardado } from '@predio/contract/terceros';
import { http } from '../../../lib/http.ts';
import { tercerosKeys } from './get-terceros.ts';

export type GuardarTercero = { id: number | null; version: number | null; valores: TerceroFormEntrada };

/** POST /terceros or PUT /terceros/:id with the version read; the form shows the errors beside the fields. */
export async function guardarTercero({ id, version, valores }: GuardarTercero): Promise<TerceroGuardado> {
  const body =
    id === null
      ? await http.post<TerceroGuardado>('/terceros', valores, { silent: true })
      : await http.put<TerceroGuardado>(`/terceros/${id}`, { ...valores, version }, { silent: true });
  return body.data;
}

export function useGuardarTercero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarTercero,
    onSuccess: (r) => queryClient.setQueryData(tercerosKeys.detail(r.tercero.id), r.tercero),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tercerosKeys.lists() }),
  });
}
