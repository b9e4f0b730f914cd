import { useMutation, useQueryClient } from '@tanstack/react-query';
import { urlMaestro, type ResourceDef } from '@predio/contract/maestros/resource';
import type { Item, Valores } from '@predio/contract/maestros/schemas';
import { http, type RequestOptions } from '../../../lib/http.ts';
import { keysAfectadas } from './get-maestros.ts';

/** PUT /maestros/<recurso>/:id with the fields to change ({ activo: false } deactivates). */
export async function actualizarMaestro(
  def: ResourceDef,
  id: number,
  valores: Valores,
  options: RequestOptions = {},
): Promise<Item> {
  const body = await http.put<Item>(urlMaestro(def, `/${id}`), valores, options);
  return body.data;
}

/** The form's save: silent, since the form shows the server's rejection beside the fields. */
export function useActualizarMaestro(def: ResourceDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, valores }: { id: number; valores: Valores }) => actualizarMaestro(def, id, valores, { silent: true }),
    onSuccess: () => Promise.all(keysAfectadas(def).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** 'Activar' / 'Desactivar' from the list: a failure toasts the server's message. */
export function useCambiarActivoMaestro(def: ResourceDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, activo }: { id: number; activo: boolean }) => actualizarMaestro(def, id, { activo }),
    onSuccess: () => Promise.all(keysAfectadas(def).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
