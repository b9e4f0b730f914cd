import { useState } from 'react';
import { Empty, Grid, Segmented, Skeleton, Table, Tag, Typography } from 'antd';
import { ETIQUETAS_ESTADO_COLA, type CorreoEnCola, type EstadoCola } from '@predio/contract/correo';
import { AppDrawer } from '../app-drawer.tsx';
import { ErrorDeCarga } from '../error-de-carga.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { useColaCorreos } from './api.ts';

const COLOR_ESTADO: Record<EstadoCola, string> = { pendiente: 'gold', enviando: 'blue', error: 'red' };

const FILTROS: { value: EstadoCola | 'todos'; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  { value: 'pendiente', label: ETIQUETAS_ESTADO_COLA.pendiente },
  { value: 'error', label: ETIQUETAS_ESTADO_COLA.error },
];

/** The outbox, read-only: what waits and what failed, newest first (the full mailbox is Correos y SMS). */
export function ColaCorreos({ abierto, onCerrar }: { abierto: boolean; onCerrar: () => void }) {
  const [filtro, setFiltro] = useState<EstadoCola | 'todos'>('todos');
  const cola = useColaCorreos(filtro === 'todos' ? null : filtro, abierto);
  const pantalla = Grid.useBreakpoint();
  return (
    <AppDrawer open={abierto} onClose={onCerrar} title="Correos en cola" size={pantalla.md ? 820 : '100%'}>
      <Segmented<EstadoCola | 'todos'> options={FILTROS} value={filtro} onChange={setFiltro} aria-label="Estado" />
      <div style={{ marginTop: 16 }}>
        {cola.isPending ? (
          <Skeleton active />
        ) : cola.isError ? (
          <ErrorDeCarga titulo="No se pudo cargar la cola" error={cola.error} onReintentar={() => void cola.refetch()} />
        ) : cola.data.length === 0 ? (
          <Empty description="No hay correos en cola" />
        ) : (
          <Table<CorreoEnCola>
            rowKey="id"
            size="small"
            dataSource={cola.data}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            columns={[
              {
                title: 'Estado',
                dataIndex: 'estado',
                render: (v: EstadoCola) => <Tag color={COLOR_ESTADO[v]}>{ETIQUETAS_ESTADO_COLA[v]}</Tag>,
              },
              { title: 'Para', dataIndex: 'para' },
              {
                title: 'Asunto',
                dataIndex: 'asunto',
                render: (v: string, c) => (
                  <>
                    {v}
                    {c.ultimo_error ? (
                      <div>
                        <Typography.Text type="danger">{c.ultimo_error}</Typography.Text>
                      </div>
                    ) : null}
                  </>
                ),
              },
              { title: 'Intentos', dataIndex: 'intentos', align: 'right' },
              { title: 'Creado', dataIndex: 'creado_en', render: (v: string) => formatFechaHora(v) },
            ]}
          />
        )}
      </div>
    </AppDrawer>
  );
}
