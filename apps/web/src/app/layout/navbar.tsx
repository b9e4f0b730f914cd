import { lazy, Suspense, useState } from 'react';
import { Button, Input, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { NotificationCenter } from '../notifications/notification-center.tsx';
import { useAppStore } from './app-store.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { ErrorLogButton } from './error-log-button.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { SizeSelect } from './size-select.tsx';
import { UserMenu } from './user-menu.tsx';

// The page search (an AutoComplete over the menu, with its fuzzy matcher) comes a moment after the shell;
// meanwhile the same box stands in its place, so nothing moves.
const HeaderSearch = lazy(() => import('./header-search.tsx').then((m) => ({ default: m.HeaderSearch })));
const headerSearchPlaceholder = (
  <Input className="header-search" prefix={<SearchOutlined />} placeholder="Buscar" aria-label="Buscar" readOnly />
);

// Loaded when first opened: the shell shows without it.
const SettingsDrawer = lazy(() => import('../settings/settings-drawer.tsx').then((m) => ({ default: m.SettingsDrawer })));

export function Navbar() {
  const opened = useAppStore((s) => s.sidebarOpened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsSeen, setSettingsSeen] = useState(false);

  return (
    <div className="navbar">
      <Button
        type="text"
        className="navbar-hamburger"
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={opened ? 'Cerrar menú lateral' : 'Abrir menú lateral'}
        aria-expanded={opened}
        onClick={toggleSidebar}
      />
      {mobile ? null : <Breadcrumbs />}
      <div className="navbar-right">
        <Suspense fallback={headerSearchPlaceholder}>
          <HeaderSearch />
        </Suspense>
        <ErrorLogButton />
        <NotificationCenter />
        {mobile ? null : <FullscreenButton />}
        {mobile ? null : <SizeSelect />}
        <Tooltip title="Configuración de la página">
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label="Configuración de la página"
            onClick={() => {
              setSettingsSeen(true);
              setSettingsOpen(true);
            }}
          />
        </Tooltip>
        <UserMenu compact={mobile} />
      </div>
      {settingsSeen && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
