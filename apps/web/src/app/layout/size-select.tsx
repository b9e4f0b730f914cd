import { App, Button, Dropdown, Tooltip } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { SIZES, type Size } from '@predio/contract/constants';
import { useAppStore } from './app-store.ts';

export function SizeSelect() {
  const { message } = App.useApp();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s.value, label: s.label, disabled: s.value === size })),
        onClick: ({ key }) => {
          setSize(key as Size);
          void message.success('Switch Size Success');
        },
      }}
    >
      <Tooltip title="Tamaño de los controles" placement="bottom">
        <Button type="text" icon={<FontSizeOutlined />} aria-label="Tamaño de los controles" />
      </Tooltip>
    </Dropdown>
  );
}
