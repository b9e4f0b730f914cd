import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Advertencia } from '@predio/contract/terceros';
import { http } from '../../../lib/http.ts';
import { tercerosKeys } from './get-terceros.ts';

export type DuplicadosBusqueda = { nro_id?: string; email?: string; celular?: string; excluir?: number };

export async function getDuplicados(b: DuplicadosBusqueda, signal?: AbortSignal): Promise<Advertencia[]> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(b)) if (v !== undefined && v !== '') q.set(k, String(v));
  return (await http.get<Advertencia[]>(`/terceros/duplicados?${q}`, { signal, silent: true })).data;
}

/** Possible duplicates while the form is typed (the caller debounces the values). */
export function useDuplicados(b: DuplicadosBusqueda) {
  const activa = Boolean(b.nro_id || b.email || (b.celular && b.celular.replace(/\D/g, '').length >= 7));
  const clave = Object.fromEntries(Object.entries(b).map(([k, v]) => [k, String(v ?? '')]));
  return useQuery(
    queryOptions({
      queryKey: tercerosKeys.duplicados(clave),
      queryFn: ({ signal }) => getDuplicados(b, signal),
      enabled: activa,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
  );
}
