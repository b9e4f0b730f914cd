import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InmuebleDetalle, InmuebleForm } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

export type GuardarInmueble = { consecutivo: number | null; version: number | null; valores: InmuebleForm };

/** Creates (consecutivo null) or saves an edit (with the version that was opened; needs the edit lock). */
export async function guardarInmueble(o: GuardarInmueble): Promise<InmuebleDetalle> {
  const opciones = { silent: true };
  return o.consecutivo === null
    ? (await http.post<InmuebleDetalle>('/inmuebles', o.valores, opciones)).data
    : (await http.put<InmuebleDetalle>(`/inmuebles/${o.consecutivo}`, { ...o.valores, version: o.version }, opciones)).data;
}

export function useGuardarInmueble() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarInmueble,
    onSuccess: (d) => queryClient.setQueryData(inmueblesKeys.detalle(d.consecutivo), { ...d, bloqueo: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inmueblesKeys.all }),
  });
}
