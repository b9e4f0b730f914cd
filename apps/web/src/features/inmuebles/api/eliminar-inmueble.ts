import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EliminarInmueble, InmuebleEliminado } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

export async function eliminarInmueble(o: { consecutivo: number; body: EliminarInmueble }): Promise<InmuebleEliminado> {
  return (await http.post<InmuebleEliminado>(`/inmuebles/${o.consecutivo}/eliminar`, o.body, { silent: true })).data;
}

/** Once deleted, nothing asks for the property again; the lists and counters refresh. */
export function useEliminarInmueble() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eliminarInmueble,
    onSuccess: (_r, o) => {
      queryClient.removeQueries({ queryKey: inmueblesKeys.detalle(o.consecutivo) });
      return queryClient.invalidateQueries({ queryKey: inmueblesKeys.all });
    },
  });
}
