import { http } from '../../../lib/http.ts';

/** spec §4 logout: the result is ignored, so failures are silent too. */
export async function cerrarSesion(): Promise<void> {
  await http.get<unknown>('/Usuarios/cerrarsesion', { silent: true, promptRelogin: false });
}
