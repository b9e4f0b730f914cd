import type { CambioEstadoSolicitud, SolicitudDetalle } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';
import { useAccionSolicitud } from './acciones-solicitud.ts';

export async function cambiarEstadoSolicitud(o: { numero: number } & CambioEstadoSolicitud): Promise<SolicitudDetalle> {
  const { numero, ...body } = o;
  return (await http.post<SolicitudDetalle>(`/solicitudes/${numero}/estado`, body, { silent: true })).data;
}

export const useCambiarEstadoSolicitud = () => useAccionSolicitud(cambiarEstadoSolicitud);
