import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { documentosKeys } from './documentos-listar.ts';

export async function eliminarDocumento(o: { consecutivo: number; id: number }): Promise<void> {
  await http.delete<{ id: number }>(`/inmuebles/${o.consecutivo}/documentos/${o.id}`);
}

export function useEliminarDocumento(consecutivo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => eliminarDocumento({ consecutivo, id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentosKeys.lista(consecutivo) }),
  });
}
