import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { PermisosData } from '@predio/contract/usuarios';
import { http } from '../http.ts';
import { useSession } from '../session-store.ts';

export const permisosEspecialesKeys = {
  all: ['usuarios', 'permisos-especiales'] as const,
  detail: (idUsuario: number) => [...permisosEspecialesKeys.all, idUsuario] as const,
};

export async function getPermisosEspeciales(idUsuario: number, signal?: AbortSignal): Promise<PermisosData> {
  const body = await http.get<PermisosData>(`/Usuarios/GetPermisosE/${idUsuario}`, { signal });
  return body.data;
}

export function permisosEspecialesQueryOptions(idUsuario: number | null) {
  return queryOptions({
    queryKey: permisosEspecialesKeys.detail(idUsuario ?? -1),
    queryFn: idUsuario === null ? skipToken : ({ signal }) => getPermisosEspeciales(idUsuario, signal),
    staleTime: Infinity,
  });
}

/** permisosEspeciales of spec §3 (GetPermisosE). */
export function usePermisosEspeciales() {
  const idUsuario = useSession((s) => s.claims?.idUsuario ?? null);
  return useQuery(permisosEspecialesQueryOptions(idUsuario));
}
