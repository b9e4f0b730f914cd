import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { ETIQUETA_GESTION_CLIENTE, etiquetaResultado, type ClienteResumen } from '@predio/contract/clientes';
import { formatFecha, formatFechaHora, formatMoneda } from '../../lib/format.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useClientes } from './api/get-clientes.ts';
import { hayFiltros, type ClientesParams } from './clientes-params.ts';
import { COLOR_ESTADO, estadoTexto } from './formato.ts';

const rango = (c: ClienteResumen) =>
  c.precio_min === null && c.precio_max === null
    ? ''
    : `${c.precio_min === null ? 'hasta' : formatMoneda(c.precio_min)}${c.precio_min !== null && c.precio_max !== null ? ' – ' : ' '}${
        c.precio_max === null ? 'o más' : formatMoneda(c.precio_max)
      }`;

type Sort = NonNullable<ClientesParams['sort']>;

/**
 * The leads of the URL's filter on the list shell: sort, pages, column choice, loading, empty and error
 * states, cards on a phone; a name opens the lead. The filters stay in FiltrosBar above it.
 */
export function ClientesTabla({
  params,
  cambiar,
  limpiar,
  enlace,
}: {
  params: ClientesParams;
  cambiar: (c: Partial<ClientesParams>) => void;
  /** Absent in the buscador, whose form has its own «Limpiar filtros». */
  limpiar?: () => void;
  enlace: (consecutivo: number) => string;
}) {
  const lista = useClientes(params);
  const nombre = (c: ClienteResumen) => <Link to={enlace(c.consecutivo)}>{c.nombre || '(sin nombre)'}</Link>;
  const estado = (c: ClienteResumen) => (
    <span className="cliente-celda-movil">
      <span>
        <Tag color={COLOR_ESTADO[c.estado]}>{estadoTexto(c.estado)}</Tag>
      </span>
      {c.resultado ? <Typography.Text type="secondary">{etiquetaResultado(c.resultado)}</Typography.Text> : null}
    </span>
  );

  const tarjeta = (c: ClienteResumen) => (
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
  );

  const columnas: ColumnaLista<ClienteResumen>[] = [
    { key: 'consecutivo', dataIndex: 'consecutivo', title: 'N.º', width: 80, ordenable: true },
    { key: 'nombre', title: 'Cliente', ordenable: true, render: (_v, c) => nombre(c) },
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
      ordenable: true,
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
      ordenable: true,
      render: (_v, c) => (c.ultimo_seguimiento ? formatFechaHora(c.ultimo_seguimiento) : '—'),
    },
    {
      key: 'fecha_cierre',
      title: 'Cierre',
      width: 110,
      ordenable: true,
      render: (_v, c) => formatFecha(c.fecha_cierre) || '—',
    },
  ];

  return (
    <ListPage<ClienteResumen, Sort>
      sustantivo={{ singular: 'cliente atendido', plural: 'clientes atendidos' }}
      consulta={lista}
      columnas={columnas}
      claveColumnas="clientes-atendidos"
      estado={params}
      ordenPorDefecto={{ sort: 'consecutivo', order: 'desc' }}
      onCambiar={cambiar}
      hayFiltros={hayFiltros(params)}
      onLimpiar={limpiar}
      vacio={{ texto: 'Aún no hay clientes atendidos' }}
      tarjeta={tarjeta}
      ancho={1100}
      filaClave={(c) => c.id}
      tituloError="No se pudo cargar la lista de clientes atendidos"
    />
  );
}
