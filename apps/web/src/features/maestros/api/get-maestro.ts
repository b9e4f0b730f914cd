import { queryOptions } from '@tanstack/react-query';
import { urlMaestro } from '@predio/contract/maestros/resource';
import { recurso } from '@predio/contract/maestros/resources';
import type { Item, Opcion } from '@predio/contract/maestros/schemas';
import { http } from '../../../lib/http.ts';
import { maestrosKeys } from './get-maestros.ts';

/** GET /maestros/<recurso>/:id. */
export async function getMaestro(key: string, id: number, signal?: AbortSignal): Promise<Item> {
  const body = await http.get<Item>(urlMaestro(recurso(key), `/${id}`), { signal, silent: true });
  return body.data;
}

/** A row as a select option, to name a reference that arrived as a bare id (a filter in a shared link). */
export function etiquetaQueryOptions(key: string, id: number) {
  const def = recurso(key);
  return queryOptions({
    queryKey: maestrosKeys.detail(key, id),
    queryFn: async ({ signal }): Promise<Opcion | null> => {
      const item = await getMaestro(key, id, signal).catch(() => null);
      if (item === null) return null;
      const detalle = def.detailField ? item[def.detailField] : undefined;
      return { id, label: String(item[def.labelField] ?? id), ...(typeof detalle === 'string' ? { detalle } : {}) };
    },
    staleTime: 5 * 60_000,
  });
}
