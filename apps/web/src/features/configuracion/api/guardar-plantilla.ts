import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plantilla, PlantillaGuardar } from '@predio/contract/documentos';
import { http } from '../../../lib/http.ts';
import { plantillasKeys } from './get-plantillas.ts';

export function useGuardarPlantilla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: PlantillaGuardar }) =>
      (id === null
        ? await http.post<Plantilla>('/plantillas', body, { silent: true })
        : await http.put<Plantilla>(`/plantillas/${id}`, body, { silent: true })
      ).data,
    onSuccess: (p) => {
      queryClient.setQueryData(plantillasKeys.una(p.id), p);
      return queryClient.invalidateQueries({ queryKey: plantillasKeys.lista() });
    },
  });
}

export function useEliminarPlantilla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.delete<{ id: number }>(`/plantillas/${id}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plantillasKeys.all }),
  });
}
