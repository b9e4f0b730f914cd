import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { NotificationCenter } from '../notifications/notification-center.tsx';
import { SettingsDrawer } from '../settings/settings-drawer.tsx';
import { useAppStore } from './app-store.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { ErrorLogButton } from './error-log-button.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { HeaderSearch } from './header-search.tsx';
import { SizeSelect } from './size-select.tsx';
import { UserMenu } from './user-menu.tsx';

export function Navbar() {
  const opened = useAppStore((s) => s.sidebarOpened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const [settingsOpen, setSettingsOpen] = useState(false);

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
        <HeaderSearch />
        <ErrorLogButton />
        <NotificationCenter />
        {mobile ? null : <FullscreenButton />}
        {mobile ? null : <SizeSelect />}
        <Tooltip title="Configuración de la página">
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label="Configuración de la página"
            onClick={() => setSettingsOpen(true)}
          />
        </Tooltip>
        <UserMenu compact={mobile} />
      </div>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
