import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FotoInmueble } from '@predio/contract/inmuebles-archivos';
import { http } from '../../../lib/http.ts';
import { fotosKeys } from './fotos-listar.ts';

export async function eliminarFoto(o: { consecutivo: number; id: number }): Promise<FotoInmueble[]> {
  return (await http.delete<FotoInmueble[]>(`/inmuebles/${o.consecutivo}/fotos/${o.id}`)).data;
}

export function useEliminarFoto(consecutivo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => eliminarFoto({ consecutivo, id }),
    onSuccess: (fotos) => queryClient.setQueryData(fotosKeys.lista(consecutivo), fotos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fotosKeys.lista(consecutivo) }),
  });
}
