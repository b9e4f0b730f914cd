import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListResult } from '@predio/contract/list';
import { urlMaestro, type ResourceDef } from '@predio/contract/maestros/resource';
import { hijosDe } from '@predio/contract/maestros/resources';
import type { Item } from '@predio/contract/maestros/schemas';
import { http } from '../../../lib/http.ts';
import { listQueryString, type ListState } from '../../../components/resource-table/list-params.ts';

/** Every cache key of the masters: a write invalidates `all(recurso)` (its lists, rows and options). */
export const maestrosKeys = {
  all: (recurso: string) => ['maestros', recurso] as const,
  lists: (recurso: string) => [...maestrosKeys.all(recurso), 'lista'] as const,
  list: (recurso: string, query: string) => [...maestrosKeys.lists(recurso), query] as const,
  // Plain QueryKey: these feed the generic reference select, which takes any key.
  etiqueta: (recurso: string, id: number): QueryKey => [...maestrosKeys.all(recurso), 'etiqueta', id],
  opciones: (recurso: string, q: string): QueryKey => [...maestrosKeys.all(recurso), 'opciones', q],
};

/** The keys a write to `def` makes stale: its own, and the resources that show its labels (barrios show municipios). */
export const keysAfectadas = (def: ResourceDef) => [
  maestrosKeys.all(def.key),
  ...hijosDe(def.key).map((h) => maestrosKeys.all(h.def.key)),
];

/** GET /maestros/<recurso>?page&pageSize&sort&order&q&filters → { items, total }. The screen shows its own error. */
export async function getMaestros(def: ResourceDef, state: ListState, signal?: AbortSignal): Promise<ListResult<Item>> {
  const body = await http.get<ListResult<Item>>(`${urlMaestro(def)}?${listQueryString(def, state)}`, { signal, silent: true });
  return body.data;
}

export function maestrosQueryOptions(def: ResourceDef, state: ListState) {
  return queryOptions({
    queryKey: maestrosKeys.list(def.key, listQueryString(def, state)),
    queryFn: ({ signal }) => getMaestros(def, state, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useMaestros(def: ResourceDef, state: ListState) {
  return useQuery(maestrosQueryOptions(def, state));
}
