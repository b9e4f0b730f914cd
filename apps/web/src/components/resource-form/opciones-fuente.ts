import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { Opcion } from '@predio/contract/maestros/schemas';

/**
 * Where reference selects get their options. The feature that owns the API calls provides it, so these
 * generic components stay free of endpoints and cache keys.
 */
export type OpcionesFuente = {
  /** Active rows of resource `ref` matching `q` (GET /maestros/<ref>/opciones). */
  opciones: (ref: string, q: string) => UseQueryOptions<Opcion[], Error, Opcion[], QueryKey>;
  /** One row of `ref` by id, to name a value that came from elsewhere (a filter in a shared URL). */
  etiqueta: (ref: string, id: number) => UseQueryOptions<Opcion | null, Error, Opcion | null, QueryKey>;
};
