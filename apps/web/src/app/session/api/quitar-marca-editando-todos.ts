import { http } from '../../../lib/http.ts';

/** Releases every property this user holds open for editing (spec §4 logout). */
export async function quitarMarcaEditandoTodos(): Promise<void> {
  await http.get<unknown>('/inmueble/quitarMarcaEditandoTodos', { silent: true, promptRelogin: false });
}
