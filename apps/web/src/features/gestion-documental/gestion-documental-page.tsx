import { Button, Card, DatePicker, Grid, Select, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { hasIdm } from '@predio/contract/menu';
import {
  ETIQUETAS_TIPO_RADICADO,
  IDM_GESTION_DOCUMENTAL,
  TIPOS_RADICADO,
  type Radicado,
  type TipoRadicado,
} from '@predio/contract/gestion-documental';
import { DetalleDrawer } from '../../components/lista/detalle-drawer.tsx';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { descargar } from '../../lib/descargar.ts';
import { formatFecha } from '../../lib/format.ts';
import { usePermisos } from '../../lib/session-store.ts';
import { parametros, useOpcionesRadicado, useRadicado, useRadicados, type FiltrosRadicados } from './api/radicados.ts';
import { listaRadicados, type OrdenRadicados } from './listado-filtros.ts';
import { ExpedientesTab } from './expedientes-tab.tsx';
import { FiltrosTrd } from './filtros-trd.tsx';
import { FiltrosRelacionados } from './selectores-relacionados.tsx';
import { RadicadoDetalle, TipoTag } from './radicado-detalle.tsx';
import { RadicadoForm } from './radicado-form.tsx';
import { RetencionTab } from './retencion-tab.tsx';
import './gestion-documental.css';

const PATH = '/gestion-documental/gestion-documental';
const PESTANAS = ['radicados', 'expedientes', 'retencion'] as const;
const fecha = (d: string) => formatFecha(`${d}T12:00:00`);

/**
 * Gestión documental (idm 10579): the company's radicados (filing, documents), in a second tab
 * (`?pestana=expedientes`) the expedientes that group them, and in a third (`?pestana=retencion`) the
 * expedientes due for transfer to the central archive or for their final disposition.
 */
export function GestionDocumentalPage() {
  const [sp, setSp] = useSearchParams();
  const puedeEditar = hasIdm(usePermisos(), IDM_GESTION_DOCUMENTAL);
  return (
    <SectionTabs
      activeKey={PESTANAS.find((p) => p === sp.get('pestana')) ?? 'radicados'}
      onChange={(k) => setSp(k === 'radicados' ? {} : { pestana: k })}
      destroyOnHidden
      items={[
        { key: 'radicados', label: 'Radicados', children: <Radicados /> },
        { key: 'expedientes', label: 'Expedientes', children: <ExpedientesTab puedeEditar={puedeEditar} /> },
        { key: 'retencion', label: 'Retención', children: <RetencionTab puedeEditar={puedeEditar} /> },
      ]}
    />
  );
}

function Radicados() {
  const { params, cambiar, limpiar, hayFiltros, abierto, abrir, enlace } = useListaUrl(listaRadicados, PATH, {
    detalle: { clave: 'abrir', nuevo: 'nuevo' },
  });
  const movil = Grid.useBreakpoint().md === false;
  const opciones = useOpcionesRadicado();
  const puedeRadicar = hasIdm(usePermisos(), IDM_GESTION_DOCUMENTAL);
  const filtros: FiltrosRadicados = {
    q: params.q || undefined,
    tipo: params.tipo ?? undefined,
    id_area: params.id_area ?? undefined,
    id_serie: params.id_serie ?? undefined,
    id_subserie: params.id_subserie ?? undefined,
    id_tipo_documental: params.id_tipo_documental ?? undefined,
    id_estado: params.id_estado ?? undefined,
    inmueble: params.inmueble ?? undefined,
    id_contrato: params.id_contrato ?? undefined,
    desde: params.desde ?? undefined,
    hasta: params.hasta ?? undefined,
    sort: params.sort ?? undefined,
    order: params.order ?? undefined,
  };
  const lista = useRadicados({ ...filtros, page: params.page, pageSize: params.pageSize }, '/gestion-documental/radicados');
  const idAbierto = typeof abierto === 'number' ? abierto : null;
  const detalle = useRadicado(idAbierto);

  const columnas: ColumnaLista<Radicado>[] = [
    {
      key: 'radicado',
      title: 'Radicado',
      ordenable: true,
      width: 170,
      render: (_v, r) => <Link to={enlace(r.id)}>{r.radicado}</Link>,
    },
    { key: 'tipo', title: 'Tipo', width: 80, render: (_v, r) => <TipoTag tipo={r.tipo} /> },
    { key: 'fecha', title: 'Fecha', ordenable: true, width: 100, render: (_v, r) => fecha(r.fecha) },
    { key: 'asunto', dataIndex: 'asunto', title: 'Asunto', ordenable: true },
    { key: 'tercero', title: 'Remitente / destinatario', width: 180, render: (_v, r) => r.tercero?.nombre ?? '—' },
    { key: 'area', title: 'Área', width: 130, render: (_v, r) => r.area.nombre },
    {
      key: 'serie',
      title: 'Serie / subserie',
      oculta: true,
      render: (_v, r) => [r.serie?.nombre, r.subserie?.nombre].filter(Boolean).join(' / ') || '—',
    },
    {
      key: 'estado',
      title: 'Estado',
      width: 110,
      render: (_v, r) => (r.estado ? <Tag color={r.estado.color ?? undefined}>{r.estado.nombre}</Tag> : '—'),
    },
    { key: 'archivos', title: 'Archivos', width: 90, oculta: true, render: (_v, r) => r.archivos },
  ];

  const activos = [
    params.tipo,
    params.id_area,
    params.id_serie,
    params.id_subserie,
    params.id_tipo_documental,
    params.id_estado,
    params.inmueble,
    params.id_contrato,
    params.desde || params.hasta,
  ].filter((x) => x !== null && x !== '').length;

  return (
    <Card title="Gestión documental" className="gestion-documental-page">
      <ListPage<Radicado, OrdenRadicados>
        sustantivo={{ singular: 'radicado', plural: 'radicados' }}
        consulta={lista}
        columnas={columnas}
        claveColumnas="radicados"
        estado={params}
        ordenPorDefecto={{ sort: 'radicado', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }, { replace: true }),
          placeholder: movil ? 'Buscar' : 'Radicado, asunto, tercero o texto',
          titulo: 'Busca por número de radicado, asunto, remitente / destinatario o una palabra dentro de sus PDF',
        }}
        filtros={
          <>
            <Select
              allowClear
              aria-label="Tipo de radicado"
              placeholder="Entrada, salida o interna"
              value={params.tipo ?? undefined}
              options={TIPOS_RADICADO.map((t) => ({ value: t, label: ETIQUETAS_TIPO_RADICADO[t] }))}
              onChange={(v?: TipoRadicado) => cambiar({ tipo: v ?? null })}
              className="gd-filtro"
            />
            <Select
              allowClear
              aria-label="Área"
              placeholder="Todas las áreas"
              value={params.id_area ?? undefined}
              showSearch={{ optionFilterProp: 'label' }}
              options={(opciones.data?.areas ?? []).map((a) => ({ value: a.id, label: a.nombre }))}
              onChange={(v?: number) => cambiar({ id_area: v ?? null })}
              className="gd-filtro"
            />
            <FiltrosTrd opciones={opciones.data} valores={params} cambiar={cambiar} />
            <FiltrosRelacionados valores={params} cambiar={cambiar} />
            <Select
              allowClear
              aria-label="Estado"
              placeholder="Todos los estados"
              value={params.id_estado ?? undefined}
              options={(opciones.data?.estados ?? []).map((e) => ({ value: e.id, label: e.nombre }))}
              onChange={(v?: number) => cambiar({ id_estado: v ?? null })}
              className="gd-filtro"
            />
            <DatePicker.RangePicker
              format="DD/MM/YYYY"
              aria-label="Fechas"
              placeholder={['Desde', 'Hasta']}
              value={[params.desde ? dayjs(params.desde) : null, params.hasta ? dayjs(params.hasta) : null]}
              onChange={(r) =>
                cambiar({ desde: r?.[0]?.format('YYYY-MM-DD') ?? null, hasta: r?.[1]?.format('YYYY-MM-DD') ?? null })
              }
            />
          </>
        }
        filtrosActivos={activos}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          puedeRadicar ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir('nuevo')} aria-label="Radicar documento">
              {movil ? 'Radicar' : 'Radicar documento'}
            </Button>
          ) : null
        }
        onExportar={(formato) => descargar(`/gestion-documental/radicados/exportar?${parametros(filtros)}&formato=${formato}`)}
        vacio={{ texto: 'Aún no hay radicados' }}
        tarjeta={(r) => (
          <div className="gd-tarjeta">
            <div className="gd-tarjeta-cabeza">
              <Link to={enlace(r.id)}>
                <strong>{r.radicado}</strong>
              </Link>
              <TipoTag tipo={r.tipo} />
            </div>
            <span>{r.asunto}</span>
            <Typography.Text type="secondary">
              {fecha(r.fecha)} · {r.area.nombre}
              {r.tercero ? ` · ${r.tercero.nombre}` : ''}
            </Typography.Text>
          </div>
        )}
        filaClave={(r) => r.id}
        tituloError="No se pudo cargar la lista de radicados"
      />
      <DetalleDrawer<Radicado>
        abierto={abierto !== null}
        onCerrar={() => abrir(null)}
        titulo={abierto === 'nuevo' ? 'Radicar documento' : detalle.data ? `Radicado ${detalle.data.radicado}` : 'Radicado'}
        consulta={idAbierto === null ? undefined : detalle}
        nombre="el radicado"
        contenido={(r) => <RadicadoDetalle r={r} soloLectura={!puedeRadicar} />}
      >
        {abierto === 'nuevo' ? (
          <RadicadoForm onRadicado={(r) => abrir(r.id, { replace: true })} onCancelar={() => abrir(null)} />
        ) : null}
      </DetalleDrawer>
    </Card>
  );
}
