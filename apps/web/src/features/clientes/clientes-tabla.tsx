import { Empty, Grid, Skeleton, Table, Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { ETIQUETA_GESTION_CLIENTE, etiquetaResultado, type ClienteResumen } from '@predio/contract/clientes';
import { formatFecha, formatFechaHora, formatMoneda, formatNumero } from '../../lib/format.ts';
import { useClientes } from './api/get-clientes.ts';
import { hayFiltros, type ClientesParams } from './clientes-params.ts';
import { COLOR_ESTADO, estadoTexto } from './formato.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';

const rango = (c: ClienteResumen) =>
  c.precio_min === null && c.precio_max === null
    ? ''
    : `${c.precio_min === null ? 'hasta' : formatMoneda(c.precio_min)}${c.precio_min !== null && c.precio_max !== null ? ' – ' : ' '}${
        c.precio_max === null ? 'o más' : formatMoneda(c.precio_max)
      }`;

/** The leads of the URL's filter: sort, pages, loading, empty and error states; a name opens the lead. */
export function ClientesTabla({
  params,
  cambiar,
  enlace,
}: {
  params: ClientesParams;
  cambiar: (c: Partial<ClientesParams>) => void;
  enlace: (consecutivo: number) => string;
}) {
  const lista = useClientes(params);
  const movil = Grid.useBreakpoint().md === false;
  const orden = (k: ClientesParams['sort']) =>
    params.sort === k || (k === 'consecutivo' && params.sort === null) ? (params.order === 'asc' ? 'ascend' : 'descend') : null;
  const nombre = (c: ClienteResumen) => <Link to={enlace(c.consecutivo)}>{c.nombre || '(sin nombre)'}</Link>;
  const estado = (c: ClienteResumen) => (
    <span className="cliente-celda-movil">
      <span>
        <Tag color={COLOR_ESTADO[c.estado]}>{estadoTexto(c.estado)}</Tag>
      </span>
      {c.resultado ? <Typography.Text type="secondary">{etiquetaResultado(c.resultado)}</Typography.Text> : null}
    </span>
  );

  const columnas: TableProps<ClienteResumen>['columns'] = movil
    ? [
        {
          key: 'nombre',
          title: 'Cliente',
          render: (_v, c) => (
            <div className="cliente-celda-movil">
              <span>
                <Typography.Text type="secondary">#{c.consecutivo}</Typography.Text> {nombre(c)}
              </span>
              <span>
                {ETIQUETA_GESTION_CLIENTE[c.gestion]} · ingreso {formatFecha(c.fecha_ingreso)}
              </span>
              {c.celular ? <span>{c.celular}</span> : null}
              <span>{estado(c)}</span>
            </div>
          ),
        },
      ]
    : [
        { key: 'consecutivo', dataIndex: 'consecutivo', title: 'N.º', width: 80, sorter: true, sortOrder: orden('consecutivo') },
        { key: 'nombre', title: 'Cliente', sorter: true, sortOrder: orden('nombre'), render: (_v, c) => nombre(c) },
        {
          key: 'contacto',
          title: 'Contacto',
          render: (_v, c) => (
            <div className="cliente-celda-movil">
              {c.celular ? <span>{c.celular}</span> : null}
              {c.email ? <Typography.Text type="secondary">{c.email}</Typography.Text> : null}
            </div>
          ),
        },
        {
          key: 'fecha_ingreso',
          title: 'Ingreso',
          width: 110,
          sorter: true,
          sortOrder: orden('fecha_ingreso'),
          render: (_v, c) => formatFecha(c.fecha_ingreso),
        },
        {
          key: 'busca',
          title: 'Busca',
          render: (_v, c) => (
            <div className="cliente-celda-movil">
              <span>
                {ETIQUETA_GESTION_CLIENTE[c.gestion]}
                {c.tipos.length ? ` · ${c.tipos.join(', ')}` : ''}
              </span>
              <Typography.Text type="secondary">{rango(c)}</Typography.Text>
            </div>
          ),
        },
        { key: 'asesor', dataIndex: 'asesor', title: 'Asesor', ellipsis: true },
        { key: 'estado', title: 'Estado', render: (_v, c) => estado(c) },
        {
          key: 'ultimo_seguimiento',
          title: 'Último seguimiento',
          sorter: true,
          sortOrder: orden('ultimo_seguimiento'),
          render: (_v, c) => (c.ultimo_seguimiento ? formatFechaHora(c.ultimo_seguimiento) : '—'),
        },
        {
          key: 'fecha_cierre',
          title: 'Cierre',
          width: 110,
          sorter: true,
          sortOrder: orden('fecha_cierre'),
          render: (_v, c) => formatFecha(c.fecha_cierre) || '—',
        },
      ];

  if (lista.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (lista.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudo cargar la lista de clientes atendidos"
        error={lista.error}
        onReintentar={() => void lista.refetch()}
      />
    );
  return (
    <Table<ClienteResumen>
      rowKey="id"
      size="middle"
      columns={columnas}
      dataSource={lista.data.items}
      loading={lista.isFetching}
      scroll={movil ? undefined : { x: 1100 }}
      locale={{
        emptyText: (
          <Empty
            description={hayFiltros(params) ? 'Ningún cliente atendido coincide con el filtro' : 'Aún no hay clientes atendidos'}
          />
        ),
      }}
      onChange={(pag, _f, sorter) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        cambiar({
          page: pag.current ?? 1,
          pageSize: pag.pageSize ?? params.pageSize,
          sort: s?.order ? (s.columnKey as ClientesParams['sort']) : null,
          order: s?.order === 'descend' ? 'desc' : s?.order === 'ascend' ? 'asc' : null,
        });
      }}
      pagination={{
        current: params.page,
        pageSize: params.pageSize,
        total: lista.data.total,
        showSizeChanger: true,
        showTotal: (n) => `${formatNumero(n)} clientes`,
      }}
    />
  );
}
