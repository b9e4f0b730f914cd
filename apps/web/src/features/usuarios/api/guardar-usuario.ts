import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Usuario, UsuarioActualizar, UsuarioCrearInput } from '@predio/contract/usuarios';
import { http } from '../../../lib/http.ts';
import { usuariosKeys } from './get-usuarios.ts';

export type GuardarUsuario = { id: null; body: UsuarioCrearInput } | { id: number; body: UsuarioActualizar };

/** POST /usuarios to create, PUT /usuarios/:id to edit. The form shows the server's field errors itself. */
export async function guardarUsuario(g: GuardarUsuario): Promise<Usuario> {
  const body =
    g.id === null
      ? await http.post<Usuario>('/usuarios', g.body, { silent: true })
      : await http.put<Usuario>(`/usuarios/${g.id}`, g.body, { silent: true });
  return body.data;
}

export function useGuardarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarUsuario,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuariosKeys.all }),
  });
}
