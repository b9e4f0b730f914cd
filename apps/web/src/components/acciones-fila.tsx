import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useAvisos } from './foco.ts';

/** A row's edit and delete (with a confirmation naming what goes), and any action between them. */
export function Acciones(props: {
  titulo: string;
  onEditar: () => void;
  confirmar: { pregunta: string; detalle: string };
  onEliminar: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const avisos = useAvisos();
  return (
    <Space size={0}>
      <Tooltip title="Editar">
        <Button type="text" icon={<EditOutlined />} aria-label={`Editar «${props.titulo}»`} onClick={props.onEditar} />
      </Tooltip>
      {props.children}
      <Tooltip title="Eliminar">
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Eliminar «${props.titulo}»`}
          onClick={() =>
            avisos.confirm({
              title: props.confirmar.pregunta,
              content: props.confirmar.detalle,
              okText: 'Eliminar',
              okButtonProps: { danger: true },
              cancelText: 'Cancelar',
              onOk: props.onEliminar,
            })
          }
        />
      </Tooltip>
    </Space>
  );
}
