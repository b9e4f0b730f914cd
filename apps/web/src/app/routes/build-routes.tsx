import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AuthRedirectPage } from '../pages/auth-redirect-page.tsx';
import { RedirectPage } from '../pages/redirect-page.tsx';
import { PublicOnly, RequireAuth } from '../session/guards.tsx';
import { FirmarPublicoPage, LoginPage, NotFoundPage, UnauthorizedPage } from './public-pages.ts';
import { RootRoute } from './root-route.tsx';

// The shell (sidebar, navbar, tabs, notifications) is the larger part of the app's own code: /login and the
// public pages do without it.
const ShellLayout = lazy(() => import('../layout/shell-layout.tsx').then((m) => ({ default: m.ShellLayout })));

// The error page draws antd's Result with its illustrations, which no page needs to show first. It is
// fetched once the page has loaded, so it is at hand even if a later chunk of a newer build is missing.
const loadRouteErrorPage = () => import('../pages/route-error-page.tsx');
const LazyRouteErrorPage = lazy(() => loadRouteErrorPage().then((m) => ({ default: m.RouteErrorPage })));
if (typeof window !== 'undefined') {
  window.addEventListener('load', () => setTimeout(() => void loadRouteErrorPage().catch(() => undefined), 1000), { once: true });
}
const routeError = (
  <Suspense fallback={null}>
    <LazyRouteErrorPage />
  </Suspense>
);

// The zona clientes (issue 31) is another realm: its pages live outside the staff session's guards.
const PortalApp = lazy(() =>
  import('../../features/zona-clientes/portal/portal-app.tsx').then((m) => ({ default: m.PortalApp })),
);

/**
 * The route tree for one user (spec §2): without a token (pages null) everything but
 * /login and /auth-redirect leads to login; with one, only permitted pages exist (page-routes.tsx),
 * so a forbidden path is just an unknown one and ends in /404.
 */
export function buildRoutes(pages: RouteObject[] | null): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      errorElement: routeError,
      children: [
        { path: '/login', element: <PublicOnly page={<LoginPage />} />, handle: { title: 'Iniciar sesión' } },
        { path: '/auth-redirect', element: <AuthRedirectPage />, handle: { title: 'Redirigiendo' } },
        { path: '/zona-clientes/:empresa/*', element: <PortalApp />, handle: { title: 'Zona clientes' } },
        // Signers have no account: their link works logged in or not (issue 29).
        { path: '/firmar/:token', element: <FirmarPublicoPage />, handle: { title: 'Firmar documento' } },
        {
          element: <RequireAuth />,
          children: [
            { path: '/404', element: <NotFoundPage />, handle: { title: 'Página no encontrada' } },
            { path: '/401', element: <UnauthorizedPage />, handle: { title: 'Sin permiso' } },
            {
              element: <ShellLayout />,
              children: [
                { index: true, element: <Navigate to="/inicio" replace /> },
                { path: '/redirect/*', element: <RedirectPage />, handle: { title: 'Recargando' } },
                ...(pages ?? []),
              ],
            },
            { path: '*', element: <Navigate to="/404" replace /> },
          ],
        },
      ],
    },
  ];
}

/** Every path ends in the error page, with `error`: what the app shows when it could not load its pages. */
export function failedRoutes(error: unknown): RouteObject[] {
  return [
    {
      path: '*',
      errorElement: routeError,
      loader: () => {
        throw error;
      },
    },
  ];
}
