import { Button, Card, DatePicker, Grid, Input, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import {
  CANALES,
  ESTADOS_SOLICITUD,
  PORTALES_SOLICITUD,
  TIPOS_SOLICITUD,
  etiquetaCanal,
  etiquetaPortal,
  etiquetaTipo,
  nombreSolicitante,
  type SolicitudResumen,
} from '@predio/contract/solicitudes';
import { formatFechaHora } from '../../lib/format.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useExportarSolicitudes } from './api/exportar-solicitudes.ts';
import { useAsignables } from './api/get-asignables.ts';
import { useSolicitudes } from './api/get-solicitudes.ts';
import { EstadoTag, SolicitudDrawer } from './solicitud-drawer.tsx';
import { useSolicitudesParams, type Abierta, type SolicitudesParams } from './solicitudes-params.ts';
import './solicitudes.css';

const canal = (s: SolicitudResumen) => `${etiquetaCanal(s.canal)}${s.portal ? ` · ${etiquetaPortal(s.portal)}` : ''}`;
const contacto = (s: SolicitudResumen) => s.contacto_telefono || s.contacto_email || s.tercero?.celular || s.tercero?.email || '';

/** Propiedades > Solicitudes (idm 73): requests with their filters in the URL, export and a detail drawer. */
export function SolicitudesPage() {
  const { params, cambiar, limpiar, hayFiltros, abierto, abrir: abrirUrl, enlace: enlaceUrl } = useSolicitudesParams();
  const abierta: Abierta = abierto === 'nuevo' ? 'nueva' : abierto;
  const abrir = (a: Abierta) => abrirUrl(a === 'nueva' ? 'nuevo' : a);
  const enlace = (numero: number) => enlaceUrl(numero);
  const lista = useSolicitudes(params);
  const exportar = useExportarSolicitudes();
  const asignables = useAsignables();
  const movil = Grid.useBreakpoint().md === false;
  const activos = [
    params.estado.length,
    params.canal.length,
    params.portal.length,
    params.tipo.length,
    params.asignado !== null,
    params.desde || params.hasta,
    params.inmueble !== null,
  ].filter(Boolean).length;

  const columnas: ColumnaLista<SolicitudResumen>[] = [
    {
      key: 'numero',
      title: 'N.º',
      ordenable: true,
      width: 80,
      render: (_v, s) => <Link to={enlace(s.numero)}>{s.numero}</Link>,
    },
    {
      key: 'estado',
      title: 'Estado',
      ordenable: true,
      width: 120,
      render: (_v, s) => <EstadoTag estado={s.estado} />,
    },
    {
      key: 'fecha_recepcion',
      title: 'Recibida',
      ordenable: true,
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
      ordenable: true,
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
      {params.canal.includes('portal') || params.portal.length > 0 ? (
        <Select
          aria-label="Portal"
          mode="multiple"
          maxTagCount="responsive"
          placeholder="Todos los portales"
          allowClear
          value={params.portal}
          onChange={(v) => cambiar({ portal: v })}
          options={PORTALES_SOLICITUD.map((e) => ({ value: e.value, label: e.label }))}
          className="solicitudes-filtro"
        />
      ) : null}
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
        onChange={(r) => cambiar({ desde: r?.[0]?.format('YYYY-MM-DD') ?? null, hasta: r?.[1]?.format('YYYY-MM-DD') ?? null })}
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
    </>
  );

  return (
    <Card title="Solicitudes" className="solicitudes-page">
      <ListPage<SolicitudResumen, NonNullable<SolicitudesParams['sort']>>
        sustantivo={{ singular: 'solicitud', plural: 'solicitudes' }}
        consulta={lista}
        columnas={columnas}
        claveColumnas="solicitudes"
        estado={params}
        ordenPorDefecto={{ sort: 'numero', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }, { replace: true }),
          placeholder: movil ? 'Buscar' : 'Número, contacto, tercero o mensaje',
          titulo: 'Busca por número, contacto, tercero o mensaje',
        }}
        filtros={filtros}
        filtrosActivos={activos}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir('nueva')} aria-label="Nueva solicitud">
            {movil ? 'Nueva' : 'Nueva solicitud'}
          </Button>
        }
        onExportar={(formato) => exportar.mutateAsync({ params, formato })}
        vacio={{ texto: 'Aún no hay solicitudes registradas' }}
        tarjeta={(s) => (
          <>
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
          </>
        )}
        filaClave={(s) => s.numero}
        tituloError="No se pudo cargar la lista de solicitudes"
      />
      <SolicitudDrawer abierta={abierta} onCerrar={() => abrir(null)} onAbrir={(n) => abrir(n)} />
    </Card>
  );
}
