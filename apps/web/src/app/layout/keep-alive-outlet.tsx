import { Activity, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useTagsView } from '../../lib/tags-view-store.ts';
import { PageLoading } from '../../components/page-loading.tsx';

type Entry = { path: string; element: ReactNode };

/**
 * Renders the current page and keeps the pages of cached tabs mounted but hidden, so
 * switching tabs does not lose their state (spec §4 "Tab history"). A page leaves the
 * cache when its tab closes, on 'Recargar', or when it is flagged noCache.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cachedViews = useTagsView((s) => s.cachedViews);
  const [entries, setEntries] = useState<Entry[]>([]);

  const keep = (path: string) => path === pathname || cachedViews.includes(path);
  if (outlet !== null && !entries.some((e) => e.path === pathname)) {
    setEntries([...entries.filter((e) => keep(e.path)), { path: pathname, element: outlet }]);
  }

  return entries
    .filter((e) => keep(e.path))
    .map((e) => (
      <Activity key={e.path} mode={e.path === pathname ? 'visible' : 'hidden'}>
        <Suspense fallback={<PageLoading />}>{e.element}</Suspense>
      </Activity>
    ));
}
