import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Grid,
  Input,
  Pagination,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableProps,
} from 'antd';
import { FilterOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import {
  CANALES,
  ESTADOS_SOLICITUD,
  TIPOS_SOLICITUD,
  etiquetaCanal,
  etiquetaPortal,
  etiquetaTipo,
  nombreSolicitante,
  type SolicitudResumen,
} from '@predio/contract/solicitudes';
import { formatFechaHora, formatNumero } from '../../lib/format.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';
import { useExportarSolicitudes } from './api/exportar-solicitudes.ts';
import { useAsignables } from './api/get-asignables.ts';
import { useSolicitudes } from './api/get-solicitudes.ts';
import { EstadoTag, SolicitudDrawer } from './solicitud-drawer.tsx';
import {
  PATH_SOLICITUDES,
  aUrl,
  conFiltros,
  leerAbierta,
  leerParams,
  type Abierta,
  type SolicitudesParams,
} from './solicitudes-params.ts';
import './solicitudes.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ExportarMenu } from '../../components/exportar-menu.tsx';

const ORDEN_ANTD = { asc: 'ascend', desc: 'descend' } as const;

const canal = (s: SolicitudResumen) => `${etiquetaCanal(s.canal)}${s.portal ? ` · ${etiquetaPortal(s.portal)}` : ''}`;
const contacto = (s: SolicitudResumen) => s.contacto_telefono || s.contacto_email || s.tercero?.celular || s.tercero?.email || '';

/** Propiedades > Solicitudes (idm 73): requests with their filters in the URL, export and a detail drawer. */
export function SolicitudesPage() {
  const [sp, setSp] = useUrlEstado(PATH_SOLICITUDES, ['abrir']);
  const params = useMemo(() => leerParams(sp), [sp]);
  const abierta = leerAbierta(sp);
  const cambiar = (c: Partial<SolicitudesParams>) => setSp(aUrl(c));
  const abrir = (a: Abierta) => setSp({ abrir: a, page: params.page === 1 ? null : params.page });
  const [texto, setTexto] = useState(params.q);
  const q = useDebouncedValue(texto, 300);
  const lista = useSolicitudes(params);
  const exportar = useExportarSolicitudes();
  const asignables = useAsignables();
  const movil = Grid.useBreakpoint().md === false;
  // A phone shows the search and, on demand, the other filters.
  const [verFiltros, setVerFiltros] = useState(false);
  const activos = [
    params.estado.length,
    params.canal.length,
    params.tipo.length,
    params.asignado !== null,
    params.desde || params.hasta,
    params.inmueble !== null,
  ].filter(Boolean).length;

  useEffect(() => {
    if (q !== params.q) cambiar({ q });
    // Only the typed text drives this; the URL's q follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const enlace = (numero: number) => {
    const n = new URLSearchParams(sp);
    n.set('abrir', String(numero));
    return `?${n.toString()}`;
  };
  const orden = (k: NonNullable<SolicitudesParams['sort']>) =>
    params.sort === k || (params.sort === null && k === 'numero') ? ORDEN_ANTD[params.order ?? 'desc'] : null;

  const columnas: TableProps<SolicitudResumen>['columns'] = [
    {
      key: 'numero',
      title: 'N.º',
      sorter: true,
      sortOrder: orden('numero'),
      width: 80,
      render: (_v, s) => <Link to={enlace(s.numero)}>{s.numero}</Link>,
    },
    {
      key: 'estado',
      title: 'Estado',
      sorter: true,
      sortOrder: orden('estado'),
      width: 120,
      render: (_v, s) => <EstadoTag estado={s.estado} />,
    },
    {
      key: 'fecha_recepcion',
      title: 'Recibida',
      sorter: true,
      sortOrder: orden('fecha_recepcion'),
      width: 180,
      className: 'solicitud-fecha',
      render: (_v, s) => formatFechaHora(s.fecha_recepcion),
    },
    {
      key: 'solicitante',
      title: 'Solicitante',
      render: (_v, s) => (
        <div className="solicitud-celda">
          <Link to={enlace(s.numero)}>{nombreSolicitante(s)}</Link>
          {contacto(s) ? <Typography.Text type="secondary">{contacto(s)}</Typography.Text> : null}
        </div>
      ),
    },
    {
      key: 'tipo',
      title: 'Tipo y canal',
      sorter: true,
      sortOrder: orden('tipo'),
      render: (_v, s) => (
        <div className="solicitud-celda">
          <span>{etiquetaTipo(s.tipo)}</span>
          <Typography.Text type="secondary">{canal(s)}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'inmueble',
      title: 'Inmueble',
      ellipsis: true,
      width: 220,
      responsive: ['xxl'],
      render: (_v, s) =>
        s.inmueble ? (
          <Link to={`/propiedades/inmueble/${s.inmueble.consecutivo}`} title={s.inmueble.direccion}>
            {s.inmueble.consecutivo} · {s.inmueble.direccion}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      key: 'asignado',
      title: 'Asignado a',
      render: (_v, s) => s.asignado?.nombre ?? <Typography.Text type="secondary">Sin asignar</Typography.Text>,
    },
  ];

  const opcionesAsignado = [
    { value: 'ninguno', label: 'Sin asignar' },
    ...(asignables.data ?? []).map((u) => ({ value: String(u.id), label: u.nombre })),
  ];
  const filtros = (
    <div className="solicitudes-filtros">
      <Input.Search
        aria-label="Buscar solicitudes"
        placeholder={movil ? 'Buscar' : 'Número, contacto, tercero o mensaje'}
        allowClear
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        className="solicitudes-buscar"
      />
      {movil ? (
        <Button icon={<FilterOutlined />} onClick={() => setVerFiltros((v) => !v)} aria-expanded={verFiltros}>
          Filtros{activos > 0 ? ` (${activos})` : ''}
        </Button>
      ) : null}
      {movil && !verFiltros ? null : (
        <>
          <Select
            aria-label="Estado"
            mode="multiple"
            maxTagCount="responsive"
            placeholder="Todos los estados"
            allowClear
            value={params.estado}
            onChange={(v) => cambiar({ estado: v })}
            options={ESTADOS_SOLICITUD.map((e) => ({ value: e.value, label: e.label }))}
            className="solicitudes-filtro"
          />
          <Select
            aria-label="Canal"
            mode="multiple"
            maxTagCount="responsive"
            placeholder="Todos los canales"
            allowClear
            value={params.canal}
            onChange={(v) => cambiar({ canal: v })}
            options={CANALES.map((e) => ({ value: e.value, label: e.label }))}
            className="solicitudes-filtro"
          />
          <Select
            aria-label="Tipo"
            mode="multiple"
            maxTagCount="responsive"
            placeholder="Todos los tipos"
            allowClear
            value={params.tipo}
            onChange={(v) => cambiar({ tipo: v })}
            options={TIPOS_SOLICITUD.map((e) => ({ value: e.value, label: e.label }))}
            className="solicitudes-filtro"
          />
          <Select
            aria-label="Asignado a"
            placeholder="Cualquier asignado"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={params.asignado === null ? undefined : String(params.asignado)}
            onChange={(v?: string) => cambiar({ asignado: v === undefined ? null : v === 'ninguno' ? 'ninguno' : Number(v) })}
            options={opcionesAsignado}
            className="solicitudes-filtro"
          />
          <DatePicker.RangePicker
            aria-label="Fecha de recepción"
            format="DD/MM/YYYY"
            placeholder={['Recibida desde', 'Hasta']}
            value={[params.desde ? dayjs(params.desde) : null, params.hasta ? dayjs(params.hasta) : null]}
            onChange={(r) =>
              cambiar({ desde: r?.[0]?.format('YYYY-MM-DD') ?? null, hasta: r?.[1]?.format('YYYY-MM-DD') ?? null })
            }
            className="solicitudes-fechas"
          />
          <Input
            aria-label="Inmueble (consecutivo)"
            placeholder="Inmueble n.º"
            inputMode="numeric"
            allowClear
            key={params.inmueble ?? 'sin'}
            defaultValue={params.inmueble ?? ''}
            onPressEnter={(e) => cambiar({ inmueble: Number(e.currentTarget.value) || null })}
            onBlur={(e) => {
              const n = Number(e.currentTarget.value) || null;
              if (n !== params.inmueble) cambiar({ inmueble: n });
            }}
            className="solicitudes-inmueble"
          />
          {conFiltros(params) ? (
            <Button
              onClick={() => {
                setTexto('');
                cambiar({ q: '', estado: [], canal: [], tipo: [], asignado: null, desde: null, hasta: null, inmueble: null });
              }}
            >
              Limpiar filtros
            </Button>
          ) : null}
        </>
      )}
    </div>
  );

  const botones = (
    <Space wrap>
      <ExportarMenu
        onElegir={(formato) => exportar.mutate({ params, formato })}
        cargando={exportar.isPending}
        soloIcono={movil}
      />
      <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir('nueva')} aria-label="Nueva solicitud">
        {movil ? 'Nueva' : 'Nueva solicitud'}
      </Button>
    </Space>
  );

  const vacio = (
    <Empty
      description={conFiltros(params) ? 'Ninguna solicitud coincide con los filtros' : 'Aún no hay solicitudes registradas'}
    />
  );
  const paginacion = {
    current: params.page,
    pageSize: params.pageSize,
    total: lista.data?.total ?? 0,
    showSizeChanger: !movil,
    showTotal: (n: number) => `${formatNumero(n)} solicitudes`,
  };

  let cuerpo;
  if (lista.isPending) cuerpo = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (lista.isError && lista.data === undefined)
    cuerpo = (
      <ErrorDeCarga
        titulo="No se pudo cargar la lista de solicitudes"
        error={lista.error}
        onReintentar={() => void lista.refetch()}
      />
    );
  else if (movil)
    // A phone gets one card per request, everything stacked.
    cuerpo = (
      <>
        {(lista.data?.items.length ?? 0) === 0 ? (
          <div className="solicitudes-vacio">{vacio}</div>
        ) : (
          <ul className="solicitudes-tarjetas" aria-label="Solicitudes" aria-busy={lista.isFetching}>
            {lista.data?.items.map((s) => (
              <li key={s.numero} className="solicitud-tarjeta">
                <div className="solicitud-tarjeta-cabeza">
                  <Link to={enlace(s.numero)} className="solicitud-tarjeta-titulo">
                    {s.numero} · {nombreSolicitante(s)}
                  </Link>
                  <EstadoTag estado={s.estado} />
                </div>
                <div>
                  {etiquetaTipo(s.tipo)} · {canal(s)}
                </div>
                <Typography.Text type="secondary">
                  {formatFechaHora(s.fecha_recepcion)} · {s.asignado?.nombre ?? 'Sin asignar'}
                </Typography.Text>
                {s.mensaje ? (
                  <Typography.Paragraph ellipsis={{ rows: 2 }} className="solicitud-tarjeta-mensaje">
                    {s.mensaje}
                  </Typography.Paragraph>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {(lista.data?.total ?? 0) > params.pageSize ? (
          <Pagination {...paginacion} simple onChange={(page) => cambiar({ page })} className="solicitudes-paginas" />
        ) : null}
      </>
    );
  else
    cuerpo = (
      <Table<SolicitudResumen>
        rowKey="numero"
        size="middle"
        columns={columnas}
        dataSource={lista.data?.items ?? []}
        loading={lista.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: vacio }}
        onChange={(pag, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort = s?.order ? (s.columnKey as SolicitudesParams['sort']) : null;
          cambiar({
            page: pag.current ?? 1,
            pageSize: pag.pageSize ?? params.pageSize,
            sort,
            order: s?.order === 'descend' ? 'desc' : s?.order === 'ascend' ? 'asc' : null,
          });
        }}
        pagination={paginacion}
      />
    );

  return (
    <Card title="Solicitudes" extra={botones} className="solicitudes-page">
      {filtros}
      {cuerpo}
      <SolicitudDrawer abierta={abierta} onCerrar={() => abrir(null)} onAbrir={(n) => abrir(n)} />
    </Card>
  );
}
