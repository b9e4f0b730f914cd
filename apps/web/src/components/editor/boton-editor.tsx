import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

/** A toolbar button of the rich-text editors: an icon with its name as tooltip and label, pressed when active. */
export function BotonEditor(p: {
  titulo: string;
  icono: ReactNode;
  activo?: boolean;
  onClick: () => void;
  deshabilitado?: boolean;
}) {
  return (
    <Tooltip title={p.titulo}>
      <Button
        size="small"
        type={p.activo ? 'primary' : 'text'}
        icon={p.icono}
        aria-label={p.titulo}
        aria-pressed={p.activo === undefined ? undefined : p.activo}
        disabled={p.deshabilitado}
        onClick={p.onClick}
      />
    </Tooltip>
  );
}
