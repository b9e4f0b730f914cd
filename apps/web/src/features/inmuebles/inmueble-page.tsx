import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Col, Dropdown, Result, Row, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, DownOutlined, LockOutlined, SwapOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ETIQUETAS_ESTADO, IDM_INMUEBLE, type Bloqueo, type InmuebleDetalle } from '@predio/contract/inmuebles';
import { IDM_MODIFICACIONES } from '@predio/contract/inmuebles-utilidades';
import { IDM_AGENDA } from '@predio/contract/agenda';
import { CitasDeRegistro } from '../../components/agenda/citas-registro.tsx';
import { MensajesDeRegistro } from '../../components/redactar-correo/mensajes-registro.tsx';
import { IDM_INVENTARIOS } from '@predio/contract/inventarios';
import { hasIdm } from '@predio/contract/menu';
import { IDM_PORTAL, PORTALES_SINCRONIZADOS } from '@predio/contract/portales';
import { formatFechaHora } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { usePermisos, useSession } from '../../lib/session-store.ts';
import { liberarBloqueo, tomarBloqueo } from './api/bloqueo.ts';
import { useEstados } from './api/get-estados.ts';
import { BotonFicha } from './archivos/boton-ficha.tsx';
import { InmuebleDocumentos } from './archivos/inmueble-documentos.tsx';
import { InmuebleFotos } from './archivos/inmueble-fotos.tsx';
import { useInmueble } from './api/get-inmueble.ts';
import { inmueblesKeys } from './api/get-inmuebles.ts';
import { useDuplicar } from './duplicar-store.ts';
import { TareasDeRegistro } from '../../components/tareas/tareas-registro.tsx';
import { IDM_TAREAS } from '@predio/contract/tareas';
import { InventariosInmueble } from './inventarios-inmueble.tsx';
import { PortalesInmueble } from './portales-inmueble.tsx';
import { ClientesCoincidentes } from './clientes-coincidentes.tsx';
import { EliminarInmuebleModal } from './eliminar-modal.tsx';
import { EstadoModal } from './estado-modal.tsx';
import { HistorialPrecios } from './historial-precios.tsx';
import { valoresDe, type ValoresInmueble } from './form-values.ts';
import { InmuebleForm } from './inmueble-form.tsx';
import { RUTA_DISPONIBLES } from './inmuebles-params.ts';
import { avisoConsignacion, COLOR_ESTADO, titulo } from './presentacion.ts';
import './inmuebles.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';

const RENOVAR_MS = 60_000;
const enlace = (n: number) => `/propiedades/inmueble/${n}`;

/** inmueble/nuevo and inmueble/:consecutivo (idm 490): one form for both. */
export function InmueblePage() {
  const { consecutivo } = useParams();
  const n = consecutivo === undefined ? null : Number(consecutivo);
  return n === null ? <InmuebleNuevo /> : <InmuebleEditar key={n} consecutivo={n} />;
}

