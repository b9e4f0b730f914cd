import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Card, Empty, Grid, Segmented, Select, Space, Tag, Typography } from 'antd';
import { AppstoreOutlined, EnvironmentOutlined, HomeOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_ESTADO,
  ETIQUETAS_GESTION,
  ETIQUETAS_TIPO,
  IDM_INMUEBLE,
  VISTAS_BUSCADOR,
  type InmuebleResumen,
} from '@predio/contract/inmuebles';
import { PAGE_SIZE_DEFAULT } from '@predio/contract/list';
import { hasIdm } from '@predio/contract/menu';
import { totalDelPaginador } from '../../lib/paginador.ts';
import { formatNumero } from '../../lib/format.ts';
import { usePermisos, useSession } from '../../lib/session-store.ts';
import { useExportarInmuebles } from './api/exportar-inmuebles.ts';
import { useConteoInmuebles } from './api/get-conteo-inmuebles.ts';
import { useInmuebles } from './api/get-inmuebles.ts';
import { useGuardarVista } from './api/guardar-vista.ts';
import { InmueblesFiltros } from './inmuebles-filtros.tsx';
import { InmueblesMapa } from './inmuebles-mapa.tsx';
import { ORDENES, ordenDe, useInmueblesParams } from './inmuebles-params.ts';
import { avisoConsignacion, COLOR_ESTADO, area, medidas, precios, srcSetPortada, titulo, urlPortada } from './presentacion.ts';
import './inmuebles.css';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';

export const enlaceInmueble = (consecutivo: number) => `/propiedades/inmueble/${consecutivo}`;

/**
 * The cover photo, or a house where there is none (the server answers 404). A card's cover is about
 * 340 px wide, so the browser takes the miniatura unless the screen is dense; a list row shows it small.
 */
function Portada({ i, enLista = false }: { i: InmuebleResumen; enLista?: boolean }) {
  const [falla, setFalla] = useState(false);
  const clase = enLista ? 'inm-portada inm-portada-fila' : 'inm-portada';
  return falla ? (
    <div className={`${clase} inm-portada-vacia`} role="img" aria-label="Sin foto">
      <HomeOutlined />
    </div>
  ) : (
    <img
      className={clase}
      src={urlPortada(i.consecutivo, enLista ? 'miniatura' : 'grande')}
      {...(enLista ? {} : { srcSet: srcSetPortada(i.consecutivo), sizes: '(max-width: 767px) 100vw, 340px' })}
      // In a card the title below names the property; repeating it would double the link's name.
      alt={enLista ? `Foto del inmueble ${i.consecutivo}` : ''}
      loading="lazy"
      onError={() => setFalla(true)}
    />
  );
}

/** «Consignación vencida» or «… vence en N días» while the property is on the market; the date in its tooltip. */
function TagConsignacion({ i }: { i: InmuebleResumen }) {
  const aviso = avisoConsignacion(i);
  return aviso ? (
    <Tag color={aviso.color} title={aviso.texto} className="inm-tag-consignacion">
      {aviso.corto}
    </Tag>
  ) : null;
}

