import type { ConvertirSolicitud, SolicitudDetalle } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';
import { useAccionSolicitud } from './acciones-solicitud.ts';

/** POST /solicitudes/:numero/convertir: the request becomes a cliente atendido (lead). */
export async function convertirSolicitud(o: { numero: number } & Partial<ConvertirSolicitud>): Promise<SolicitudDetalle> {
  const { numero, ...body } = o;
  return (await http.post<SolicitudDetalle>(`/solicitudes/${numero}/convertir`, body, { silent: true })).data;
}

export const useConvertirSolicitud = () => useAccionSolicitud(convertirSolicitud);
