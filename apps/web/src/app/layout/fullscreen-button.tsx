import { useEffect, useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

export function FullscreenButton() {
  const { message } = App.useApp();
  const [active, setActive] = useState(() => document.fullscreenElement !== null);

  useEffect(() => {
    const sync = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      // spec §8, verbatim.
      void message.warning('you browser can not work');
      return;
    }
    void (active ? document.exitFullscreen() : document.documentElement.requestFullscreen());
  };

  const label = active ? 'Salir de pantalla completa' : 'Pantalla completa';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        onClick={toggle}
      />
    </Tooltip>
  );
}
