import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Collapse,
  Input,
  Radio,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { EyeOutlined, KeyOutlined, MinusCircleOutlined, PlusCircleOutlined, SaveOutlined } from '@ant-design/icons';
import {
  CAMPOS_FEED,
  ETIQUETA_PORTAL_FEED,
  ETIQUETAS_CAMPO_FEED,
  ETIQUETAS_ESTADO_PUBLICACION,
  type AccionFeed,
  type CampoFeed,
  type EstadoPublicacion,
  type FeedConfig,
  type FormatoFeed,
  type PortalFeed,
  type PublicacionFeed,
} from '@predio/contract/portales';
import {
  ETIQUETAS_ESTADO,
  ETIQUETAS_TIPO,
  TIPOS_INMUEBLE,
  type EstadoInmueble,
  type TipoInmueble,
} from '@predio/contract/inmuebles';
import { AppModal } from '../../components/app-modal.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { formatFechaHora, formatNumero } from '../../lib/format.ts';
import {
  useAccionFeed,
  useConfigFeed,
  useGuardarConfigFeed,
  useInmueblesFeed,
  useNuevaDireccionFeed,
  useVistaPreviaFeed,
} from './api/feed.ts';
import { COLOR_ESTADO_PUBLICACION } from './estado-publicacion.ts';
import './portales.css';

// Inmuebles › Portales › Impulso Raíz, Casa Raíz, Inmuebles.net.co, CeroUno: portals with no integration
// API read a feed at a secret address; here the company maps its fields and sees what each read took.

/** «Enviado» on a feed means the portal read it: said so, so nobody waits for a job that will not come. */
const estadoFeed = (e: EstadoPublicacion) => (e === 'enviado' ? 'Leído por el portal' : ETIQUETAS_ESTADO_PUBLICACION[e]);

const cuantos = (n: number) => (n === 1 ? '1 inmueble' : `${formatNumero(n)} inmuebles`);

export function feedPage(portal: PortalFeed) {
  return function FeedPage() {
    const nombre = ETIQUETA_PORTAL_FEED[portal];
    return (
      <div className="portales-page">
        <Typography.Title level={3}>{nombre}</Typography.Title>
        <ConfigCard portal={portal} nombre={nombre} />
        <InmueblesCard portal={portal} nombre={nombre} />
      </div>
    );
  };
}

function ConfigCard({ portal, nombre }: { portal: PortalFeed; nombre: string }) {
  const config = useConfigFeed(portal);
  if (config.isError)
    return <ErrorDeCarga titulo={`No se pudo cargar la configuración de ${nombre}`} onReintentar={() => void config.refetch()} />;
  const c = config.data;
  return (
    <Card
      title="Feed para el portal"
      className="portales-card"
      extra={
        c ? c.configurado ? c.activo ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag> : <Tag>Sin configurar</Tag> : null
      }
    >
      <Typography.Paragraph type="secondary">
        {nombre} no ofrece una API de integración: lee, cuando quiere, un archivo XML o JSON con los inmuebles marcados «Publicar
        en {nombre}» que estén disponibles y completos. Entréguele la dirección secreta de abajo; si se divulga, genere una nueva.
      </Typography.Paragraph>
      {config.isPending ? <Skeleton active /> : <FormFeed portal={portal} nombre={nombre} actual={c!} />}
    </Card>
  );
}

type Fila = { campo: CampoFeed; incluir: boolean; nombre: string };

const filasDe = (c: FeedConfig): Fila[] => {
  const elegidos = new Map(c.campos.map((x) => [x.campo, x.nombre]));
  return CAMPOS_FEED.map((campo) => ({ campo, incluir: elegidos.has(campo), nombre: elegidos.get(campo) ?? campo }));
};

