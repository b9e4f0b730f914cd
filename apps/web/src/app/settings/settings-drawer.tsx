import { Switch, Typography } from 'antd';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { CheckOutlined } from '@ant-design/icons';
import { THEME_PRESETS } from '@predio/contract/constants';
import { useSettings } from './settings-store.ts';

type Props = { open: boolean; onClose: () => void };

export function SettingsDrawer({ open, onClose }: Props) {
  const settings = useSettings();
  const toggles = [
    { key: 'tagsView', label: 'Pestañas de páginas abiertas' },
    { key: 'fixedHeader', label: 'Encabezado fijo' },
    { key: 'sidebarLogo', label: 'Logo en el menú lateral' },
  ] as const;

  return (
    <AppDrawer title="Configuración de la página" placement="right" open={open} onClose={onClose} size={300}>
      <Typography.Title level={5}>Color del tema</Typography.Title>
      <div className="theme-presets" role="radiogroup" aria-label="Color del tema">
        {THEME_PRESETS.map((color) => {
          const selected = settings.themeColor.toLowerCase() === color.toLowerCase();
          return (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={`Color ${color}`}
              className="theme-preset"
              style={{ background: color }}
              onClick={() => settings.change('themeColor', color)}
            >
              {selected ? <CheckOutlined /> : null}
            </button>
          );
        })}
      </div>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Diseño
      </Typography.Title>
      {toggles.map(({ key, label }) => (
        <label key={key} className="settings-row">
          <span>{label}</span>
          <Switch checked={settings[key]} onChange={(checked) => settings.change(key, checked)} aria-label={label} />
        </label>
      ))}
    </AppDrawer>
  );
}
