import { useEffect, useMemo, useRef } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session-store.ts';
import { buildRoutes } from './routes/build-routes.tsx';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The router is generated from the user's permisos, so it is rebuilt whenever the
 * token changes: that is the "reset router" of spec §4 on login and logout.
 */
export function AppRouter() {
  const token = useSession((s) => s.token);
  const permisos = useSession((s) => s.claims?.permisos ?? '');
  const router = useMemo(() => createBrowserRouter(buildRoutes(token === null ? null : permisos)), [token, permisos]);

  // Only a replaced router is disposed (a cleanup would also run on StrictMode's rehearsal unmount).
  const previous = useRef<Router | null>(null);
  useEffect(() => {
    if (previous.current !== null && previous.current !== router) previous.current.dispose();
    previous.current = router;
  }, [router]);

  // Server data belongs to the session: drop it once the logged-out router has replaced the pages.
  useEffect(() => {
    if (token === null) queryClient.clear();
  }, [token]);

  return <RouterProvider router={router} />;
}
