import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { Columna } from './use-columnas.ts';

type Props = {
  columnas: Columna[];
  visibles: string[];
  onChange: (visibles: string[]) => void;
  onReset: () => void;
};

export function ColumnSettings({ columnas, visibles, onChange, onReset }: Props) {
  const contenido = (
    <Space orientation="vertical" size="small" className="lista-columnas">
      <Checkbox.Group
        value={visibles}
        onChange={(keys) => onChange(keys.length === 0 ? visibles : keys.map(String))}
        options={columnas.map((c) => ({ value: c.key, label: c.label }))}
        aria-label="Columnas visibles"
      />
      <Button size="small" type="link" onClick={onReset}>
        Restablecer columnas
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="Columnas visibles" content={contenido}>
      <Tooltip title="Columnas">
        <Button icon={<SettingOutlined />} aria-label="Columnas" />
      </Tooltip>
    </Popover>
  );
}
