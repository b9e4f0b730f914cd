import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Auditoria, AuditoriaFiltros } from '@predio/contract/auditoria';
import type { ListResult } from '@predio/contract/list';
import { http } from '../../../lib/http.ts';

export type AuditoriaParams = AuditoriaFiltros & {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
};

export const auditoriaKeys = {
  all: ['auditoria'] as const,
  list: (p: AuditoriaParams) => [...auditoriaKeys.all, 'list', p] as const,
  valores: () => [...auditoriaKeys.all, 'valores'] as const,
};

export function queryString(p: Record<string, string | number | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') s.set(k, String(v));
  return s.toString();
}

export async function getAuditoria(p: AuditoriaParams, signal?: AbortSignal): Promise<ListResult<Auditoria>> {
  return (await http.get<ListResult<Auditoria>>(`/auditoria?${queryString(p)}`, { signal })).data;
}

export function useAuditoria(p: AuditoriaParams) {
  return useQuery(
    queryOptions({
      queryKey: auditoriaKeys.list(p),
      queryFn: ({ signal }) => getAuditoria(p, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

type Valores = { usuarios: string[]; entidades: string[]; acciones: string[] };

export async function getValores(signal?: AbortSignal): Promise<Valores> {
  return (await http.get<Valores>('/auditoria/valores', { signal })).data;
}

/** The users, entities and actions that appear in the log, for the filters. */
export function useAuditoriaValores() {
  return useQuery(
    queryOptions({ queryKey: auditoriaKeys.valores(), queryFn: ({ signal }) => getValores(signal), staleTime: 30_000 }),
  );
}
