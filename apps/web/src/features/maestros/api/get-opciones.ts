import { queryOptions } from '@tanstack/react-query';
import { urlMaestro } from '@predio/contract/maestros/resource';
import { recurso } from '@predio/contract/maestros/resources';
import type { Opcion } from '@predio/contract/maestros/schemas';
import { http } from '../../../lib/http.ts';
import { maestrosKeys } from './get-maestros.ts';

/** GET /maestros/<recurso>/opciones?q= → the active rows matching q (at most 50), for a select. */
export async function getOpciones(key: string, q: string, signal?: AbortSignal): Promise<Opcion[]> {
  const query = q === '' ? '' : `?${new URLSearchParams({ q }).toString()}`;
  const body = await http.get<Opcion[]>(urlMaestro(recurso(key), `/opciones${query}`), { signal });
  return body.data;
}

export function opcionesQueryOptions(key: string, q: string) {
  return queryOptions({
    queryKey: maestrosKeys.opciones(key, q),
    queryFn: ({ signal }) => getOpciones(key, q, signal),
    staleTime: 60_000,
  });
}
