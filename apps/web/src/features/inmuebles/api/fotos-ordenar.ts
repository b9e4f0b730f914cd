import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FotoInmueble } from '@predio/contract/inmuebles-archivos';
import { http } from '../../../lib/http.ts';
import { ordenarPorIds } from '../archivos/orden.ts';
import { fotosKeys } from './fotos-listar.ts';

export async function ordenarFotos(o: { consecutivo: number; ids: number[] }): Promise<FotoInmueble[]> {
  return (await http.put<FotoInmueble[]>(`/inmuebles/${o.consecutivo}/fotos/orden`, { ids: o.ids })).data;
}

/** Shows the new order at once; goes back to the server's order if it refuses (the client toasts why). */
export function useOrdenarFotos(consecutivo: number) {
  const queryClient = useQueryClient();
  const key = fotosKeys.lista(consecutivo);
  return useMutation({
    mutationFn: (ids: number[]) => ordenarFotos({ consecutivo, ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const antes = queryClient.getQueryData<FotoInmueble[]>(key);
      if (antes) queryClient.setQueryData(key, ordenarPorIds(antes, ids));
      return { antes };
    },
    onError: (_e, _ids, ctx) => {
      if (ctx?.antes) queryClient.setQueryData(key, ctx.antes);
    },
    onSuccess: (fotos) => queryClient.setQueryData(key, fotos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
