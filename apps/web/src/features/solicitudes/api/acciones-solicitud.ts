import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SolicitudDetalle } from '@predio/contract/solicitudes';
import { solicitudesKeys } from './get-solicitudes.ts';

/** A change that answers with the whole request: the detail is replaced and the lists refetched. */
export function useAccionSolicitud<V>(fn: (v: V) => Promise<SolicitudDetalle>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (d) => queryClient.setQueryData(solicitudesKeys.detail(d.numero), d),
    onSettled: () => queryClient.invalidateQueries({ queryKey: solicitudesKeys.lists() }),
  });
}
