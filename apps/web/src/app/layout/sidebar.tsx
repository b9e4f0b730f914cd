import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link } from 'react-router';
import { APP_TITLE } from '@predio/contract/constants';
import { joinPath, type FlatRoute, type MenuNode } from '@predio/contract/menu';
import logo from '../../assets/logo.svg';
import { usePermisos } from '../../lib/session-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { menuLink, permittedMenu } from '../routes/menu-routes.ts';
import { useRouteHandle } from '../routes/route-handle.ts';
import { useAppStore } from './app-store.ts';
import { menuIcon } from './menu-icons.tsx';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], base: string): MenuItem[] {
  return nodes
    .filter((n) => n.hidden !== true)
    .map((n): MenuItem => {
      const fullPath = joinPath(base, n.path);
      if (n.children !== undefined) {
        // The whole title on hover: at 210 px a long one («Sincronizadores de portales») is cut.
        return {
          key: fullPath,
          icon: menuIcon(n.icon),
          label: (
            <span className="menu-titulo" title={n.title}>
              {n.title}
            </span>
          ),
          children: toItems(n.children, fullPath),
        };
      }
      const to = menuLink(fullPath);
      return {
        key: to,
        icon: menuIcon(n.icon),
        label: (
          <Link to={to} title={n.title}>
            {n.title}
          </Link>
        ),
      };
    });
}

/** Keys of the groups that contain a route, outermost first. */
function groupKeys(route: FlatRoute | undefined): string[] {
  const keys: string[] = [];
  let base = '/';
  for (const parent of route?.parents ?? []) {
    base = joinPath(base, parent.path);
    keys.push(base);
  }
  return keys;
}

export function Sidebar() {
  const permisos = usePermisos();
  const opened = useAppStore((s) => s.sidebarOpened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const showLogo = useSettings((s) => s.sidebarLogo);
  const route = useRouteHandle()?.route;
  const items = useMemo(() => toItems(permittedMenu(permisos), '/'), [permisos]);

  const selectedKey = route === undefined ? '' : menuLink(route.fullPath);
  const [openKeys, setOpenKeys] = useState<string[]>(() => groupKeys(route));
  const [openedFor, setOpenedFor] = useState(selectedKey);
  if (openedFor !== selectedKey) {
    setOpenedFor(selectedKey);
    setOpenKeys((keys) => [...new Set([...keys, ...groupKeys(route)])]);
  }

  const collapsed = !opened && !mobile;
  return (
    <aside className="shell-sidebar" aria-label="Menú principal">
      {showLogo ? (
        <Link to="/" className="sidebar-logo" aria-label={`${APP_TITLE}: ir a Inicio`}>
          <img src={logo} alt="" width={32} height={32} />
          {collapsed ? null : <span>{APP_TITLE}</span>}
        </Link>
      ) : null}
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={[selectedKey]}
        inlineCollapsed={collapsed}
        inlineIndent={18}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      />
    </aside>
  );
}
