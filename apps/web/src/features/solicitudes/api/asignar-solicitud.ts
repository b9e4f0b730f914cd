import type { AsignarSolicitud, SolicitudDetalle } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';
import { useAccionSolicitud } from './acciones-solicitud.ts';

export async function asignarSolicitud(o: { numero: number } & AsignarSolicitud): Promise<SolicitudDetalle> {
  const { numero, ...body } = o;
  return (await http.post<SolicitudDetalle>(`/solicitudes/${numero}/asignar`, body, { silent: true })).data;
}

export const useAsignarSolicitud = () => useAccionSolicitud(asignarSolicitud);
