import { App, Button, Empty, Select, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import {
  ESTADO_TRABAJO_LABEL,
  ESTADOS_TRABAJO,
  TIPO_TRABAJO_LABEL,
  type EstadoTrabajo,
  type Trabajo,
} from '@predio/contract/trabajos';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { isSupportUser, useSession } from '../../lib/session-store.ts';
import { useReintentarTrabajo, useTrabajos } from './api/trabajos.ts';

const COLOR: Record<EstadoTrabajo, string> = { pendiente: 'blue', en_curso: 'processing', terminado: 'green', fallido: 'red' };

/**
 * Logs del sistema > Trabajos en segundo plano (company administrator): the company's recent and failed
 * jobs, with the error of a failed one and «Reintentar». Support also sees the platform-wide jobs.
 */
export function TrabajosTab({
  estado,
  onEstado,
}: {
  estado: EstadoTrabajo | undefined;
  onEstado: (e: EstadoTrabajo | undefined) => void;
}) {
  const { message } = App.useApp();
  const soporte = useSession((s) => isSupportUser(s.claims));
  const lista = useTrabajos(estado);
  const reintentar = useReintentarTrabajo();

  const columns: ColumnsType<Trabajo> = [
    { key: 'tipo', title: 'Trabajo', render: (_: unknown, t) => TIPO_TRABAJO_LABEL[t.tipo] ?? t.tipo },
    ...(soporte
      ? [
          {
            key: 'empresa',
            title: 'Empresa',
            render: (_: unknown, t: Trabajo) => (t.id_empresa === null ? <Tag>Plataforma</Tag> : t.id_empresa),
          },
        ]
      : []),
    {
      key: 'estado',
      title: 'Estado',
      render: (_: unknown, t) => <Tag color={COLOR[t.estado]}>{ESTADO_TRABAJO_LABEL[t.estado]}</Tag>,
    },
    { key: 'intentos', title: 'Intentos', render: (_: unknown, t) => `${t.intentos} de ${t.max_intentos}` },
    { key: 'ejecutar_en', title: 'Programado', render: (_: unknown, t) => formatFechaHora(t.ejecutar_en) },
    {
      key: 'terminado_en',
      title: 'Terminado',
      responsive: ['lg'],
      render: (_: unknown, t) => (t.terminado_en ? formatFechaHora(t.terminado_en) : '—'),
    },
    {
      key: 'error',
      title: 'Error',
      render: (_: unknown, t) =>
        t.ultimo_error ? (
          <Typography.Text type={t.estado === 'fallido' ? 'danger' : 'secondary'} className="logs-error-trabajo">
            {t.ultimo_error}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'acciones',
      title: 'Acciones',
      render: (_: unknown, t) =>
        t.estado === 'fallido' ? (
          <Button
            size="small"
            loading={reintentar.isPending && reintentar.variables === t.id}
            onClick={() => reintentar.mutate(t.id, { onSuccess: () => void message.success('El trabajo volvió a la cola.') })}
          >
            Reintentar
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <div className="logs-filtros">
        <Select
          allowClear
          placeholder="Estado"
          aria-label="Estado"
          value={estado}
          options={ESTADOS_TRABAJO.map((e) => ({ value: e, label: ESTADO_TRABAJO_LABEL[e] }))}
          onChange={(v: EstadoTrabajo | undefined) => onEstado(v)}
        />
        <Button onClick={() => void lista.refetch()} loading={lista.isFetching}>
          Actualizar
        </Button>
      </div>
      {lista.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : lista.isError && lista.data === undefined ? (
        <ErrorDeCarga titulo="No se pudieron cargar los trabajos" error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : (
        // The region scrolls sideways on a phone; it takes the focus itself, since its rows may hold no
        // button (only failed jobs have «Reintentar») and the keyboard must still reach what is hidden.
        <div
          className={lista.data?.length ? 'logs-trabajos logs-trabajos-con-filas' : 'logs-trabajos'}
          role="region"
          aria-label="Trabajos en segundo plano"
          tabIndex={0}
        >
          <Table<Trabajo>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={lista.data ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{
              emptyText: (
                <Empty description={estado ? 'Ningún trabajo en ese estado' : 'No hay trabajos recientes ni fallidos'} />
              ),
            }}
          />
        </div>
      )}
    </>
  );
}
