import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermisosData } from '@predio/contract/usuarios';
import { http } from '../http.ts';

export const permisosPorUsuarioKeys = { all: ['usuarios', 'permisos-por-usuario'] as const };

export async function getPermisosPorUsuario(signal?: AbortSignal): Promise<PermisosData> {
  const body = await http.get<PermisosData>('/usuarios/GetPermisosPorUsuario', { signal });
  return body.data;
}

export function permisosPorUsuarioQueryOptions() {
  return queryOptions({
    queryKey: permisosPorUsuarioKeys.all,
    queryFn: ({ signal }) => getPermisosPorUsuario(signal),
    staleTime: Infinity,
  });
}

/** permisosPorUsuario of spec §3. */
export function usePermisosPorUsuario() {
  return useQuery(permisosPorUsuarioQueryOptions());
}
