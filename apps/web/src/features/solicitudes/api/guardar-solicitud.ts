import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SolicitudDetalle, SolicitudFormEntrada } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';
import { solicitudesKeys } from './get-solicitudes.ts';

export type GuardarSolicitud = { numero: number | null; version: number | null; valores: SolicitudFormEntrada };

/** POST /solicitudes or PUT /solicitudes/:numero with the version read; the form shows errors beside the fields. */
export async function guardarSolicitud({ numero, version, valores }: GuardarSolicitud): Promise<SolicitudDetalle> {
  if (numero === null) return (await http.post<SolicitudDetalle>('/solicitudes', valores, { silent: true })).data;
  const { id_asignado: _a, ...datos } = valores;
  return (await http.put<SolicitudDetalle>(`/solicitudes/${numero}`, { ...datos, version }, { silent: true })).data;
}

export function useGuardarSolicitud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarSolicitud,
    onSuccess: (d) => queryClient.setQueryData(solicitudesKeys.detail(d.numero), d),
    onSettled: () => queryClient.invalidateQueries({ queryKey: solicitudesKeys.lists() }),
  });
}
