import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

// The pages outside the menu, reachable without a session. The menu's pages are in page-registry.ts, which
// only a session loads.
export const LoginPage: Page = lazy(() => import('../../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
/** The public signing page (issue 29): a signer opens it from their e-mailed link, without an account. */
export const FirmarPublicoPage: Page = lazy(() =>
  import('../../features/firmas/firmar-publico-page.tsx').then((m) => ({ default: m.FirmarPublicoPage })),
);
export const NotFoundPage: Page = lazy(() => import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));
export const UnauthorizedPage: Page = lazy(() =>
  import('../pages/unauthorized-page.tsx').then((m) => ({ default: m.UnauthorizedPage })),
);
