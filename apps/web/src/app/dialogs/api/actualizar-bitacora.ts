import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { bitacoraKeys } from './consultar-bitacora.ts';

export async function actualizarBitacora(): Promise<void> {
  await http.get<unknown>('/usuarios/actualizar_acepto_bitacora', { silent: true });
}

/** Marks the notice accepted; whatever the outcome the dialog closes (spec §4, §8). */
export function useActualizarBitacora() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actualizarBitacora,
    onSettled: () => queryClient.setQueryData(bitacoraKeys.consulta, ''),
  });
}
