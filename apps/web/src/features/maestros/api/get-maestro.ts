import { queryOptions } from '@tanstack/react-query';
import { urlMaestro } from '@predio/contract/maestros/resource';
import { recurso } from '@predio/contract/maestros/resources';
import type { Opcion } from '@predio/contract/maestros/schemas';
import { http } from '../../../lib/http.ts';
import { maestrosKeys } from './get-maestros.ts';

/**
 * A row as a select option, to name a reference that arrived as a bare id (a filter in a shared link):
 * GET /opciones?id= answers any logged-in user, inactive rows included, unlike GET /:id.
 */
export function etiquetaQueryOptions(key: string, id: number) {
  return queryOptions({
    queryKey: maestrosKeys.etiqueta(key, id),
    queryFn: async ({ signal }): Promise<Opcion | null> => {
      const body = await http.get<Opcion[]>(urlMaestro(recurso(key), `/opciones?id=${id}`), { signal, silent: true });
      return body.data[0] ?? null;
    },
    staleTime: 5 * 60_000,
  });
}
