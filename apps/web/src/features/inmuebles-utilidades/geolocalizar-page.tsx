import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AimOutlined, EnvironmentOutlined, SaveOutlined } from '@ant-design/icons';
import { etiquetaTipo, type InmuebleUbicacion } from '@predio/contract/inmuebles-utilidades';
import { ETIQUETAS_ESTADO, ESTADOS_INMUEBLE, type EstadoInmueble } from '@predio/contract/inmuebles';
import { MapaInmuebles } from '../../components/mapa/mapa-inmuebles-lazy.tsx';
import type { LatLng, PuntoMapa } from '../../components/mapa/tipos.ts';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';
import { formatNumero } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { useOpcionesUtilidades } from './api/get-opciones.ts';
import { useUbicaciones } from './api/get-ubicaciones.ts';
import { useGuardarUbicacion } from './api/guardar-ubicacion.ts';
import { precioInmueble, tituloInmueble } from './formato.ts';
import './utilidades.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';

const PATH = '/archivo/utilidades/geo-localizar-inmuebles';
const redondear = (n: number) => Math.round(n * 1e6) / 1e6;

/** Archivo > Utilidades > Geolocalizar inmuebles (idm 31): place properties on the map. */
export function GeolocalizarPage() {
  const { message } = App.useApp();
  const [params, setParams] = useUrlEstado(PATH);
  const todos = params.get('todos') === '1';
  const municipio = Number(params.get('municipio')) || undefined;
  const estado = (params.get('estado') as EstadoInmueble | null) ?? undefined;
  const q = params.get('q') ?? undefined;
  const page = Number(params.get('page') ?? 1) || 1;
  const lista = useUbicaciones({ sinCoordenadas: !todos, municipio, estado, q, page, pageSize: 20 });
  const opciones = useOpcionesUtilidades();
  const guardar = useGuardarUbicacion();

  const [elegido, setElegido] = useState<InmuebleUbicacion | null>(null);
  const [borrador, setBorrador] = useState<{ lat: number | null; lng: number | null }>({ lat: null, lng: null });
  const [error, setError] = useState<string | null>(null);

  const items = useMemo(() => lista.data?.items ?? [], [lista.data]);
  const puntos: PuntoMapa[] = useMemo(
    () =>
      items
        .filter((i) => i.lat !== null && i.lng !== null && i.consecutivo !== elegido?.consecutivo)
        .map((i) => ({
          consecutivo: i.consecutivo,
          lat: i.lat!,
          lng: i.lng!,
          titulo: tituloInmueble(i.tipo, i.gestion),
          direccion: [i.direccion, i.barrio, i.municipio].filter(Boolean).join(', '),
          precio: precioInmueble(i),
        })),
    [items, elegido],
  );

  const panel = useRef<HTMLDivElement>(null);
  const elegir = (i: InmuebleUbicacion) => {
    setElegido(i);
    setBorrador({ lat: i.lat, lng: i.lng });
    setError(null);
    // On a phone the map sits below the list.
    if (window.matchMedia('(max-width: 1199px)').matches)
      requestAnimationFrame(() => panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };
  const mover = (p: LatLng) => {
    setBorrador({ lat: redondear(p.lat), lng: redondear(p.lng) });
    setError(null);
  };

  const completo = borrador.lat !== null && borrador.lng !== null;
  const sinCambio = elegido !== null && borrador.lat === elegido.lat && borrador.lng === elegido.lng;
  const enviar = async (quitar = false) => {
    if (!elegido) return;
    setError(null);
    try {
      await guardar.mutateAsync({
        consecutivo: elegido.consecutivo,
        body: { lat: quitar ? null : borrador.lat, lng: quitar ? null : borrador.lng, version: elegido.version },
      });
      void message.success(
        quitar
          ? `Se quitó la ubicación del inmueble ${elegido.consecutivo}`
          : `Ubicación del inmueble ${elegido.consecutivo} guardada`,
      );
      setElegido(null);
      setBorrador({ lat: null, lng: null });
    } catch (e) {
      // A refused value: its message names the field (Latitud, Longitud), without the API's key prefix.
      if (e instanceof ApiError && e.campos.length > 0) setError(e.campos.map((c) => c.mensaje).join('. '));
      else setError(e instanceof Error ? e.message : String(e));
    }
  };

  const columns: ColumnsType<InmuebleUbicacion> = [
    {
      key: 'consecutivo',
      title: 'Nº',
      // The row is clickable; this button is the same choice for the keyboard and for screen readers.
      render: (_: unknown, i) => (
        <Button
          type="link"
          size="small"
          className="utilidades-elegir"
          onClick={(e) => {
            e.stopPropagation();
            elegir(i);
          }}
        >
          <span className="visually-hidden">Ubicar inmueble </span>
          {i.consecutivo}
        </Button>
      ),
    },
    { key: 'tipo', title: 'Tipo', render: (_: unknown, i) => etiquetaTipo(i.tipo) },
    {
      key: 'direccion',
      title: 'Dirección',
      render: (_: unknown, i) => (
        <span>
          {i.direccion}
          <Typography.Text type="secondary" className="utilidades-sub">
            {[i.barrio, i.municipio].filter(Boolean).join(', ')}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'estado', title: 'Estado', responsive: ['xl'], render: (_: unknown, i) => ETIQUETAS_ESTADO[i.estado] },
    {
      key: 'ubicado',
      title: 'Ubicación',
      render: (_: unknown, i) =>
        i.lat !== null && i.lng !== null ? <Tag color="green">Ubicado</Tag> : <Tag color="orange">Sin coordenadas</Tag>,
    },
  ];

  const sinCoordenadas = lista.data?.sinCoordenadas;
  return (
    <Card
      title="Geolocalizar inmuebles"
      extra={
        sinCoordenadas === undefined ? null : (
          <Tag
            color={sinCoordenadas > 0 ? 'orange' : 'green'}
            className="utilidades-contador"
            title={`Inmuebles sin coordenadas: ${formatNumero(sinCoordenadas)}`}
          >
            {sinCoordenadas === 0 ? 'Todos ubicados' : `${formatNumero(sinCoordenadas)} sin coordenadas`}
          </Tag>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={11}>
          <div className="utilidades-filtros utilidades-filtros-compactos">
            <Input.Search
              key={q ?? ''}
              defaultValue={q}
              allowClear
              placeholder="Dirección o Nº"
              aria-label="Buscar inmuebles"
              onSearch={(v) => setParams({ q: v.trim() })}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Municipio"
              aria-label="Municipio"
              value={municipio}
              options={(opciones.data?.municipios ?? []).map((m) => ({ value: m.id, label: m.nombre }))}
              onChange={(v: number | undefined) => setParams({ municipio: v })}
            />
            <Select
              allowClear
              placeholder="Estado"
              aria-label="Estado"
              value={estado}
              options={ESTADOS_INMUEBLE.map((e) => ({ value: e, label: ETIQUETAS_ESTADO[e] }))}
              onChange={(v: EstadoInmueble | undefined) => setParams({ estado: v })}
            />
            <label className="utilidades-switch">
              <Switch size="small" checked={todos} onChange={(v) => setParams({ todos: v ? 1 : undefined })} />
              Ver también los ubicados
            </label>
          </div>
          {lista.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : lista.isError && lista.data === undefined ? (
            <ErrorDeCarga titulo="No se pudo cargar la lista" error={lista.error} onReintentar={() => void lista.refetch()} />
          ) : (
            <Table<InmuebleUbicacion>
              aria-label={todos ? 'Inmuebles' : 'Inmuebles sin coordenadas'}
              rowKey="consecutivo"
              size="small"
              columns={columns}
              dataSource={items}
              loading={lista.isFetching}
              scroll={{ x: 'max-content' }}
              rowClassName={(i) => (i.consecutivo === elegido?.consecutivo ? 'utilidades-fila-activa' : '')}
              onRow={(i) => ({ onClick: () => elegir(i), style: { cursor: 'pointer' } })}
              locale={{
                emptyText: (
                  <Empty
                    description={
                      todos || q || municipio || estado
                        ? 'Ningún inmueble coincide con los filtros'
                        : 'Todos los inmuebles tienen coordenadas'
                    }
                  />
                ),
              }}
              pagination={{
                current: page,
                pageSize: 20,
                total: lista.data?.total ?? 0,
                showSizeChanger: false,
                onChange: (p) => setParams({ page: p === 1 ? undefined : p }),
                showTotal: (t) => `${formatNumero(t)} inmuebles`,
              }}
            />
          )}
        </Col>
        <Col xs={24} xl={13}>
          <div className="utilidades-mapa-panel" ref={panel}>
            {elegido ? (
              <div className="utilidades-editor" aria-label="Ubicar inmueble">
                <Typography.Text strong>
                  <EnvironmentOutlined /> Inmueble {elegido.consecutivo} · {tituloInmueble(elegido.tipo, elegido.gestion)}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {[elegido.direccion, elegido.barrio, elegido.municipio].filter(Boolean).join(', ')}
                </Typography.Text>
                <Typography.Text type="secondary" className="utilidades-ayuda">
                  Haga clic en el mapa o arrastre el marcador, o escriba las coordenadas.
                </Typography.Text>
                <Space wrap align="end">
                  <label className="utilidades-campo">
                    Latitud
                    <InputNumber
                      aria-label="Latitud"
                      min={-90}
                      max={90}
                      step={0.0001}
                      precision={6}
                      value={borrador.lat}
                      onChange={(v) => setBorrador((b) => ({ ...b, lat: v }))}
                    />
                  </label>
                  <label className="utilidades-campo">
                    Longitud
                    <InputNumber
                      aria-label="Longitud"
                      min={-180}
                      max={180}
                      step={0.0001}
                      precision={6}
                      value={borrador.lng}
                      onChange={(v) => setBorrador((b) => ({ ...b, lng: v }))}
                    />
                  </label>
                  <Button
                    type="primary"
                    icon={<SaveOutlined />}
                    disabled={!completo || sinCambio}
                    loading={guardar.isPending}
                    onClick={() => void enviar()}
                  >
                    Guardar ubicación
                  </Button>
                  {elegido.lat !== null ? (
                    <Button danger onClick={() => void enviar(true)} disabled={guardar.isPending}>
                      Quitar ubicación
                    </Button>
                  ) : null}
                  <Button onClick={() => setElegido(null)}>Cancelar</Button>
                </Space>
                {error ? <Alert type="error" showIcon title={error} /> : null}
              </div>
            ) : (
              <Alert
                type="info"
                showIcon
                icon={<AimOutlined />}
                title="Elija un inmueble de la lista para ubicarlo en el mapa."
              />
            )}
            <MapaInmuebles
              puntos={puntos}
              seleccionado={elegido?.consecutivo}
              onSeleccionar={(c) => {
                const i = items.find((x) => x.consecutivo === c);
                if (i) elegir(i);
              }}
              ubicacion={elegido && completo ? { lat: borrador.lat!, lng: borrador.lng! } : null}
              onMover={elegido ? mover : undefined}
              alto="min(60vh, 560px)"
              etiqueta="Mapa para ubicar inmuebles"
            />
          </div>
        </Col>
      </Row>
    </Card>
  );
}
