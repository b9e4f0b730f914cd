import { useCallback, useEffect, useMemo } from 'react';
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
  const set = useCallback(
    (cambio: Record<string, string | number | undefined | null>) => {
      const next = new URLSearchParams(search);
      for (const [k, v] of Object.entries(cambio)) {
        if (v === undefined || v === null || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      // Changing a criterion goes back to the first page.
      if (!('page' in cambio)) next.delete('page');
      const s = next.toString();
      ultimas.set(path, s);
      if (s !== search) void navigate({ pathname: path, search: s });
    },
    [navigate, path, search],
  );
  return [params, set] as const;
}
