import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FlatRoute } from '@predio/contract/menu';

type Page = LazyExoticComponent<ComponentType>;

/** Menu `component` keys → lazily loaded pages. A leaf without one shows the construction page. */
export const PAGES: Record<string, Page> = {
  inicio: lazy(() => import('../../features/inicio/inicio-page.tsx').then((m) => ({ default: m.InicioPage }))),
  soporte: lazy(() => import('../../features/soporte/soporte-page.tsx').then((m) => ({ default: m.SoportePage }))),
  'notificaciones-config': lazy(() =>
    import('../../features/notificaciones/notificaciones-config-page.tsx').then((m) => ({
      default: m.NotificacionesConfigPage,
    })),
  ),
  perfil: lazy(() => import('../../features/perfil/perfil-page.tsx').then((m) => ({ default: m.PerfilPage }))),
};

export const ConstructionPage: LazyExoticComponent<ComponentType<{ route: FlatRoute }>> = lazy(() =>
  import('../pages/construction-page.tsx').then((m) => ({ default: m.ConstructionPage })),
);
export const LoginPage: Page = lazy(() => import('../../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
export const NotFoundPage: Page = lazy(() => import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));
export const UnauthorizedPage: Page = lazy(() =>
  import('../pages/unauthorized-page.tsx').then((m) => ({ default: m.UnauthorizedPage })),
);
