import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsuarioOpcion } from '@predio/contract/empresa';
import { http } from '../../../lib/http.ts';

export const usuariosOpcionesKeys = { all: ['empresa', 'usuarios-opciones'] as const };

export async function getUsuariosOpciones(signal?: AbortSignal): Promise<UsuarioOpcion[]> {
  return (await http.get<UsuarioOpcion[]>('/empresa/usuarios-opciones', { signal })).data;
}

export function useUsuariosOpciones() {
  return useQuery(
    queryOptions({ queryKey: usuariosOpcionesKeys.all, queryFn: ({ signal }) => getUsuariosOpciones(signal), staleTime: 30_000 }),
  );
}
