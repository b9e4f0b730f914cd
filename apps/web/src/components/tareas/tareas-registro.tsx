import { Button, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { ETIQUETAS_ESTADO_TAREA } from '@predio/contract/tareas';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useTareas } from './api.ts';
import { TareaFormModal, type Vinculo } from './tarea-form.tsx';
import { COLOR_ESTADO, Vence } from './comun.tsx';
import { Listado, ListadoItem, ListadoItemMeta } from '../listado/listado.tsx';
import './tareas.css';

/**
 * The tasks of a record (a property, a tercero, a lead, a solicitud, a cita, a documento) that the user may
 * see, open and closed, and «Nueva tarea» already linked to it.
 */
export function TareasDeRegistro({ vinculo, nombreVinculo }: { vinculo: Vinculo; nombreVinculo?: string }) {
  const [nueva, setNueva] = useState(false);
  const filtro = Object.fromEntries(Object.entries(vinculo).filter(([, v]) => v !== null && v !== undefined));
  const tareas = useTareas({ ...filtro, vista: 'todas', abiertas: 'no', pageSize: 100, sort: 'vence_en' });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<PlusOutlined />} onClick={() => setNueva(true)}>
        Nueva tarea
      </Button>
      {tareas.isPending ? (
        <Skeleton active />
      ) : tareas.error ? (
        <ErrorDeCarga titulo="No se pudieron cargar las tareas" error={tareas.error} onReintentar={() => void tareas.refetch()} />
      ) : tareas.data.items.length === 0 ? (
        <Empty description="Sin tareas" />
      ) : (
        <Listado
          dataSource={tareas.data.items}
          renderItem={(t) => (
            <ListadoItem>
              <ListadoItemMeta
                title={
                  <Space wrap>
                    <Link to={`/tareas/tarea/${t.consecutivo}`}>
                      {t.consecutivo} · {t.titulo}
                    </Link>
                    <Tag color={COLOR_ESTADO[t.estado]}>{ETIQUETAS_ESTADO_TAREA[t.estado]}</Tag>
                  </Space>
                }
                description={
                  <Space wrap>
                    <Vence t={t} />
                    <Typography.Text type="secondary">{t.responsables.map((r) => r.nombre).join(', ')}</Typography.Text>
                    {t.items_total > 0 && (
                      <Typography.Text type="secondary">
                        Lista {t.items_hechos}/{t.items_total}
                      </Typography.Text>
                    )}
                  </Space>
                }
              />
            </ListadoItem>
          )}
        />
      )}
      <TareaFormModal
        abierto={nueva}
        onCerrar={() => setNueva(false)}
        vinculo={vinculo}
        {...(nombreVinculo ? { nombreVinculo } : {})}
        quedarse
      />
    </Space>
  );
}