function FormFeed({ portal, nombre, actual }: { portal: PortalFeed; nombre: string; actual: FeedConfig }) {
  const guardar = useGuardarConfigFeed(portal);
  const nueva = useNuevaDireccionFeed(portal);
  const { message } = App.useApp();
  const [activo, setActivo] = useState(actual.configurado ? actual.activo : true);
  const [formato, setFormato] = useState<FormatoFeed>(actual.formato);
  const [filas, setFilas] = useState<Fila[]>(() => filasDe(actual));
  const [tipos, setTipos] = useState<Partial<Record<TipoInmueble, string>>>(actual.tipos);
  const [error, setError] = useState<string | null>(null);
  const [confirmarNueva, setConfirmarNueva] = useState(false);
  const [verPrevia, setVerPrevia] = useState(false);

  const cambiar = (campo: CampoFeed, v: Partial<Fila>) =>
    setFilas((fs) => fs.map((f) => (f.campo === campo ? { ...f, ...v } : f)));

  const enviar = async () => {
    setError(null);
    try {
      await guardar.mutateAsync({
        activo,
        formato,
        campos: filas.filter((f) => f.incluir).map((f) => ({ campo: f.campo, nombre: f.nombre.trim() })),
        tipos: Object.fromEntries(Object.entries(tipos).filter(([, v]) => v?.trim())),
      });
      void message.success(`Configuración de ${nombre} guardada`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div className="portales-feed" aria-label={`Configuración de ${nombre}`}>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Space wrap align="center" size="large" style={{ marginBottom: 12 }}>
        <label className="portales-feed-switch">
          <Switch checked={activo} onChange={setActivo} aria-label="Activo" /> Activo
        </label>
        <Radio.Group
          value={formato}
          onChange={(e) => setFormato(e.target.value as FormatoFeed)}
          optionType="button"
          aria-label="Formato"
          options={[
            { value: 'xml', label: 'XML' },
            { value: 'json', label: 'JSON' },
          ]}
        />
      </Space>
      {actual.url ? (
        <div className="portales-feed-direccion">
          <Typography.Text strong>Dirección del feed</Typography.Text>
          <Typography.Paragraph copyable={{ text: actual.url, tooltips: ['Copiar', 'Copiada'] }} className="portales-feed-url">
            <code>{actual.url}</code>
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {actual.ultima_lectura
              ? `Última lectura: ${formatFechaHora(actual.ultima_lectura.fecha)} desde ${actual.ultima_lectura.ip || 'dirección desconocida'}` +
                ` (${actual.ultima_lectura.sin_cambios ? 'sin cambios' : cuantos(actual.ultima_lectura.inmuebles)})` +
                ` · ${formatNumero(actual.lecturas_30_dias)} lecturas en 30 días`
              : `${nombre} aún no ha leído el feed.`}
          </Typography.Text>
        </div>
      ) : (
        <Alert
          type="info"
          showIcon
          title="Al guardar la configuración se crea la dirección secreta del feed."
          style={{ marginBottom: 12 }}
        />
      )}

      <Collapse
        style={{ marginTop: 4 }}
        items={[
          {
            key: 'campos',
            label: `Campos del feed (${filas.filter((f) => f.incluir).length} de ${filas.length})`,
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  Elija qué datos lleva cada inmueble y con qué nombre los espera {nombre}. La referencia es obligatoria: con ella
                  el portal reconoce el inmueble entre una lectura y otra.
                </Typography.Paragraph>
                <Table<Fila>
                  size="small"
                  pagination={false}
                  rowKey="campo"
                  dataSource={filas}
                  scroll={{ x: 520 }}
                  aria-label="Campos del feed"
                  columns={[
                    {
                      title: 'Incluir',
                      width: 80,
                      render: (_v, f) => (
                        <Checkbox
                          checked={f.incluir}
                          disabled={f.campo === 'referencia'}
                          onChange={(e) => cambiar(f.campo, { incluir: e.target.checked })}
                          aria-label={`Incluir ${ETIQUETAS_CAMPO_FEED[f.campo]}`}
                        />
                      ),
                    },
                    { title: 'Dato de Predio', render: (_v, f) => ETIQUETAS_CAMPO_FEED[f.campo] },
                    {
                      title: `Nombre en ${nombre}`,
                      render: (_v, f) => (
                        <Input
                          size="small"
                          value={f.nombre}
                          maxLength={40}
                          disabled={!f.incluir}
                          onChange={(e) => cambiar(f.campo, { nombre: e.target.value })}
                          aria-label={`Nombre en ${nombre} de ${ETIQUETAS_CAMPO_FEED[f.campo]}`}
                          style={{ maxWidth: 240 }}
                        />
                      ),
                    },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'tipos',
            label: `Tipos de inmueble en ${nombre}`,
            children: (
              <div className="portales-feed-tipos">
                {TIPOS_INMUEBLE.map((t) => (
                  <label key={t}>
                    <span>{ETIQUETAS_TIPO[t]}</span>
                    <Input
                      size="small"
                      value={tipos[t] ?? ''}
                      placeholder={ETIQUETAS_TIPO[t]}
                      maxLength={60}
                      onChange={(e) => setTipos((x) => ({ ...x, [t]: e.target.value }))}
                      aria-label={`${ETIQUETAS_TIPO[t]} en ${nombre}`}
                    />
                  </label>
                ))}
              </div>
            ),
          },
        ]}
      />
      <Space wrap style={{ marginTop: 16 }}>
        <Button type="primary" icon={<SaveOutlined />} loading={guardar.isPending} onClick={() => void enviar()}>
          Guardar configuración
        </Button>
        <Button icon={<EyeOutlined />} disabled={!actual.configurado} onClick={() => setVerPrevia(true)}>
          Vista previa
        </Button>
        <Button icon={<KeyOutlined />} disabled={!actual.url} onClick={() => setConfirmarNueva(true)}>
          Generar nueva dirección
        </Button>
      </Space>
      <AppModal
        open={confirmarNueva}
        title="Generar nueva dirección"
        okText="Generar"
        okButtonProps={{ danger: true, loading: nueva.isPending }}
        cancelText="Cancelar"
        onCancel={() => setConfirmarNueva(false)}
        onOk={async () => {
          try {
            await nueva.mutateAsync();
            void message.success(`Nueva dirección del feed de ${nombre} generada`);
          } catch (e) {
            setError(e instanceof Error ? e.message : String(e));
          }
          setConfirmarNueva(false);
        }}
      >
        La dirección actual dejará de funcionar de inmediato y {nombre} no podrá leer el feed hasta que le entregue la nueva.
        ¿Continuar?
      </AppModal>
      {verPrevia ? <VistaPrevia portal={portal} nombre={nombre} onCerrar={() => setVerPrevia(false)} /> : null}
    </div>
  );
}

function VistaPrevia({ portal, nombre, onCerrar }: { portal: PortalFeed; nombre: string; onCerrar: () => void }) {
  const q = useVistaPreviaFeed(portal, true);
  return (
    <AppModal open title={`Vista previa del feed de ${nombre}`} onCancel={onCerrar} footer={null} width={820}>
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <ErrorDeCarga titulo="No se pudo generar la vista previa" onReintentar={() => void q.refetch()} />
      ) : (
        <>
          <Typography.Paragraph>
            {cuantos(q.data.inmuebles)} en formato {q.data.formato.toUpperCase()}.
          </Typography.Paragraph>
          <pre className="portales-feed-previa" tabIndex={0} aria-label="Contenido del feed">
            {q.data.contenido}
          </pre>
        </>
      )}
    </AppModal>
  );
}

function EnFeed({ p }: { p: PublicacionFeed }) {
  if (p.en_feed) return <Tag color="green">En el feed</Tag>;
  if (p.faltan.length > 0)
    return (
      <Space orientation="vertical" size={2}>
        <Tag color="red">Faltan datos</Tag>
        <Typography.Text type="danger">{p.faltan.join('; ')}</Typography.Text>
      </Space>
    );
  if (!p.marcado) return <Tag>Quitado</Tag>;
  return <Tag>No disponible</Tag>;
}

type Pendiente = { consecutivo: number; accion: AccionFeed };

function InmueblesCard({ portal, nombre }: { portal: PortalFeed; nombre: string }) {
  const lista = useInmueblesFeed(portal);
  const accion = useAccionFeed(portal);
  const { message } = App.useApp();
  const [pagina, setPagina] = useState({ page: 1, pageSize: 25 });
  const [confirmar, setConfirmar] = useState<Pendiente | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [buscar, setBuscar] = useState('');

  const filtrados = useMemo(() => {
    const q = buscar.trim().toLowerCase();
    const items = lista.data ?? [];
    return q ? items.filter((p) => String(p.consecutivo).includes(q) || p.direccion.toLowerCase().includes(q)) : items;
  }, [lista.data, buscar]);
  const datos = useMemo(
    () => ({
      items: filtrados.slice((pagina.page - 1) * pagina.pageSize, pagina.page * pagina.pageSize),
      total: filtrados.length,
    }),
    [filtrados, pagina],
  );

  const ejecutar = async (p: Pendiente) => {
    setError(null);
    try {
      await accion.mutateAsync(p);
      void message.success(
        p.accion === 'quitar'
          ? `El inmueble ${p.consecutivo} saldrá del feed de ${nombre} en su próxima lectura`
          : `El inmueble ${p.consecutivo} quedó marcado para ${nombre}`,
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
    setConfirmar(null);
  };

  const boton = (p: PublicacionFeed) =>
    p.marcado ? (
      <Button
        size="small"
        danger
        icon={<MinusCircleOutlined />}
        onClick={() => setConfirmar({ consecutivo: p.consecutivo, accion: 'quitar' })}
        aria-label={`Quitar del feed el inmueble ${p.consecutivo}`}
      >
        Quitar
      </Button>
    ) : (
      <Button
        size="small"
        icon={<PlusCircleOutlined />}
        onClick={() => void ejecutar({ consecutivo: p.consecutivo, accion: 'incluir' })}
        aria-label={`Incluir en el feed el inmueble ${p.consecutivo}`}
      >
        Incluir
      </Button>
    );

  const columnas: ColumnaLista<PublicacionFeed>[] = [
    { key: 'consecutivo', title: 'Inmueble', render: (_v, p) => p.consecutivo, fija: true },
    { key: 'direccion', title: 'Dirección', render: (_v, p) => p.direccion },
    {
      key: 'estado_inmueble',
      title: 'Estado del inmueble',
      render: (_v, p) => ETIQUETAS_ESTADO[p.estado_inmueble as EstadoInmueble] ?? p.estado_inmueble,
    },
    { key: 'en_feed', title: 'Feed', render: (_v, p) => <EnFeed p={p} /> },
    {
      key: 'estado',
      title: 'Última lectura del portal',
      render: (_v, p) =>
        p.estado ? (
          <Space orientation="vertical" size={2}>
            <Tag color={COLOR_ESTADO_PUBLICACION[p.estado]}>{estadoFeed(p.estado)}</Tag>
            {p.actualizado_en ? <Typography.Text type="secondary">{formatFechaHora(p.actualizado_en)}</Typography.Text> : null}
          </Space>
        ) : (
          '—'
        ),
    },
    { key: 'acciones', title: 'Acciones', render: (_v, p) => boton(p) },
  ];

  return (
    <Card title={`Inmuebles para ${nombre}`} className="portales-card">
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          role="alert"
          closable
          onClose={() => setError(null)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <ListPage<PublicacionFeed>
        sustantivo={{ singular: 'inmueble', plural: 'inmuebles' }}
        consulta={{
          data: lista.data ? datos : undefined,
          isFetching: lista.isFetching,
          error: lista.error,
          refetch: () => void lista.refetch(),
        }}
        columnas={columnas}
        claveColumnas={`feed-${portal}`}
        estado={{ ...pagina, sort: null, order: null }}
        onCambiar={(c) => setPagina((a) => ({ page: c.page ?? a.page, pageSize: c.pageSize ?? a.pageSize }))}
        hayFiltros={buscar.trim() !== ''}
        filaClave={(p) => p.consecutivo}
        tarjeta={(p) => (
          <div className="portales-tarjeta">
            <span>
              <strong>Inmueble {p.consecutivo}</strong> · {p.direccion}
            </span>
            <EnFeed p={p} />
            {p.estado ? (
              <span>
                <Tag color={COLOR_ESTADO_PUBLICACION[p.estado]}>{estadoFeed(p.estado)}</Tag>
                {p.actualizado_en ? formatFechaHora(p.actualizado_en) : null}
              </span>
            ) : null}
            {boton(p)}
          </div>
        )}
        etiquetaTabla={`Inmuebles para ${nombre}`}
        acciones={
          <Input.Search
            allowClear
            placeholder="Consecutivo o dirección"
            aria-label="Buscar inmueble"
            value={buscar}
            onChange={(e) => {
              setBuscar(e.target.value);
              setPagina((a) => ({ ...a, page: 1 }));
            }}
            style={{ width: 240 }}
          />
        }
        vacio={{
          texto: buscar.trim()
            ? 'Ningún inmueble coincide con la búsqueda'
            : `Aún no hay inmuebles marcados para ${nombre}: márquelos en «Publicar en» del inmueble`,
        }}
        tituloError={`No se pudieron cargar los inmuebles de ${nombre}`}
      />
      <AppModal
        open={confirmar !== null}
        title={`Quitar del feed de ${nombre}`}
        okText="Quitar"
        okButtonProps={{ danger: true, loading: accion.isPending }}
        cancelText="Cancelar"
        onOk={() => confirmar && void ejecutar(confirmar)}
        onCancel={() => setConfirmar(null)}
      >
        {confirmar
          ? `El inmueble ${confirmar.consecutivo} dejará de ir en el feed y ${nombre} lo retirará en su próxima lectura. ¿Continuar?`
          : null}
      </AppModal>
    </Card>
  );
}
