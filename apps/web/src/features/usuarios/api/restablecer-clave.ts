import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export async function restablecerClave(o: { id: number; clave: string }): Promise<{ sesionesCerradas: number }> {
  return (
    await http.post<{ sesionesCerradas: number }>(`/usuarios/${o.id}/restablecer-clave`, { clave: o.clave }, { silent: true })
  ).data;
}

export function useRestablecerClave() {
  return useMutation({ mutationFn: restablecerClave });
}
