import { useMutation, useQueryClient } from '@tanstack/react-query';
import { urlMaestro, type ResourceDef } from '@predio/contract/maestros/resource';
import type { Item, Valores } from '@predio/contract/maestros/schemas';
import { http } from '../../../lib/http.ts';
import { keysAfectadas } from './get-maestros.ts';

/** POST /maestros/<recurso>. Silent: the form shows a rejection beside the fields it names. */
export async function crearMaestro(def: ResourceDef, valores: Valores): Promise<Item> {
  const body = await http.post<Item>(urlMaestro(def), valores, { silent: true });
  return body.data;
}

export function useCrearMaestro(def: ResourceDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (valores: Valores) => crearMaestro(def, valores),
    onSuccess: () => Promise.all(keysAfectadas(def).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
