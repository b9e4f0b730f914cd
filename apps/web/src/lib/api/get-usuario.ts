import { queryOptions } from '@tanstack/react-query';
import type { GetUsuarioData } from '@predio/contract/usuarios';
import { http } from '../http.ts';

export const usuarioKeys = { all: ['usuarios', 'get-usuario'] as const };

export async function getUsuario(signal?: AbortSignal): Promise<GetUsuarioData> {
  // The route guard shows its own toast and sends the user to login (spec §2).
  const body = await http.get<GetUsuarioData>('/Usuarios/GetUsuario', { signal, silent: true, promptRelogin: false });
  return body.data;
}

export function usuarioQueryOptions() {
  return queryOptions({ queryKey: usuarioKeys.all, queryFn: ({ signal }) => getUsuario(signal), staleTime: Infinity });
}
