import type { EliminarInmueble, InmuebleEliminado } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';

export async function eliminarInmueble(consecutivo: number, body: EliminarInmueble): Promise<InmuebleEliminado> {
  return (await http.post<InmuebleEliminado>(`/inmuebles/${consecutivo}/eliminar`, body, { silent: true })).data;
}
