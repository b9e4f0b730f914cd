import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ResourceDef } from '@predio/contract/maestros/resource';
import { getToken } from '../../lib/token.ts';
import { cambiarEstado, parseListState, serializeListState, type ListState } from './list-params.ts';

/**
 * Last query string of each list in this tab: a bare link (a menu entry, a page tab) reopens it as it was left.
 * Keyed by session too: logging out does not reload the page, and another company's ids mean nothing.
 */
const ultimas = new Map<string, string>();

const sinSigno = (search: string) => search.replace(/^\?/, '');

/**
 * The list state of a resource screen, read from and written to the URL. A page kept alive in a hidden tab
 * keeps its own state instead of reading another page's query string.
 */
export function useListParams(def: ResourceDef, path: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const visible = location.pathname === path;
  const clave = `${getToken() ?? ''} ${path}`;
  const search = visible ? sinSigno(location.search) : (ultimas.get(clave) ?? '');
  const state = useMemo(() => parseListState(def, search), [def, search]);

  useEffect(() => {
    if (!visible) return;
    const guardada = ultimas.get(clave);
    if (search === '' && guardada) void navigate({ pathname: path, search: guardada }, { replace: true });
    else ultimas.set(clave, search);
  }, [visible, search, path, clave, navigate]);

  const setState = useCallback(
    (cambio: Partial<ListState>, opciones: { replace?: boolean } = {}) => {
      const next = serializeListState(def, cambiarEstado(parseListState(def, search), cambio));
      if (next === search) return;
      // Written before navigating so that clearing every criterion is not undone by the restore above.
      ultimas.set(clave, next);
      void navigate({ pathname: path, search: next }, { replace: opciones.replace === true });
    },
    [def, path, clave, search, navigate],
  );

  return [state, setState] as const;
}
