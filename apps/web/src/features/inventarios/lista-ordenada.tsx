import type { ReactNode } from 'react';
import { Button, Empty, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useAvisos } from '../../components/foco.ts';
import { Listado, ListadoItem, ListadoItemMeta } from '../../components/listado/listado.tsx';

type Fila = { id: number; nombre: string };

/**
 * The spaces of a template or the items of a space: in their order, moved up and down with a tap
 * (big targets on a phone, no dragging), edited and deleted with a confirmation naming the row.
 */
export function ListaOrdenada<T extends Fila>({
  filas,
  singular,
  cargando,
  extra,
  onOrdenar,
  onEditar,
  onBorrar,
  avisoBorrar,
}: {
  filas: T[];
  singular: string;
  cargando: boolean;
  extra: (f: T) => ReactNode;
  onOrdenar: (ids: number[]) => void;
  onEditar: (f: T) => void;
  onBorrar: (f: T) => Promise<unknown>;
  avisoBorrar: string;
}) {
  const avisos = useAvisos();
  const mover = (i: number, d: -1 | 1) => {
    const ids = filas.map((f) => f.id);
    [ids[i], ids[i + d]] = [ids[i + d]!, ids[i]!];
    onOrdenar(ids);
  };
  return (
    <Listado
      className="plantillas-orden"
      loading={cargando}
      dataSource={filas}
      locale={{ emptyText: <Empty description={`Aún no hay ${singular}s`} /> }}
      renderItem={(f, i) => (
        <ListadoItem
          actions={[
            <Space key="acciones" size={0}>
              <Tooltip title="Subir">
                <Button
                  type="text"
                  size="large"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => mover(i, -1)}
                  aria-label={`Subir ${f.nombre}`}
                />
              </Tooltip>
              <Tooltip title="Bajar">
                <Button
                  type="text"
                  size="large"
                  icon={<ArrowDownOutlined />}
                  disabled={i === filas.length - 1}
                  onClick={() => mover(i, 1)}
                  aria-label={`Bajar ${f.nombre}`}
                />
              </Tooltip>
              <Tooltip title="Editar">
                <Button
                  type="text"
                  size="large"
                  icon={<EditOutlined />}
                  onClick={() => onEditar(f)}
                  aria-label={`Editar ${f.nombre}`}
                />
              </Tooltip>
              <Tooltip title="Eliminar">
                <Button
                  type="text"
                  size="large"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Eliminar ${f.nombre}`}
                  onClick={() =>
                    avisos.confirm({
                      title: `¿Eliminar el ${singular} «${f.nombre}»?`,
                      content: avisoBorrar,
                      okText: 'Eliminar',
                      okButtonProps: { danger: true },
                      cancelText: 'Cancelar',
                      onOk: () => onBorrar(f),
                    })
                  }
                />
              </Tooltip>
            </Space>,
          ]}
        >
          <ListadoItemMeta title={`${i + 1}. ${f.nombre}`} description={extra(f)} />
        </ListadoItem>
      )}
    />
  );
}
