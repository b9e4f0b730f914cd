import type { SolicitudDetalle } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';
import { useAccionSolicitud } from './acciones-solicitud.ts';

export async function agregarNotaSolicitud(o: { numero: number; nota: string }): Promise<SolicitudDetalle> {
  return (await http.post<SolicitudDetalle>(`/solicitudes/${o.numero}/notas`, { nota: o.nota }, { silent: true })).data;
}

export const useAgregarNotaSolicitud = () => useAccionSolicitud(agregarNotaSolicitud);
