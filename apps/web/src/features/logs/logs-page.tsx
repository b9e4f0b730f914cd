import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { ACCIONES, type Auditoria } from '@predio/contract/auditoria';
import { ESTADOS_TRABAJO } from '@predio/contract/trabajos';
import { formatFechaHora } from '../../lib/format.ts';
import { useExportarAuditoria } from './api/exportar-auditoria.ts';
import { useAuditoria, useAuditoriaValores } from './api/get-auditoria.ts';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';
import './logs.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ExportarMenu } from '../../components/exportar-menu.tsx';
import { useSession } from '../../lib/session-store.ts';
import { TrabajosTab } from './trabajos-tab.tsx';

const PATH = '/archivo/utilidades/logs-sistema';
const ORDEN_ANTD = { asc: 'ascend', desc: 'descend' } as const;
const COLOR: Record<string, string> = {
  login: 'green',
  logout: 'default',
  login_fallido: 'red',
  login_soporte: 'purple',
  eliminar: 'red',
  desactivar: 'orange',
  crear: 'blue',
};

const texto = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? '—'
    : typeof v === 'string'
      ? v
      : typeof v === 'boolean'
        ? v
          ? 'Sí'
          : 'No'
        : JSON.stringify(v);

/** The changed fields of an audit row, before → after. */
function Cambios({ cambios }: { cambios: unknown }) {
  if (typeof cambios !== 'object' || cambios === null || Object.keys(cambios).length === 0)
    return <Typography.Text type="secondary">Sin detalle de cambios.</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={Object.entries(cambios as Record<string, unknown>).map(([campo, v]) => ({
        key: campo,
        label: campo,
        children:
          typeof v === 'object' && v !== null && 'antes' in v && 'despues' in v ? (
            <span className="logs-cambio">
              <span className="logs-antes">{texto((v as { antes: unknown }).antes)}</span>
              <span aria-hidden> → </span>
              <span className="logs-despues">{texto((v as { despues: unknown }).despues)}</span>
            </span>
          ) : (
            texto(v)
          ),
      }))}
    />
  );
}

/**
 * Archivo > Utilidades > Logs del sistema (idm 31): the audit log with filters in the URL and export;
 * for the company administrator a second tab, Trabajos en segundo plano (`?vista=trabajos`).
 */
export function LogsPage() {
  const [params, setParams] = useUrlEstado(PATH);
  const admin = useSession((s) => s.claims?.admemp === true);
  const registro = <RegistroAuditoria params={params} setParams={setParams} />;
  if (!admin) return <Card title="Logs del sistema">{registro}</Card>;
  const estado = params.get('estado');
  return (
    <Card title="Logs del sistema">
      <Tabs
        activeKey={params.get('vista') === 'trabajos' ? 'trabajos' : 'registro'}
        onChange={(k) => setParams({ vista: k === 'trabajos' ? k : undefined, estado: undefined })}
        items={[
          { key: 'registro', label: 'Auditoría', children: registro },
          {
            key: 'trabajos',
            label: 'Trabajos en segundo plano',
            children: (
              <TrabajosTab estado={ESTADOS_TRABAJO.find((e) => e === estado)} onEstado={(e) => setParams({ estado: e })} />
            ),
          },
        ]}
      />
    </Card>
  );
}

type UrlParams = ReturnType<typeof useUrlEstado>;