function Tarjeta({ i }: { i: InmuebleResumen }) {
  return (
    // Named by what it shows (consecutivo, gestión, title, address, price), as a person reads the card.
    <Link to={enlaceInmueble(i.consecutivo)} className="inm-tarjeta-enlace">
      <Card hoverable className="inm-tarjeta" cover={<Portada i={i} />} size="small">
        <Space size={4} wrap>
          <Tag>
            <span className="visually-hidden">Inmueble </span>
            {i.consecutivo}
          </Tag>
          <Tag color="blue">{ETIQUETAS_GESTION[i.gestion]}</Tag>
          {i.estado !== 'disponible' ? <Tag color={COLOR_ESTADO[i.estado]}>{ETIQUETAS_ESTADO[i.estado]}</Tag> : null}
          <TagConsignacion i={i} />
        </Space>
        <Typography.Title level={5} className="inm-tarjeta-titulo">
          {titulo(i)}
        </Typography.Title>
        <Typography.Text type="secondary" ellipsis>
          {i.direccion}
          {i.municipio ? `, ${i.municipio}` : ''}
        </Typography.Text>
        <div className="inm-tarjeta-precio">
          {precios(i).map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
        <Typography.Text type="secondary" className="inm-tarjeta-datos">
          {medidas(i)}
        </Typography.Text>
      </Card>
    </Link>
  );
}

export function InmueblesDisponiblesPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { params, set, consulta, filtro, page, limpiar } = useInmueblesParams();
  const lista = useInmuebles(consulta);
  const conteo = useConteoInmuebles(filtro);
  const exportar = useExportarInmuebles();
  const vista = useSession((s) => s.tipoVistaInmueblesBuscador);
  const guardarVista = useGuardarVista();
  const puedeCrear = hasIdm(usePermisos(), IDM_INMUEBLE);
  const movil = Grid.useBreakpoint().md === false;
  // On a phone the views show their icons only; the name stays for screen readers.
  const nombreVista = (n: string) => (movil ? <span className="visually-hidden">{n}</span> : n);
  const orden = ordenDe(params);

  const columnas: ColumnaLista<InmuebleResumen>[] = [
    {
      key: 'consecutivo',
      title: 'Consecutivo',
      dataIndex: 'consecutivo',
      width: 100,
      fija: true,
      render: (n: number) => <Link to={enlaceInmueble(n)}>{n}</Link>,
    },
    { title: 'Foto', key: 'foto', width: 88, render: (_: unknown, i) => <Portada i={i} enLista /> },
    {
      title: 'Tipo y gestión',
      key: 'tipo',
      width: 136,
      render: (_: unknown, i) => (
        <div>
          <div>{ETIQUETAS_TIPO[i.tipo]}</div>
          <Typography.Text type="secondary">{ETIQUETAS_GESTION[i.gestion]}</Typography.Text>
        </div>
      ),
    },
    {
      title: 'Ubicación',
      key: 'ubicacion',
      render: (_: unknown, i) => (
        <div>
          <div>{i.direccion}</div>
          <Typography.Text type="secondary">{[i.barrio, i.municipio].filter(Boolean).join(', ')}</Typography.Text>
        </div>
      ),
    },
    { key: 'area', title: 'Área', dataIndex: 'area', width: 96, align: 'right', render: (a: number | null) => area(a) ?? '—' },
    { key: 'habitaciones', title: 'Hab.', etiqueta: 'Habitaciones', dataIndex: 'habitaciones', width: 60, align: 'right' },
    { key: 'banos', title: 'Baños', dataIndex: 'banos', width: 66, align: 'right' },
    { key: 'parqueaderos', title: 'Parq.', etiqueta: 'Parqueaderos', dataIndex: 'parqueaderos', width: 60, align: 'right' },
    { key: 'estrato', title: 'Estrato', dataIndex: 'estrato', width: 72, align: 'right', render: (e: number | null) => e ?? '—' },
    {
      title: 'Precio',
      key: 'precio',
      width: 156,
      align: 'right',
      render: (_: unknown, i) => (
        <div className="inm-precio">
          {precios(i).map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
      ),
    },
    {
      key: 'estado',
      title: 'Estado',
      dataIndex: 'estado',
      width: 116,
      render: (e: InmuebleResumen['estado'], i) => (
        <>
          <Tag color={COLOR_ESTADO[e]}>{ETIQUETAS_ESTADO[e]}</Tag>
          <TagConsignacion i={i} />
        </>
      ),
    },
  ];

  const descargar = (formato: 'xlsx' | 'csv') =>
    exportar.mutateAsync({ consulta, formato }).then(
      () => void message.success('Exportación descargada'),
      (e: Error) => void message.error(e.message),
    );

  const items = lista.data?.items ?? [];
  const hayMas = lista.data?.hayMas ?? false;
  // The page comes without its count (asked apart): what it read already shows some matches, and all
  // of them when it is the last page.
  const alcanzado = items.length > 0 ? (page - 1) * PAGE_SIZE_DEFAULT + items.length + (hayMas ? 1 : 0) : 0;
  const ultimaPagina = lista.data && !lista.isPlaceholderData && !hayMas && (items.length > 0 || page === 1);
  const total = conteo.data?.total ?? (ultimaPagina ? alcanzado : null);
  const hayFiltros = filtro !== '';
  const vacio =
    page > 1 ? (
      <Empty description="No hay inmuebles en esta página">
        <Button onClick={() => set({ page: null })}>Ir a la primera página</Button>
      </Empty>
    ) : (
      <Empty description={hayFiltros ? 'Ningún inmueble cumple los filtros' : 'No hay inmuebles disponibles todavía'}>
        {hayFiltros ? <Button onClick={limpiar}>Limpiar filtros</Button> : null}
      </Empty>
    );

  // The list view is the shell's table; cards (and a phone's list) and the map show the same page.
  const contenido =
    lista.data === undefined ? undefined : vista === VISTAS_BUSCADOR.mapa ? (
      <InmueblesMapa items={items} />
    ) : items.length === 0 ? (
      vacio
    ) : vista === VISTAS_BUSCADOR.tarjetas || movil ? (
      <div className="inm-tarjetas" aria-busy={lista.isFetching}>
        {items.map((i) => (
          <Tarjeta key={i.consecutivo} i={i} />
        ))}
      </div>
    ) : undefined;

  return (
    <Card className="inm-pagina">
      <InmueblesFiltros params={params} set={set} limpiar={limpiar} />
      <ListPage<InmuebleResumen>
        sustantivo={{ singular: 'inmueble', plural: 'inmuebles' }}
        consulta={{
          data: lista.data && {
            items,
            total: conteo.data?.total ?? alcanzado,
            // Until the count arrives the page knows only a lower bound: no jump to a «last» page yet.
            totalExacto: conteo.data ? conteo.data.totalExacto !== false : ultimaPagina === true,
          },
          isFetching: lista.isFetching,
          isPlaceholderData: lista.isPlaceholderData,
          error: lista.error,
          refetch: () => void lista.refetch(),
        }}
        tituloError="No se pudo cargar la búsqueda"
        columnas={columnas}
        claveColumnas="inmuebles-disponibles"
        estado={{ page, pageSize: PAGE_SIZE_DEFAULT, sort: null, order: null }}
        pageSizes={[PAGE_SIZE_DEFAULT]}
        onCambiar={(c) => {
          if (c.page !== undefined) set({ page: c.page === 1 ? null : c.page });
        }}
        hayFiltros={hayFiltros}
        vacio={{ texto: 'No hay inmuebles disponibles todavía' }}
        vacioPropio={vacio}
        resumen={
          <Typography.Text strong>
            {!lista.data
              ? 'Buscando…'
              : conteo.data?.totalExacto === false
                ? `Más de ${formatNumero(conteo.data.total)} inmuebles: afine los filtros`
                : total !== null
                  ? `${formatNumero(total)} ${total === 1 ? 'inmueble' : 'inmuebles'}`
                  : conteo.isError
                    ? 'No se pudo contar los inmuebles'
                    : 'Contando…'}
          </Typography.Text>
        }
        totalPaginador={totalDelPaginador(conteo.data?.total ?? 0, conteo.data?.totalExacto, alcanzado)}
        acciones={
          <>
            <Select
              aria-label="Ordenar por"
              className="inm-orden"
              value={orden}
              options={ORDENES}
              onChange={(v: string) => {
                const [sort, order] = v ? v.split(':') : [null, null];
                set({ sort, order });
              }}
            />
            <Segmented
              aria-label="Vista"
              value={vista}
              onChange={(v) => guardarVista.mutate(Number(v))}
              options={[
                { value: VISTAS_BUSCADOR.lista, icon: <UnorderedListOutlined />, label: nombreVista('Lista') },
                { value: VISTAS_BUSCADOR.tarjetas, icon: <AppstoreOutlined />, label: nombreVista('Tarjetas') },
                { value: VISTAS_BUSCADOR.mapa, icon: <EnvironmentOutlined />, label: nombreVista('Mapa') },
              ]}
            />
            {puedeCrear ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/propiedades/inmueble/nuevo')}>
                Nuevo inmueble
              </Button>
            ) : null}
          </>
        }
        onExportar={descargar}
        contenido={contenido}
        ancho={1100}
        filaClave={(i) => i.consecutivo}
        onFilaDoble={(i) => void navigate(enlaceInmueble(i.consecutivo))}
      />
    </Card>
  );
}