function InmuebleNuevo() {
  const navigate = useNavigate();
  const origen = useDuplicar((s) => s.consecutivoDuplicar);
  const duplicar = useDuplicar((s) => s.duplicar);
  const copia = useInmueble(origen);
  // The page stays mounted in its tab: after a save the next property starts from a blank form.
  const [ronda, setRonda] = useState(0);
  const iniciales = useMemo<ValoresInmueble | undefined>(() => (copia.data ? valoresDe(copia.data) : undefined), [copia.data]);
  // The copy is taken once: leaving the page or saving forgets it.
  useEffect(() => () => duplicar(null), [duplicar]);

  if (origen !== null && copia.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  return (
    <Card>
      <div className="inm-form-cabecera">
        <Typography.Title level={4}>Nuevo inmueble</Typography.Title>
      </div>
      {origen !== null && copia.data ? (
        <Alert
          className="inm-aviso"
          type="info"
          showIcon
          title={`Copia del inmueble ${origen}`}
          description="Revise los datos y guarde: se creará un inmueble nuevo con el siguiente consecutivo, en estado captado. Las fotos y documentos no se copian."
          action={
            <Button size="small" onClick={() => duplicar(null)}>
              Empezar en blanco
            </Button>
          }
        />
      ) : null}
      <InmuebleForm
        key={`${origen ?? 'nuevo'}-${ronda}`}
        inmueble={null}
        iniciales={iniciales}
        soloLectura={false}
        onGuardado={(d) => {
          duplicar(null);
          setRonda((r) => r + 1);
          void navigate(enlace(d.consecutivo), { replace: true });
        }}
        onCancelar={() => void navigate(RUTA_DISPONIBLES)}
      />
    </Card>
  );
}

type EstadoBloqueo =
  | { tipo: 'tomando' }
  | { tipo: 'propio'; bloqueo: Bloqueo }
  | { tipo: 'ajeno'; bloqueo: Bloqueo; mensaje: string }
  | { tipo: 'sin-permiso' }
  | { tipo: 'error'; mensaje: string };

/**
 * The edit lock of issue 4: opening takes it (renewed while open, retaken after a save released it), another
 * user sees the property read-only with who holds it and since when, leaving releases it; an administrator
 * can break it.
 */
function useBloqueo(consecutivo: number, puedeEditar: boolean) {
  const queryClient = useQueryClient();
  const clave = inmueblesKeys.bloqueo(consecutivo);
  const q = useQuery({
    queryKey: clave,
    queryFn: () => tomarBloqueo(consecutivo),
    enabled: puedeEditar,
    retry: false,
    gcTime: 0,
    refetchInterval: (x) => (x.state.status === 'success' ? RENOVAR_MS : false),
  });

  useEffect(() => {
    if (!puedeEditar) return;
    const alSalir = () => {
      if (queryClient.getQueryState(clave)?.status === 'success')
        void liberarBloqueo(consecutivo, { keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('pagehide', alSalir);
    return () => {
      window.removeEventListener('pagehide', alSalir);
      alSalir();
      queryClient.removeQueries({ queryKey: clave });
    };
    // clave is derived from consecutivo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [consecutivo, puedeEditar, queryClient]);

  const tomar = () => queryClient.refetchQueries({ queryKey: clave });
  let estado: EstadoBloqueo;
  if (!puedeEditar) estado = { tipo: 'sin-permiso' };
  else if (q.isSuccess) estado = { tipo: 'propio', bloqueo: q.data };
  else if (q.isError)
    estado =
      q.error instanceof ApiError && q.error.status === 409 && q.error.data
        ? { tipo: 'ajeno', bloqueo: q.error.data as Bloqueo, mensaje: q.error.message }
        : { tipo: 'error', mensaje: q.error.message };
  else estado = { tipo: 'tomando' };
  return { estado, tomar };
}

/** The property's history: its estados and its prices, side by side (stacked on a phone). */
function Historial({ consecutivo }: { consecutivo: number }) {
  return (
    <Row gutter={[32, 16]}>
      <Col xs={24} lg={12}>
        <Typography.Title level={5}>Estados</Typography.Title>
        <HistorialEstados consecutivo={consecutivo} />
      </Col>
      <Col xs={24} lg={12}>
        <Typography.Title level={5}>Precios</Typography.Title>
        <HistorialPrecios consecutivo={consecutivo} />
      </Col>
    </Row>
  );
}

function HistorialEstados({ consecutivo }: { consecutivo: number }) {
  const estados = useEstados(consecutivo, true);
  if (estados.isPending) return <Skeleton active />;
  if (estados.isError)
    return <ErrorDeCarga titulo="No se pudo cargar el historial" onReintentar={() => void estados.refetch()} />;
  return (
    <Timeline
      items={[...estados.data].reverse().map((h) => ({
        color: COLOR_ESTADO[h.hasta] === 'default' ? 'gray' : COLOR_ESTADO[h.hasta],
        content: (
          <div>
            <strong>
              {h.desde
                ? `${ETIQUETAS_ESTADO[h.desde]} → ${ETIQUETAS_ESTADO[h.hasta]}`
                : `Creado como ${ETIQUETAS_ESTADO[h.hasta].toLowerCase()}`}
            </strong>
            {h.causal ? <div>Causal: {h.causal}</div> : null}
            <div>
              <Typography.Text type="secondary">
                {formatFechaHora(h.fecha)} · {h.usuario}
              </Typography.Text>
            </div>
          </div>
        ),
      }))}
    />
  );
}

function InmuebleEditar({ consecutivo }: { consecutivo: number }) {
  const modal = useAvisos();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const permisos = usePermisos();
  const admin = useSession((s) => s.claims?.admemp === true);
  const puedeEditar = hasIdm(permisos, IDM_INMUEBLE);
  const detalle = useInmueble(consecutivo);
  // Only a property that was found is locked (one that does not exist would ask for its lock in vain).
  const { estado: bloqueo, tomar } = useBloqueo(consecutivo, puedeEditar && detalle.isSuccess);
  const duplicar = useDuplicar((s) => s.duplicar);
  const [cambiandoEstado, setCambiandoEstado] = useState(false);
  const [eliminando, setEliminando] = useState(false);
  const [pestana, setPestana] = useState('general');

  if (detalle.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  if (detalle.isError) {
    const noExiste = detalle.error instanceof ApiError && detalle.error.status === 404;
    return (
      <Card>
        <Result
          status={noExiste ? '404' : 'warning'}
          title={noExiste ? `El inmueble ${consecutivo} no existe` : 'No se pudo cargar el inmueble'}
          subTitle={
            noExiste && hasIdm(permisos, IDM_MODIFICACIONES)
              ? 'Si fue eliminado, Modificaciones de inmuebles muestra lo que tenía, quién lo eliminó y por qué.'
              : noExiste
                ? undefined
                : detalle.error.message
          }
          extra={
            noExiste ? (
              <Space wrap>
                <Button onClick={() => void navigate(RUTA_DISPONIBLES)}>Ir a inmuebles disponibles</Button>
                {hasIdm(permisos, IDM_MODIFICACIONES) ? (
                  <Button
                    onClick={() => void navigate(`/archivo/utilidades/modificaciones-inmuebles?consecutivo=${consecutivo}`)}
                  >
                    Ver su historial
                  </Button>
                ) : null}
              </Space>
            ) : (
              <Button onClick={() => void detalle.refetch()}>Reintentar</Button>
            )
          }
        />
      </Card>
    );
  }
  const d: InmuebleDetalle = detalle.data;
  const editable = bloqueo.tipo === 'propio';

  const romper = () =>
    modal.confirm({
      title: `¿Liberar el bloqueo de ${bloqueo.tipo === 'ajeno' ? bloqueo.bloqueo.usuario : ''}?`,
      content: 'Los cambios que esa persona no haya guardado se perderán cuando intente guardar. La acción queda registrada.',
      okText: 'Liberar y editar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        await liberarBloqueo(consecutivo, { forzar: true });
        await tomar();
        await queryClient.invalidateQueries({ queryKey: inmueblesKeys.detalle(consecutivo) });
      },
    });

  const aviso =
    bloqueo.tipo === 'ajeno' ? (
      <Alert
        className="inm-aviso"
        type="warning"
        showIcon
        icon={<LockOutlined />}
        title={`Solo lectura: lo está editando ${bloqueo.bloqueo.usuario} desde ${formatFechaHora(bloqueo.bloqueo.desde)}`}
        description={
          <>
            <div>
              Puede verlo, pero no modificarlo hasta que lo libere (si no lo renueva, el bloqueo vence el{' '}
              {formatFechaHora(bloqueo.bloqueo.expira)})
            </div>
            <Space wrap className="inm-aviso-acciones">
              <Button size="small" onClick={() => void tomar()}>
                Reintentar
              </Button>
              {admin ? (
                <Button size="small" danger icon={<UnlockOutlined />} onClick={romper}>
                  Liberar bloqueo
                </Button>
              ) : null}
            </Space>
          </>
        }
      />
    ) : bloqueo.tipo === 'sin-permiso' ? (
      <Alert
        className="inm-aviso"
        type="info"
        showIcon
        title="Solo lectura: su usuario puede consultar inmuebles, no modificarlos."
      />
    ) : bloqueo.tipo === 'error' ? (
      <Alert
        className="inm-aviso"
        type="error"
        showIcon
        title="No se pudo abrir el inmueble para edición"
        description={bloqueo.mensaje}
        action={
          <Button size="small" onClick={() => void tomar()}>
            Reintentar
          </Button>
        }
      />
    ) : null;

  const acciones = puedeEditar ? (
    <Space wrap>
      <Button icon={<SwapOutlined />} onClick={() => setCambiandoEstado(true)} disabled={bloqueo.tipo === 'ajeno'}>
        Cambiar estado
      </Button>
      <Dropdown
        menu={{
          items: [
            { key: 'duplicar', icon: <CopyOutlined />, label: 'Duplicar inmueble' },
            // Deleting a property entered by mistake is for company administrators; not while someone else edits it.
            ...(admin
              ? [
                  { type: 'divider' as const },
                  {
                    key: 'eliminar',
                    icon: <DeleteOutlined />,
                    label: 'Eliminar inmueble',
                    danger: true,
                    disabled: bloqueo.tipo === 'ajeno',
                  },
                ]
              : []),
          ],
          onClick: ({ key }) => {
            if (key === 'eliminar') return setEliminando(true);
            duplicar(consecutivo);
            void navigate('/propiedades/inmueble/nuevo');
          },
        }}
      >
        <Button>
          Más <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  ) : null;

  const consignacion = avisoConsignacion(d);
  return (
    <Card>
      <div className="inm-form-cabecera">
        <Space wrap align="center">
          <Typography.Title level={4}>
            Inmueble {d.consecutivo} · {titulo(d)}
          </Typography.Title>
          <Tag color={COLOR_ESTADO[d.estado]}>{ETIQUETAS_ESTADO[d.estado]}</Tag>
          {consignacion ? <Tag color={consignacion.color}>{consignacion.texto}</Tag> : null}
          {bloqueo.tipo === 'propio' ? (
            <Tag icon={<LockOutlined />} color="blue">
              Editando
            </Tag>
          ) : null}
        </Space>
        <Space wrap>
          <BotonFicha consecutivo={d.consecutivo} />
          {acciones}
        </Space>
      </div>
      {aviso}
      {bloqueo.tipo === 'tomando' ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <InmuebleForm
          key={`${d.consecutivo}-${d.version}`}
          pestana={pestana}
          onPestana={setPestana}
          inmueble={d}
          iniciales={valoresDe(d)}
          soloLectura={!editable}
          onGuardado={() => {
            // The save released the lock; whoever stays on the form keeps editing.
            void tomar();
          }}
          onCancelar={() => void navigate(RUTA_DISPONIBLES)}
          pestanasExtra={[
            {
              key: 'fotos',
              label: 'Fotos',
              children: <InmuebleFotos consecutivo={d.consecutivo} soloLectura={!editable} />,
            },
            {
              key: 'documentos',
              label: 'Documentos',
              children: <InmuebleDocumentos consecutivo={d.consecutivo} soloLectura={!editable} />,
            },
            { key: 'historial', label: 'Historial', children: <Historial consecutivo={d.consecutivo} /> },
            ...(hasIdm(permisos, IDM_AGENDA)
              ? [
                  {
                    key: 'citas',
                    label: 'Citas',
                    children: <CitasDeRegistro registro={{ tipo: 'inmueble', consecutivo: d.consecutivo }} />,
                  },
                ]
              : []),
            ...(hasIdm(permisos, IDM_TAREAS)
              ? [
                  {
                    key: 'tareas',
                    label: 'Tareas',
                    children: <TareasDeRegistro vinculo={{ consecutivo_inmueble: d.consecutivo }} />,
                  },
                ]
              : []),
            // Writing from the property takes its own screen (490); Inmuebles disponibles alone only reads.
            ...(hasIdm(permisos, IDM_INMUEBLE)
              ? [
                  {
                    key: 'correos',
                    label: 'Correos',
                    children: <MensajesDeRegistro registro={{ entidad: 'inmueble', clave: d.consecutivo }} />,
                  },
                ]
              : []),
            ...(hasIdm(permisos, IDM_INVENTARIOS)
              ? [{ key: 'inventarios', label: 'Inventarios', children: <InventariosInmueble consecutivo={d.consecutivo} /> }]
              : []),
            ...(PORTALES_SINCRONIZADOS.some((p) => hasIdm(permisos, IDM_PORTAL[p]))
              ? [{ key: 'portales', label: 'Portales', children: <PortalesInmueble consecutivo={d.consecutivo} /> }]
              : []),
            {
              key: 'clientes',
              label: 'Clientes que coinciden',
              children: <ClientesCoincidentes consecutivo={d.consecutivo} estado={d.estado} />,
            },
          ]}
        />
      )}
      <Typography.Paragraph type="secondary" className="inm-auditoria">
        Creado por {d.creado_por} el {formatFechaHora(d.creado_en)}
        {d.modificado_en ? ` · Modificado por ${d.modificado_por ?? ''} el ${formatFechaHora(d.modificado_en)}` : ''}
      </Typography.Paragraph>
      {cambiandoEstado ? <EstadoModal inmueble={d} abierto onCerrar={() => setCambiandoEstado(false)} /> : null}
      {eliminando ? <EliminarInmuebleModal inmueble={d} onCerrar={() => setEliminando(false)} /> : null}
    </Card>
  );
}
