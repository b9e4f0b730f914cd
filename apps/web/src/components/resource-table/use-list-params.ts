import { useCallback, useMemo } from 'react';
import type { ResourceDef } from '@predio/contract/maestros/resource';
import { useUrlEstado, type OpcionesCambio } from '../lista/use-url-estado.ts';
import { cambiarEstado, filtrosDe, parseListState, serializeListState, type ListState } from './list-params.ts';

/**
 * The list state of a resource screen, on the one URL-state hook (useUrlEstado): read from and written to
 * the URL, restored when the list is reopened, kept apart from other pages while its tab is hidden.
 */
export function useListParams(def: ResourceDef, path: string) {
  const [sp, set] = useUrlEstado(path);
  const state = useMemo(() => parseListState(def, sp), [def, sp]);

  const setState = useCallback(
    (cambio: Partial<ListState>, opciones: OpcionesCambio = {}) => {
      const next = new URLSearchParams(serializeListState(def, cambiarEstado(state, cambio)));
      const claves = ['q', ...filtrosDe(def).map((f) => f.key), 'sort', 'order', 'pageSize'];
      const url: Record<string, string | null> = Object.fromEntries(claves.map((k) => [k, next.get(k)]));
      if (Object.keys(cambio).every((k) => k === 'page')) url.page = next.get('page');
      set(url, opciones);
    },
    [def, state, set],
  );

  return [state, setState] as const;
}
