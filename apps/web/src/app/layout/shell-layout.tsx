import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePermisos } from '../../lib/session-store.ts';
import { useTagsView, type TagView } from '../../lib/tags-view-store.ts';
import { BitacoraDialog, useBitacoraPending } from '../dialogs/bitacora-dialog.tsx';
import { NotificationPermission } from '../dialogs/notification-permission.tsx';
import { permittedRoutes } from '../routes/menu-routes.ts';
import { useRouteHandle } from '../routes/route-handle.ts';
import { useSessionRecord } from '../session/use-session-record.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useAppStore } from './app-store.ts';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';
import { TagsView } from './tags-view.tsx';
import { useResponsiveSidebar } from './use-responsive-sidebar.ts';

/** Registers each visited page as a tab; the affix pages are always there (spec §2). */
function useVisitedViews(): void {
  const permisos = usePermisos();
  const { pathname } = useLocation();
  const route = useRouteHandle()?.route;

  useEffect(() => {
    if (useTagsView.getState().visitedViews.length > 0) return;
    const affix: TagView[] = permittedRoutes(permisos)
      .filter((r) => r.affix === true)
      .map((r) => ({ path: r.fullPath, title: r.title, affix: true, noCache: r.noCache === true }));
    useTagsView.getState().reset(affix);
  }, [permisos]);

  useEffect(() => {
    if (route === undefined) return;
    useTagsView
      .getState()
      .addView({ path: pathname, title: route.title, affix: route.affix === true, noCache: route.noCache === true });
  }, [pathname, route]);
}

export function ShellLayout() {
  useResponsiveSidebar();
  useVisitedViews();
  useSessionRecord();
  const opened = useAppStore((s) => s.sidebarOpened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const bitacoraPending = useBitacoraPending();

  const classes = ['shell', mobile ? 'shell--mobile' : 'shell--desktop', opened ? 'shell--open' : 'shell--closed'];
  if (fixedHeader) classes.push('shell--fixed-header');
  return (
    <div className={classes.join(' ')}>
      {mobile && opened ? <div className="shell-mask" aria-hidden="true" onClick={closeSidebar} /> : null}
      <Sidebar />
      <div className="shell-main">
        <header className="shell-header">
          <Navbar />
          {tagsView ? <TagsView /> : null}
        </header>
        <main className="shell-content">
          <NotificationPermission waiting={bitacoraPending} />
          <KeepAliveOutlet />
        </main>
      </div>
      <BitacoraDialog />
    </div>
  );
}
