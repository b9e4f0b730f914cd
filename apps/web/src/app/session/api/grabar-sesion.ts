import type { GrabarSesionBody } from '@predio/contract/usuarios';
import { http } from '../../../lib/http.ts';

/** The session record of spec §4; its result is ignored. */
export async function grabarSesion(body: GrabarSesionBody): Promise<void> {
  await http.post<unknown>('/Usuarios/grabar_sesion', body, { silent: true });
}
