import { useMutation, useQueryClient } from '@tanstack/react-query';
import { urlMaestro, type ResourceDef } from '@predio/contract/maestros/resource';
import { http } from '../../../lib/http.ts';
import { keysAfectadas } from './get-maestros.ts';

/** DELETE /maestros/<recurso>/:id; 409 with the server's reason when something uses the row. Silent: the list explains. */
export async function eliminarMaestro(def: ResourceDef, id: number): Promise<void> {
  await http.delete<{ id: number }>(urlMaestro(def, `/${id}`), { silent: true });
}

export function useEliminarMaestro(def: ResourceDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => eliminarMaestro(def, id),
    onSuccess: () => Promise.all(keysAfectadas(def).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
