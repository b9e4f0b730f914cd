import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from '@predio/contract/list';
import type { Usuario } from '@predio/contract/usuarios';
import { http } from '../../../lib/http.ts';

export type UsuariosParams = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  activo?: boolean | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
};

export const usuariosKeys = {
  all: ['usuarios', 'admin'] as const,
  list: (p: UsuariosParams) => [...usuariosKeys.all, 'list', p] as const,
};

export function queryString(p: Record<string, string | number | boolean | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') s.set(k, String(v));
  return s.toString();
}

export async function getUsuarios(p: UsuariosParams, signal?: AbortSignal): Promise<ListResult<Usuario>> {
  return (await http.get<ListResult<Usuario>>(`/usuarios?${queryString(p)}`, { signal })).data;
}

export function usuariosQueryOptions(p: UsuariosParams) {
  return queryOptions({
    queryKey: usuariosKeys.list(p),
    queryFn: ({ signal }) => getUsuarios(p, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsuarios(p: UsuariosParams) {
  return useQuery(usuariosQueryOptions(p));
}
