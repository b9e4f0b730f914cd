import { App, Dropdown } from 'antd';
import { BellOutlined, CustomerServiceOutlined, LogoutOutlined, UserOutlined, DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useShellProfile } from '../../lib/use-shell-profile.ts';
import { useLogout } from '../session/use-logout.ts';

/** Photo, name and company of the user (spec §1) with the account actions. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { message } = App.useApp();
  const profile = useShellProfile();
  const navigate = useNavigate();
  const logout = useLogout();

  const onClick = ({ key }: { key: string }) => {
    if (key === 'salir') {
      const closing = message.loading('Cerrando sesión…', 0);
      void logout().finally(closing);
      return;
    }
    void navigate(key);
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        onClick,
        items: [
          ...(compact
            ? [
                {
                  type: 'group' as const,
                  key: 'cuenta',
                  label: (
                    <span className="user-menu-text">
                      <span className="user-menu-name">{profile.nombre}</span>
                      <span className="user-menu-company">{profile.empresa}</span>
                    </span>
                  ),
                },
                { type: 'divider' as const },
              ]
            : []),
          { key: '/mis-notificaciones', icon: <BellOutlined />, label: 'Mis notificaciones' },
          { key: '/perfil', icon: <UserOutlined />, label: 'Mi perfil' },
          { key: '/soporte', icon: <CustomerServiceOutlined />, label: 'Soporte' },
          { type: 'divider' },
          { key: 'salir', icon: <LogoutOutlined />, label: 'Salir', danger: true },
        ],
      }}
    >
      {/* Named by its content, so the name a voice-control user reads on screen is part of it (WCAG 2.5.3). */}
      <button type="button" className="user-menu">
        <img className="user-menu-avatar" src={profile.foto} alt="" width={36} height={36} />
        <span className="visually-hidden">{compact ? `Cuenta de ${profile.nombre}` : 'Cuenta de '}</span>
        {compact ? null : (
          <span className="user-menu-text">
            <span className="user-menu-name">{profile.nombre}</span>
            <span className="user-menu-company">{profile.empresa}</span>
          </span>
        )}
        <DownOutlined className="user-menu-caret" />
      </button>
    </Dropdown>
  );
}
