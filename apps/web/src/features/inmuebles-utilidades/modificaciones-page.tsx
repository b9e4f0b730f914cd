import { Button, Card, DatePicker, Empty, Input, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { etiquetaAccion, etiquetaCampo, type Modificacion } from '@predio/contract/inmuebles-utilidades';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useExportarModificaciones } from './api/exportar-modificaciones.ts';
import { useModificaciones, useModificacionesValores } from './api/get-modificaciones.ts';
import './utilidades.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ExportarMenu } from '../../components/exportar-menu.tsx';

const PATH = '/archivo/utilidades/modificaciones-inmuebles';
const ORDEN_ANTD = { asc: 'ascend', desc: 'descend' } as const;
const COLOR: Record<string, string> = {
  crear: 'blue',
  actualizar: 'geekblue',
  'cambiar estado': 'purple',
  reasignar: 'gold',
  geolocalizar: 'cyan',
  'romper bloqueo': 'red',
  eliminar: 'red',
};

const Valor = ({ v }: { v: string }) =>
  v ? <span className="utilidades-valor">{v}</span> : <Typography.Text type="secondary">—</Typography.Text>;

/** Archivo > Utilidades > Modificaciones de inmuebles (idm 19): field-level history from the audit log. */
export function ModificacionesPage() {
  const [params, setParams] = useUrlEstado(PATH);
  const g = (k: string) => params.get(k) ?? undefined;
  const consecutivoTexto = g('consecutivo');
  const consecutivo = consecutivoTexto && /^\d{1,9}$/.test(consecutivoTexto) ? Number(consecutivoTexto) : undefined;
  const filtros = {
    consecutivo,
    usuario: g('usuario'),
    campo: g('campo'),
    accion: g('accion'),
    desde: g('desde'),
    hasta: g('hasta'),
  };
  const page = Number(params.get('page') ?? 1) || 1;
  const pageSize = Number(params.get('pageSize') ?? 20) || 20;
  const sort = g('sort');
  const order = g('order') as 'asc' | 'desc' | undefined;
  const lista = useModificaciones({ ...filtros, page, pageSize, sort, order });
  const valores = useModificacionesValores();
  const exportar = useExportarModificaciones();

  const ordenDe = (k: string) => (sort === k || (!sort && k === 'fecha') ? ORDEN_ANTD[order ?? (sort ? 'asc' : 'desc')] : null);
  const columns: ColumnsType<Modificacion> = [
    {
      key: 'fecha',
      title: 'Fecha',
      sorter: true,
      sortOrder: ordenDe('fecha'),
      render: (_: unknown, f) => formatFechaHora(f.fecha),
    },
    {
      key: 'usuario',
      dataIndex: 'usuario',
      title: 'Usuario',
      sorter: true,
      sortOrder: ordenDe('usuario'),
      responsive: ['sm'],
    },
    {
      key: 'consecutivo',
      title: 'Inmueble',
      sorter: true,
      sortOrder: ordenDe('consecutivo'),
      render: (_: unknown, f) =>
        f.consecutivo === null ? '—' : <Link to={`/propiedades/inmueble/${f.consecutivo}`}>{f.consecutivo}</Link>,
    },
    {
      key: 'campo',
      title: 'Campo',
      sorter: true,
      sortOrder: ordenDe('campo'),
      render: (_: unknown, f) => etiquetaCampo(f.campo),
    },
    { key: 'antes', title: 'Antes', render: (_: unknown, f) => <Valor v={f.antes} /> },
    { key: 'despues', title: 'Después', render: (_: unknown, f) => <Valor v={f.despues} /> },
    {
      key: 'accion',
      title: 'Acción',
      responsive: ['md'],
      render: (_: unknown, f) => <Tag color={COLOR[f.accion]}>{etiquetaAccion(f.accion)}</Tag>,
    },
  ];
  const conCriterios = Object.values(filtros).some((v) => v !== undefined);
  const limpiar = () =>
    setParams({
      consecutivo: undefined,
      usuario: undefined,
      campo: undefined,
      accion: undefined,
      desde: undefined,
      hasta: undefined,
    });

  return (
    <Card title="Modificaciones de inmuebles">
      <div className="utilidades-filtros">
        <Input.Search
          key={consecutivoTexto ?? ''}
          defaultValue={consecutivoTexto}
          allowClear
          inputMode="numeric"
          placeholder="Nº de inmueble"
          aria-label="Nº de inmueble"
          onSearch={(v) => setParams({ consecutivo: v.trim() })}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Usuario"
          aria-label="Usuario"
          value={filtros.usuario}
          options={(valores.data?.usuarios ?? []).map((u) => ({ value: u, label: u }))}
          onChange={(v: string | undefined) => setParams({ usuario: v })}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Campo"
          aria-label="Campo"
          value={filtros.campo}
          options={(valores.data?.campos ?? [])
            .map((c) => ({ value: c, label: etiquetaCampo(c) }))
            .sort((a, b) => a.label.localeCompare(b.label, 'es'))}
          onChange={(v: string | undefined) => setParams({ campo: v })}
        />
        <Select
          allowClear
          placeholder="Acción"
          aria-label="Acción"
          value={filtros.accion}
          options={(valores.data?.acciones ?? []).map((a) => ({ value: a, label: etiquetaAccion(a) }))}
          onChange={(v: string | undefined) => setParams({ accion: v })}
        />
        <DatePicker.RangePicker
          aria-label="Fechas"
          format="DD/MM/YYYY"
          placeholder={['Desde', 'Hasta']}
          value={[filtros.desde ? dayjs(filtros.desde) : null, filtros.hasta ? dayjs(filtros.hasta) : null]}
          onChange={(r) => setParams({ desde: r?.[0]?.format('YYYY-MM-DD'), hasta: r?.[1]?.format('YYYY-MM-DD') })}
        />
        <Space wrap>
          {conCriterios ? <Button onClick={limpiar}>Limpiar filtros</Button> : null}
          <ExportarMenu
            onElegir={(formato) => exportar.mutate({ ...filtros, sort, order, formato })}
            cargando={exportar.isPending}
          />
        </Space>
      </div>
      {lista.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : lista.isError && lista.data === undefined ? (
        <ErrorDeCarga titulo="No se pudo cargar el historial" error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : (
        <Table<Modificacion>
          rowKey="clave"
          size="middle"
          columns={columns}
          dataSource={lista.data?.items ?? []}
          loading={lista.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty description={conCriterios ? 'Ningún cambio coincide con los filtros' : 'Aún no hay cambios de inmuebles'} />
            ),
          }}
          onChange={(pag, _f, sorter) => {
            const s = sorter as SorterResult<Modificacion>;
            setParams({
              page: pag.current === 1 ? undefined : pag.current,
              pageSize: pag.pageSize === 20 ? undefined : pag.pageSize,
              sort: s.order ? String(s.columnKey) : undefined,
              order: s.order === 'descend' ? 'desc' : s.order === 'ascend' ? 'asc' : undefined,
            });
          }}
          pagination={{
            current: page,
            pageSize,
            total: lista.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `${total.toLocaleString('es-CO')} cambios`,
          }}
        />
      )}
    </Card>
  );
}
