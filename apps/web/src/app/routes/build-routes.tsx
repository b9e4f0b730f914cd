import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { FlatRoute } from '@predio/contract/menu';
import { ShellLayout } from '../layout/shell-layout.tsx';
import { AuthRedirectPage } from '../pages/auth-redirect-page.tsx';
import { RedirectPage } from '../pages/redirect-page.tsx';
import { RouteErrorPage } from '../pages/route-error-page.tsx';
import { PublicOnly, RequireAuth } from '../session/guards.tsx';
import { MenuRouteElement } from './menu-route-element.tsx';
import { permittedRoutes } from './menu-routes.ts';
import { FirmarPublicoPage, LoginPage, NotFoundPage, UnauthorizedPage } from './page-registry.ts';
import { RootRoute } from './root-route.tsx';
import type { RouteHandle } from './route-handle.ts';

// The zona clientes (issue 31) is another realm: its pages live outside the staff session's guards.
const PortalApp = lazy(() =>
  import('../../features/zona-clientes/portal/portal-app.tsx').then((m) => ({ default: m.PortalApp })),
);

function menuRoute(route: FlatRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, route };
  return { path: route.fullPath, element: <MenuRouteElement route={route} />, handle };
}

/**
 * The route tree for one user (spec §2): without a token (permisos null) everything but
 * /login and /auth-redirect leads to login; with one, only permitted pages exist, so a
 * forbidden path is just an unknown one and ends in /404.
 */
export function buildRoutes(permisos: string | null): RouteObject[] {
  const pages = permisos === null ? [] : permittedRoutes(permisos).map(menuRoute);
  return [
    {
      element: <RootRoute />,
      errorElement: <RouteErrorPage />,
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
                ...pages,
              ],
            },
            { path: '*', element: <Navigate to="/404" replace /> },
          ],
        },
      ],
    },
  ];
}
