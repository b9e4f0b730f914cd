import { useMutation } from '@tanstack/react-query';
import type { CambiarClave } from '@predio/contract/usuarios';
import { http } from '../../../lib/http.ts';

/** POST /usuarios/cambiar-clave: the logged-in user's own password; the form shows the errors itself. */
export async function cambiarClave(body: CambiarClave): Promise<void> {
  await http.post<null>('/usuarios/cambiar-clave', body, { silent: true });
}

export function useCambiarClave() {
  return useMutation({ mutationFn: cambiarClave });
}
