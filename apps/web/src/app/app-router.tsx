import { useEffect, useMemo, useRef, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session-store.ts';
import { buildRoutes, failedRoutes } from './routes/build-routes.tsx';
import type * as PageRoutesModule from './routes/page-routes.tsx';

type Router = ReturnType<typeof createBrowserRouter>;
type PageRoutes = typeof PageRoutesModule;

// The menu and its page registry belong to a session, so /login starts without them; with a token they are
// asked for as the app starts, beside its first render.
let pageRoutesLoaded: PageRoutes | null = null;
let pageRoutesLoading: Promise<PageRoutes> | null = null;
function loadPageRoutes(): Promise<PageRoutes> {
  pageRoutesLoading ??= import('./routes/page-routes.tsx').then((m) => (pageRoutesLoaded = m));
  return pageRoutesLoading;
}
if (useSession.getState().token !== null) void loadPageRoutes();

/**
 * The router is generated from the user's permisos, so it is rebuilt whenever the
 * token changes: that is the "reset router" of spec §4 on login and logout.
 */
export function AppRouter() {
  const token = useSession((s) => s.token);
  const permisos = useSession((s) => s.claims?.permisos ?? '');
  const [pageRoutes, setPageRoutes] = useState(pageRoutesLoaded);
  const [loadError, setLoadError] = useState<unknown>(null);
  useEffect(() => {
    if (token !== null && pageRoutes === null) loadPageRoutes().then(setPageRoutes, setLoadError);
  }, [token, pageRoutes]);

  const router = useMemo(() => {
    if (token === null) return createBrowserRouter(buildRoutes(null));
    // Shown as a page that crashed: the error page offers to reload.
    if (loadError !== null) return createBrowserRouter(failedRoutes(loadError));
    return pageRoutes === null ? null : createBrowserRouter(buildRoutes(pageRoutes.pageRoutes(permisos)));
  }, [token, permisos, pageRoutes, loadError]);

  // Only a replaced router is disposed (a cleanup would also run on StrictMode's rehearsal unmount).
  const previous = useRef<Router | null>(null);
  useEffect(() => {
    if (router === null) return;
    if (previous.current !== null && previous.current !== router) previous.current.dispose();
    previous.current = router;
  }, [router]);

  // Server data belongs to the session: drop it once the logged-out router has replaced the pages.
  useEffect(() => {
    if (token === null) queryClient.clear();
  }, [token]);

  return router === null ? <PageLoading fullscreen /> : <RouterProvider router={router} />;
}
