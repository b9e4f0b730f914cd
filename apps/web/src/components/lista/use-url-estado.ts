import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getToken } from '../../lib/token.ts';

/**
 * Last query string of each page in this tab. A page kept alive in a hidden tab keeps showing its own
 * state instead of reading another page's, and a bare link to it (a menu entry) reopens it as it was left.
 * Keyed by session too: logging out does not reload the page, and another company's ids mean nothing.
 */
const ultimas = new Map<string, string>();

const sinSigno = (search: string) => search.replace(/^\?/, '');

export type CambioUrl = Record<string, string | number | undefined | null>;
export type OpcionesCambio = { replace?: boolean };

/**
 * The one place where a page's state meets its URL: read the query string of `path`, change some keys of
 * it. Changing anything but `page` goes back to the first page. `efimeras`: keys not brought back when the
 * page is reopened from a bare link (an open drawer, a presentation mode). `restaurar: false` for a page
 * whose filter must not come back on its own (the client-statistics filter expires after 5 minutes).
 */
export function useUrlEstado(path: string, efimeras: readonly string[] = [], restaurar = true) {
  const location = useLocation();
  const navigate = useNavigate();
  const visible = location.pathname === path;
  const clave = `${getToken() ?? ''} ${path}`;
  const search = visible ? sinSigno(location.search) : (ultimas.get(clave) ?? '');
  const efimerasTxt = efimeras.join(',');

  useEffect(() => {
    if (!visible) return;
    const guardada = ultimas.get(clave);
    if (search === '' && guardada && restaurar) {
      const p = new URLSearchParams(guardada);
      for (const k of efimerasTxt.split(',')) if (k) p.delete(k);
      const s = p.toString();
      ultimas.set(clave, s);
      if (s !== '') void navigate({ pathname: path, search: s }, { replace: true });
    } else ultimas.set(clave, search);
  }, [visible, search, path, clave, efimerasTxt, restaurar, navigate]);

  const params = useMemo(() => new URLSearchParams(search), [search]);
  // The query string written by a change whose navigation has not rendered yet: a second change made
  // before that render (two in one handler, or clicks a few milliseconds apart) builds on it instead of
  // on the rendered one, which would lose the first change.
  const escrita = useRef<{ desde: string; s: string } | null>(null);
  useLayoutEffect(() => {
    escrita.current = null;
  }, [search]);

  const set = useCallback(
    (cambio: CambioUrl, opciones: OpcionesCambio = {}) => {
      const base = escrita.current?.desde === search ? escrita.current.s : search;
      const next = new URLSearchParams(base);
      for (const [k, v] of Object.entries(cambio)) {
        if (v === undefined || v === null || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      if (!('page' in cambio)) next.delete('page');
      const s = next.toString();
      // Written before navigating, so that clearing every criterion is not undone by the restore above.
      ultimas.set(clave, s);
      if (s === base) return;
      escrita.current = { desde: search, s };
      void navigate({ pathname: path, search: s }, { replace: opciones.replace === true });
    },
    [navigate, path, clave, search],
  );
  return [params, set] as const;
}

/** Forgets every page's last URL (each test starts from a fresh tab). */
export function olvidarUrlEstado(): void {
  ultimas.clear();
}