function RegistroAuditoria({ params, setParams }: { params: UrlParams[0]; setParams: UrlParams[1] }) {
  const g = (k: string) => params.get(k) ?? undefined;
  const filtros = {
    usuario: g('usuario'),
    entidad: g('entidad'),
    accion: g('accion'),
    entidad_id: g('entidad_id'),
    desde: g('desde'),
    hasta: g('hasta'),
  };
  const page = Number(params.get('page') ?? 1) || 1;
  const pageSize = Number(params.get('pageSize') ?? 20) || 20;
  const sort = g('sort');
  const order = g('order') as 'asc' | 'desc' | undefined;
  const lista = useAuditoria({ ...filtros, page, pageSize, sort, order });
  const valores = useAuditoriaValores();
  const exportar = useExportarAuditoria();

  const ordenDe = (k: string) => (sort === k || (!sort && k === 'fecha') ? ORDEN_ANTD[order ?? (sort ? 'asc' : 'desc')] : null);
  const columns: ColumnsType<Auditoria> = [
    {
      key: 'fecha',
      title: 'Fecha',
      sorter: true,
      sortOrder: ordenDe('fecha'),
      render: (_: unknown, f) => formatFechaHora(f.fecha),
    },
    { key: 'usuario', dataIndex: 'usuario', title: 'Usuario', sorter: true, sortOrder: ordenDe('usuario') },
    {
      key: 'accion',
      title: 'Acción',
      sorter: true,
      sortOrder: ordenDe('accion'),
      render: (_: unknown, f) => <Tag color={COLOR[f.accion]}>{ACCIONES[f.accion] ?? f.accion}</Tag>,
    },
    { key: 'entidad', dataIndex: 'entidad', title: 'Entidad', sorter: true, sortOrder: ordenDe('entidad') },
    {
      key: 'entidad_id',
      dataIndex: 'entidad_id',
      title: 'Registro',
      responsive: ['lg'],
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    { key: 'ip', dataIndex: 'ip', title: 'IP', responsive: ['xl'], render: (v: string) => v || '—' },
  ];
  const opciones = (xs: string[] | undefined, etiqueta?: (x: string) => string) =>
    (xs ?? []).map((x) => ({ value: x, label: etiqueta ? etiqueta(x) : x }));
  const conCriterios = Object.values(filtros).some((v) => v !== undefined);

  return (
    <>
      <div className="logs-filtros">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Usuario"
          aria-label="Usuario"
          value={filtros.usuario}
          options={opciones(valores.data?.usuarios)}
          onChange={(v: string | undefined) => setParams({ usuario: v })}
        />
        <Select
          allowClear
          placeholder="Entidad"
          aria-label="Entidad"
          value={filtros.entidad}
          options={opciones(valores.data?.entidades)}
          onChange={(v: string | undefined) => setParams({ entidad: v })}
        />
        <Select
          allowClear
          placeholder="Acción"
          aria-label="Acción"
          value={filtros.accion}
          options={opciones(valores.data?.acciones, (a) => ACCIONES[a] ?? a)}
          onChange={(v: string | undefined) => setParams({ accion: v })}
        />
        <DatePicker.RangePicker
          aria-label="Fechas"
          format="DD/MM/YYYY"
          placeholder={['Desde', 'Hasta']}
          value={[filtros.desde ? dayjs(filtros.desde) : null, filtros.hasta ? dayjs(filtros.hasta) : null]}
          onChange={(r) => setParams({ desde: r?.[0]?.format('YYYY-MM-DD'), hasta: r?.[1]?.format('YYYY-MM-DD') })}
        />
        <Input.Search
          key={filtros.entidad_id ?? ''}
          defaultValue={filtros.entidad_id}
          allowClear
          placeholder="Id del registro"
          aria-label="Id del registro"
          onSearch={(v) => setParams({ entidad_id: v.trim() })}
        />
        <Space>
          {conCriterios ? (
            <Button
              onClick={() =>
                setParams({
                  usuario: undefined,
                  entidad: undefined,
                  accion: undefined,
                  entidad_id: undefined,
                  desde: undefined,
                  hasta: undefined,
                })
              }
            >
              Limpiar filtros
            </Button>
          ) : null}
          <ExportarMenu
            onElegir={(formato) => exportar.mutate({ ...filtros, sort, order, formato })}
            cargando={exportar.isPending}
          />
        </Space>
      </div>
      {lista.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : lista.isError && lista.data === undefined ? (
        <ErrorDeCarga titulo="No se pudo cargar el registro" error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : (
        <Table<Auditoria>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={lista.data?.items ?? []}
          loading={lista.isFetching}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowRender: (f) => <Cambios cambios={f.cambios} />, rowExpandable: (f) => f.cambios !== null }}
          locale={{
            emptyText: <Empty description={conCriterios ? 'Ningún registro coincide con los filtros' : 'No hay registros'} />,
          }}
          onChange={(pag, _f, sorter) => {
            const s = sorter as SorterResult<Auditoria>;
            const campo = s.order ? String(s.columnKey) : undefined;
            setParams({
              page: pag.current === 1 ? undefined : pag.current,
              pageSize: pag.pageSize === 20 ? undefined : pag.pageSize,
              sort: campo,
              order: s.order === 'descend' ? 'desc' : s.order === 'ascend' ? 'asc' : undefined,
            });
          }}
          pagination={{
            current: page,
            pageSize,
            total: lista.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `${total.toLocaleString('es-CO')} registros`,
          }}
        />
      )}
    </>
  );
}
