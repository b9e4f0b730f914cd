import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Usuario } from '@predio/contract/usuarios';
import { http } from '../../../lib/http.ts';
import { usuariosKeys } from './get-usuarios.ts';

/** Disabling also ends every open session of the user on the server. */
export async function cambiarEstadoUsuario(o: { id: number; activo: boolean }): Promise<Usuario> {
  return (await http.post<Usuario>(`/usuarios/${o.id}/${o.activo ? 'activar' : 'desactivar'}`)).data;
}

export function useCambiarEstadoUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarEstadoUsuario,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuariosKeys.all }),
  });
}
