import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { urlMaestro } from '@predio/contract/maestros/resource';
import { recurso } from '@predio/contract/maestros/resources';
import { http } from '../lib/http.ts';
import type { ConsultaOpciones, OpcionRemota } from './remote-select.tsx';

/**
 * A master's options for RemoteSelect: GET /maestros/<key>/opciones (any logged-in user may read them;
 * the server matches without accents), narrowed by `filtro`; with id, that one row. Under the master's
 * own cache key (['maestros', key]), so a write on its page refreshes these too.
 */
export const consultaMaestro =
  (key: string, filtro: Record<string, string> = {}): ConsultaOpciones =>
  (q, id) => {
    const f = id === undefined ? filtro : { ...filtro, id: String(id) };
    return queryOptions({
      queryKey: ['maestros', key, 'opciones', q, f] as QueryKey,
      queryFn: async ({ signal }) => {
        const params = new URLSearchParams({ ...f, ...(q ? { q } : {}) });
        return (await http.get<OpcionRemota[]>(urlMaestro(recurso(key), `/opciones?${params}`), { signal, silent: true })).data;
      },
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    });
  };
