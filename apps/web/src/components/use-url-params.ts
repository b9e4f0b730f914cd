import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

const ultimas = new Map<string, string>();

/**
 * The list state of a screen in its URL, so it can be shared and reloaded. A page kept alive in a hidden
 * tab keeps its own last query string instead of reading another page's.
 */
export function useUrlParams(path: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const visible = location.pathname === path;
  const search = visible ? location.search.replace(/^\?/, '') : (ultimas.get(path) ?? '');
  useEffect(() => {
    if (visible) ultimas.set(path, search);
  }, [visible, path, search]);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // The query string written by a change whose navigation has not rendered yet: a second change
  // made before that render (two in one handler, or clicks a few milliseconds apart) builds on it
  // instead of on the rendered one, which would lose the first change.
  const escrita = useRef<{ desde: string; s: string } | null>(null);
  useLayoutEffect(() => {
    escrita.current = null;
  }, [search]);
  const set = useCallback(
    (cambio: Record<string, string | number | undefined | null>) => {
      const base = escrita.current?.desde === search ? escrita.current.s : search;
      const next = new URLSearchParams(base);
      for (const [k, v] of Object.entries(cambio)) {
        if (v === undefined || v === null || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      // Changing a criterion goes back to the first page.
      if (!('page' in cambio)) next.delete('page');
      const s = next.toString();
      ultimas.set(path, s);
      if (s === base) return;
      escrita.current = { desde: search, s };
      void navigate({ pathname: path, search: s });
    },
    [navigate, path, search],
  );
  return [params, set] as const;
}
