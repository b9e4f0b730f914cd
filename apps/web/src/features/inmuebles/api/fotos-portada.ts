import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FotoInmueble } from '@predio/contract/inmuebles-archivos';
import { http } from '../../../lib/http.ts';
import { fotosKeys } from './fotos-listar.ts';

export async function usarComoPortada(o: { consecutivo: number; id: number }): Promise<FotoInmueble[]> {
  return (await http.put<FotoInmueble[]>(`/inmuebles/${o.consecutivo}/fotos/${o.id}/portada`)).data;
}

export function useUsarComoPortada(consecutivo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => usarComoPortada({ consecutivo, id }),
    onSuccess: (fotos) => queryClient.setQueryData(fotosKeys.lista(consecutivo), fotos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fotosKeys.lista(consecutivo) }),
  });
}
