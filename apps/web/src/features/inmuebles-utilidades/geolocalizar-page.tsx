import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, InputNumber, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { AimOutlined, EnvironmentOutlined, SaveOutlined } from '@ant-design/icons';
import { etiquetaTipo, type InmuebleUbicacion } from '@predio/contract/inmuebles-utilidades';
import { ETIQUETAS_ESTADO, ESTADOS_INMUEBLE, type EstadoInmueble } from '@predio/contract/inmuebles';
import { MapaInmuebles } from '../../components/mapa/mapa-inmuebles-lazy.tsx';
import type { LatLng, PuntoMapa } from '../../components/mapa/tipos.ts';
import { bandera, definirLista, id, texto, unoDe } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { formatNumero } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { useOpcionesUtilidades } from './api/get-opciones.ts';
import { useUbicaciones } from './api/get-ubicaciones.ts';
import { useGuardarUbicacion } from './api/guardar-ubicacion.ts';
import { precioInmueble, tituloInmueble } from './formato.ts';
import './utilidades.css';

const PATH = '/archivo/utilidades/geo-localizar-inmuebles';
const redondear = (n: number) => Math.round(n * 1e6) / 1e6;

const listaUbicaciones = definirLista({
  filtros: { q: texto(), municipio: id(), estado: unoDe(ESTADOS_INMUEBLE), todos: bandera('1') },
});

/** Archivo > Utilidades > Geolocalizar inmuebles (idm 31): place properties on the map. */
export function GeolocalizarPage() {
  const { message } = App.useApp();
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(listaUbicaciones, PATH);
  const { todos } = params;
  const municipio = params.municipio ?? undefined;
  const estado = params.estado ?? undefined;
  const lista = useUbicaciones({
    sinCoordenadas: !todos,
    municipio,
    estado,
    q: params.q || undefined,
    page: params.page,
    pageSize: params.pageSize,
  });
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

  const columns: ColumnaLista<InmuebleUbicacion>[] = [
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
          <ListPage<InmuebleUbicacion>
            sustantivo={{ singular: 'inmueble', plural: 'inmuebles' }}
            consulta={lista}
            columnas={columns}
            estado={{ ...params, sort: null, order: null }}
            onCambiar={cambiar}
            busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }), placeholder: 'Dirección o Nº' }}
            filtros={
              <>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Municipio"
                  aria-label="Municipio"
                  value={municipio}
                  options={(opciones.data?.municipios ?? []).map((m) => ({ value: m.id, label: m.nombre }))}
                  onChange={(v: number | undefined) => cambiar({ municipio: v ?? null })}
                />
                <Select
                  allowClear
                  placeholder="Estado"
                  aria-label="Estado"
                  value={estado}
                  options={ESTADOS_INMUEBLE.map((e) => ({ value: e, label: ETIQUETAS_ESTADO[e] }))}
                  onChange={(v: EstadoInmueble | undefined) => cambiar({ estado: v ?? null })}
                />
                <label className="utilidades-switch">
                  <Switch size="small" checked={todos} onChange={(v) => cambiar({ todos: v })} />
                  Ver también los ubicados
                </label>
              </>
            }
            filtrosActivos={[municipio, estado, todos || undefined].filter((x) => x !== undefined).length}
            hayFiltros={hayFiltros}
            onLimpiar={limpiar}
            vacio={{ texto: 'Todos los inmuebles tienen coordenadas' }}
            filaClave={(i) => i.consecutivo}
            filaClase={(i) => (i.consecutivo === elegido?.consecutivo ? 'utilidades-fila-activa' : '')}
            onFila={elegir}
            etiquetaTabla={todos ? 'Inmuebles' : 'Inmuebles sin coordenadas'}
            tituloError="No se pudo cargar la lista"
          />
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
