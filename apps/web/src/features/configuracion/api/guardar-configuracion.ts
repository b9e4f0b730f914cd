import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Configuracion, ConfiguracionActualizar } from '@predio/contract/empresa';
import { configuracionKeys } from '../../../lib/api/get-configuracion.ts';
import { http } from '../../../lib/http.ts';

export async function guardarConfiguracion(body: ConfiguracionActualizar): Promise<Configuracion> {
  return (await http.put<Configuracion>('/configurarPredio/configuracion', body, { silent: true })).data;
}

/** objConfigurar is read by the whole app: saving refreshes it. */
export function useGuardarConfiguracion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarConfiguracion,
    onSuccess: (c) => {
      queryClient.setQueryData(configuracionKeys.all, c);
      return queryClient.invalidateQueries({ queryKey: configuracionKeys.all });
    },
  });
}
