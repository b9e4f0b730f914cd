import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session-store.ts';

/** tipoVistaInmueblesBuscador: shown at once, remembered on the server for the next session. */
export async function guardarVista(tipo: number): Promise<void> {
  useSession.getState().setTipoVista(tipo);
  await http.put<{ tipoVistaInmueblesBuscador: number }>('/inmuebles-vista', { tipo }, { silent: true });
}

export function useGuardarVista() {
  return useMutation({ mutationFn: guardarVista });
}
