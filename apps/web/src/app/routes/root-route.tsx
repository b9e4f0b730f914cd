import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { APP_TITLE } from '@predio/contract/constants';
import { PageLoading } from '../../components/page-loading.tsx';
import { useRouteHandle } from './route-handle.ts';

/** Sets the browser title of every route: '<title> - Predio Web 3' (spec §1). */
export function RootRoute() {
  const handle = useRouteHandle();
  const title = handle === null ? APP_TITLE : `${handle.title} - ${APP_TITLE}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Suspense fallback={<PageLoading fullscreen />}>
      <Outlet />
    </Suspense>
  );
}
