import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Menu,
  Pagination,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import {
  CloseOutlined,
  EyeInvisibleOutlined,
  FileAddOutlined,
  PaperClipOutlined,
  PictureOutlined,
  SettingOutlined,
  SyncOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import {
  MAX_ADJUNTOS_RESPUESTA,
  MAX_BYTES_ADJUNTO,
  type AdjuntoSubido,
  type CrearSolicitudCorreo,
  type CuentaCorreo,
  type CuentaCorreoGuardar,
  type MensajeCorreo,
  type ResponderCorreo,
} from '@predio/contract/bandeja';
import { tamanoLegible } from '@predio/contract/archivos';
import { hasIdm } from '@predio/contract/menu';
import { IDM_SOLICITUDES, TIPOS_SOLICITUD } from '@predio/contract/solicitudes';
import { IDM_TERCEROS } from '@predio/contract/terceros';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { useAvisos } from '../../components/foco.ts';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { usePermisos } from '../../lib/session-store.ts';
import {
  useCarpetasCorreo,
  useCrearSolicitudCorreo,
  useCrearTerceroCorreo,
  useCuentaCorreo,
  useGuardarCuentaCorreo,
  useHilosCorreo,
  useMarcarLeidoCorreo,
  useMensajeCorreo,
  urlAdjuntoRecibido,
  usePlantillasRespuesta,
  useResponderCorreo,
  useSubirAdjuntoCorreo,
  useSincronizarCorreo,
} from './api/bandeja.ts';
import { Listado, ListadoItem } from '../../components/listado/listado.tsx';
import './bandeja.css';

const NOMBRE_CARPETA: Record<string, string> = {
  '\\Inbox': 'Recibidos',
  '\\Sent': 'Enviados',
  '\\Drafts': 'Borradores',
  '\\Junk': 'Spam',
  '\\Trash': 'Papelera',
};

/** Correos › Bandeja de correos (idm 509): the user's IMAP box, synced by a job, read and answered here. */
export function BandejaCorreosPage() {
  const cuenta = useCuentaCorreo();
  const [configurar, setConfigurar] = useState(false);
  if (cuenta.isPending) return <Skeleton active />;
  if (cuenta.isError)
    return <ErrorDeCarga titulo="No se pudo cargar la bandeja" error={cuenta.error} onReintentar={() => void cuenta.refetch()} />;
  const c = cuenta.data;
  return (
    <div className="bandeja">
      {c ? (
        <EstadoCuenta cuenta={c} onConfigurar={() => setConfigurar(true)} />
      ) : (
        <Card title="Configure su bandeja de correos">
          <Typography.Paragraph type="secondary">
            Escriba los datos IMAP de su cuenta de correo. La contraseña se guarda cifrada y no se vuelve a mostrar. Las
            respuestas salen por el correo de la empresa, con su dirección para que le respondan aquí.
          </Typography.Paragraph>
          <FormCuenta actual={null} />
        </Card>
      )}
      {c ? <Buzon cuenta={c} /> : null}
      <DialogoCuenta abierto={configurar} actual={c} onCerrar={() => setConfigurar(false)} />
    </div>
  );
}

function EstadoCuenta({ cuenta, onConfigurar }: { cuenta: CuentaCorreo; onConfigurar: () => void }) {
  const sincronizar = useSincronizarCorreo();
  const { message } = App.useApp();
  return (
    <Card size="small" className="bandeja-estado">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{cuenta.correo}</Typography.Text>
          <Typography.Text type="secondary" role="status">
            {cuenta.sincronizando
              ? 'Sincronizando…'
              : cuenta.sincronizado_en
                ? `Última sincronización: ${formatFechaHora(cuenta.sincronizado_en)}`
                : 'Aún no se ha sincronizado'}
          </Typography.Text>
        </Space>
        <Space wrap>
          <Button
            icon={<SyncOutlined spin={cuenta.sincronizando} />}
            loading={sincronizar.isPending}
            disabled={cuenta.sincronizando}
            onClick={() =>
              sincronizar.mutate(undefined, { onError: (e) => void message.error(e instanceof Error ? e.message : String(e)) })
            }
          >
            Sincronizar
          </Button>
          <Button icon={<SettingOutlined />} onClick={onConfigurar}>
            Configurar cuenta
          </Button>
        </Space>
      </Space>
      {cuenta.ultimo_error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 8 }}
          title={cuenta.ultimo_error}
          description={
            cuenta.error_en
              ? `Desde ${formatFechaHora(cuenta.error_en)}. Lo ya sincronizado sigue disponible.`
              : 'Lo ya sincronizado sigue disponible.'
          }
        />
      ) : null}
    </Card>
  );
}

const valoresCuenta = (c: CuentaCorreo | null): CuentaCorreoGuardar => ({
  correo: c?.correo ?? '',
  imap_host: c?.imap_host ?? '',
  imap_puerto: c?.imap_puerto ?? 993,
  imap_tls: c?.imap_tls ?? true,
  imap_usuario: c?.imap_usuario ?? '',
  imap_clave: '',
});

function CamposCuenta({ conClave }: { conClave: boolean }) {
  return (
    <>
      <Form.Item name="correo" label="Correo" rules={[{ required: true, message: 'El campo Correo es obligatorio' }]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item
          name="imap_host"
          label="Servidor IMAP"
          rules={[{ required: true, message: 'El campo Servidor IMAP es obligatorio' }]}
        >
          <Input placeholder="imap.dominio.co" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="imap_puerto" label="Puerto">
          <InputNumber min={1} max={65535} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="imap_tls" label="TLS" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="imap_usuario" label="Usuario" rules={[{ required: true, message: 'El campo Usuario es obligatorio' }]}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="imap_clave"
        label="Contraseña"
        extra={conClave ? 'Déjela vacía para conservar la guardada.' : undefined}
        rules={conClave ? [] : [{ required: true, message: 'El campo Contraseña es obligatorio' }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

function FormCuenta({ actual }: { actual: CuentaCorreo | null }) {
  const [form] = Form.useForm<CuentaCorreoGuardar>();
  const guardar = useGuardarCuentaCorreo();
  const [error, setError] = useState<string | null>(null);
  return (
    <Form<CuentaCorreoGuardar>
      form={form}
      layout="vertical"
      aria-label="Cuenta de correo"
      initialValues={valoresCuenta(actual)}
      onFinish={async (v) => {
        setError(null);
        try {
          await guardar.mutateAsync(v);
        } catch (e) {
          setError(e instanceof ApiError ? erroresEnCampos(form, e) : String(e));
        }
      }}
    >
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <CamposCuenta conClave={actual?.con_clave ?? false} />
      <Button type="primary" htmlType="submit" loading={guardar.isPending}>
        Guardar y sincronizar
      </Button>
    </Form>
  );
}

function DialogoCuenta({ abierto, actual, onCerrar }: { abierto: boolean; actual: CuentaCorreo | null; onCerrar: () => void }) {
  const guardar = useGuardarCuentaCorreo();
  return (
    <ModalForm<CuentaCorreoGuardar>
      open={abierto}
      title="Cuenta de correo"
      okText="Guardar y sincronizar"
      valores={valoresCuenta(actual)}
      onGuardar={(v) => guardar.mutateAsync(v)}
      onCerrar={onCerrar}
      guardando={guardar.isPending}
    >
      <CamposCuenta conClave={actual?.con_clave ?? false} />
    </ModalForm>
  );
}

function Buzon({ cuenta }: { cuenta: CuentaCorreo }) {
  const movil = Grid.useBreakpoint().md === false;
  const carpetas = useCarpetasCorreo(true);
  const [carpeta, setCarpeta] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  // «?mensaje=N» (a link from a tercero's received mail) opens that message.
  const [params] = useSearchParams();
  const [abierto, setAbierto] = useState<number | null>(() => Number(params.get('mensaje')) || null);
  const actual = carpeta ?? carpetas.data?.[0]?.id ?? null;
  const hilos = useHilosCorreo(actual, page, q);
  const sincronizadoEn = cuenta.sincronizado_en;
  const refetchCarpetas = carpetas.refetch;
  const refetchHilos = hilos.refetch;
  // A finished sync brings new messages: read the folders and the list again.
  // refetch() runs even while the list is disabled: without a folder yet it would ask for «carpeta=null».
  const hayCarpeta = actual !== null;
  useEffect(() => {
    void refetchCarpetas();
    if (hayCarpeta) void refetchHilos();
  }, [sincronizadoEn, refetchCarpetas, refetchHilos, hayCarpeta]);

  if (carpetas.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudieron cargar las carpetas"
        error={carpetas.error}
        onReintentar={() => void carpetas.refetch()}
      />
    );
  if (carpetas.isPending) return <Skeleton active />;
  if (carpetas.data.length === 0)
    return (
      <Empty
        description={cuenta.sincronizando ? 'Sincronizando la bandeja…' : 'La bandeja aún no tiene carpetas: sincronícela.'}
      />
    );
  const nombre = (c: { nombre: string; uso_especial: string | null; ruta: string }) =>
    c.ruta.toUpperCase() === 'INBOX' ? 'Recibidos' : ((c.uso_especial && NOMBRE_CARPETA[c.uso_especial]) ?? c.nombre);
  const elegir = (id: number) => {
    setCarpeta(id);
    setPage(1);
    setAbierto(null);
  };
  const lista = (
    <div className="bandeja-hilos">
      <Input.Search
        allowClear
        placeholder="Buscar por asunto o remitente"
        aria-label="Buscar correos"
        onSearch={(v) => {
          setQ(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
      />
      {hilos.isError ? (
        <ErrorDeCarga titulo="No se pudieron cargar los correos" error={hilos.error} onReintentar={() => void hilos.refetch()} />
      ) : (
        <>
          <Listado
            loading={hilos.isPending}
            aria-label="Conversaciones"
            locale={{
              emptyText: <Empty description={q ? 'Ningún correo coincide con la búsqueda' : 'Esta carpeta está vacía'} />,
            }}
            dataSource={hilos.data?.items ?? []}
            renderItem={(h) => (
              <ListadoItem
                className={`bandeja-hilo${h.id_ultimo === abierto ? ' bandeja-hilo-abierto' : ''}${h.sin_leer > 0 ? ' bandeja-hilo-nuevo' : ''}`}
                onClick={() => setAbierto(h.id_ultimo)}
              >
                <button type="button" className="bandeja-hilo-boton">
                  <span className="bandeja-hilo-de">
                    {h.de}
                    {h.mensajes > 1 ? <span className="bandeja-hilo-n"> ({h.mensajes})</span> : null}
                  </span>
                  <span className="bandeja-hilo-fecha">{h.fecha ? formatFechaHora(h.fecha) : ''}</span>
                  <span className="bandeja-hilo-asunto">
                    {h.con_adjuntos ? <PaperClipOutlined aria-label="Con adjuntos" /> : null} {h.asunto || '(sin asunto)'}
                  </span>
                </button>
              </ListadoItem>
            )}
          />
          {(hilos.data?.total ?? 0) > 25 ? (
            <Pagination
              size="small"
              current={page}
              pageSize={25}
              total={hilos.data?.total ?? 0}
              onChange={setPage}
              showSizeChanger={false}
              style={{ marginTop: 8 }}
            />
          ) : null}
        </>
      )}
    </div>
  );
  const lector = abierto !== null ? <Lector id={abierto} cuenta={cuenta} onCerrar={() => setAbierto(null)} /> : null;
  if (movil)
    return (
      <div className="bandeja-movil">
        <Select
          aria-label="Carpeta"
          value={actual}
          onChange={elegir}
          style={{ width: '100%', marginBottom: 8 }}
          options={carpetas.data.map((c) => ({ value: c.id, label: `${nombre(c)}${c.sin_leer ? ` (${c.sin_leer})` : ''}` }))}
        />
        {lista}
        <AppDrawer open={abierto !== null} onClose={() => setAbierto(null)} size="100%" title="Correo" destroyOnHidden>
          {lector}
        </AppDrawer>
      </div>
    );
  return (
    <div className="bandeja-cuerpo">
      <nav aria-label="Carpetas" className="bandeja-carpetas">
        <Menu
          mode="inline"
          selectedKeys={actual ? [String(actual)] : []}
          onClick={(e) => elegir(Number(e.key))}
          items={carpetas.data.map((c) => ({
            key: String(c.id),
            label: (
              <span className="bandeja-carpeta">
                {nombre(c)} {c.sin_leer > 0 ? <Badge count={c.sin_leer} size="small" /> : null}
              </span>
            ),
          }))}
        />
      </nav>
      {lista}
      <section className="bandeja-lector" aria-label="Lector de correo">
        {lector ?? <Empty description="Elija un correo para leerlo" />}
      </section>
    </div>
  );
}

/** The message's sanitised HTML in a sandbox without scripts: it cannot run code or reach the app. */
function CuerpoHtml({ html, titulo }: { html: string; titulo: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [alto, setAlto] = useState(120);
  const doc = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:system-ui,sans-serif;font-size:14px;margin:0;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      ref={ref}
      title={titulo}
      className="bandeja-html"
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={doc}
      style={{ height: alto }}
      onLoad={() => setAlto(Math.max(60, (ref.current?.contentDocument?.body?.scrollHeight ?? 100) + 16))}
    />
  );
}

function Lector({ id, cuenta, onCerrar }: { id: number; cuenta: CuentaCorreo; onCerrar: () => void }) {
  const [imagenes, setImagenes] = useState(false);
  const detalle = useMensajeCorreo(id, imagenes);
  const marcar = useMarcarLeidoCorreo();
  const { message } = App.useApp();
  if (detalle.isError)
    return <ErrorDeCarga titulo="No se pudo abrir el correo" error={detalle.error} onReintentar={() => void detalle.refetch()} />;
  if (!detalle.data) return <Skeleton active />;
  const mensajes = detalle.data.mensajes;
  const ultimo = mensajes.find((m) => m.id === id) ?? mensajes[mensajes.length - 1]!;
  const hayImagenes = mensajes.some((m) => m.imagenes_remotas);
  return (
    <article aria-label={ultimo.asunto || '(sin asunto)'}>
      <div className="bandeja-mensaje-cabecera">
        <Typography.Title level={4} className="bandeja-asunto">
          {ultimo.asunto || '(sin asunto)'}
        </Typography.Title>
        <Button
          size="small"
          icon={<EyeInvisibleOutlined />}
          loading={marcar.isPending}
          onClick={async () => {
            // Closed after: opening it again would mark it read.
            await marcar.mutateAsync({ id: ultimo.id, leido: false });
            void message.success('Conversación marcada como no leída');
            onCerrar();
          }}
        >
          Marcar como no leído
        </Button>
      </div>
      {hayImagenes && !imagenes ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="Las imágenes remotas están bloqueadas para proteger su privacidad."
          action={
            <Button size="small" icon={<PictureOutlined />} onClick={() => setImagenes(true)}>
              Mostrar imágenes
            </Button>
          }
        />
      ) : null}
      {mensajes.map((m) => (
        <Mensaje key={m.id} m={m} propio={cuenta.correo} />
      ))}
      <Respuesta mensaje={ultimo} />
    </article>
  );
}

function Mensaje({ m, propio }: { m: MensajeCorreo; propio: string }) {
  const [crear, setCrear] = useState(false);
  const crearTercero = useCrearTerceroCorreo();
  const { message } = App.useApp();
  const remitente = m.de_nombre ? `${m.de_nombre} <${m.de_correo}>` : m.de_correo;
  const permisos = usePermisos();
  const verTerceros = hasIdm(permisos, IDM_TERCEROS);
  const verSolicitudes = hasIdm(permisos, IDM_SOLICITUDES);
  const [solicitud, setSolicitud] = useState(false);
  const crearSolicitud = useCrearSolicitudCorreo();
  return (
    <Card size="small" className="bandeja-mensaje" aria-label={`Mensaje de ${remitente}`}>
      <div className="bandeja-mensaje-cabecera">
        <div>
          <Typography.Text strong>{remitente}</Typography.Text>
          <div className="bandeja-mensaje-para">Para: {m.para}</div>
          {m.cc ? <div className="bandeja-mensaje-para">CC: {m.cc}</div> : null}
        </div>
        <Typography.Text type="secondary">{m.fecha ? formatFechaHora(m.fecha) : ''}</Typography.Text>
      </div>
      <div style={{ margin: '4px 0 8px' }}>
        {m.id_tercero ? (
          <Tag color="green">
            {verTerceros ? (
              <Link to={`/maestros/terceros?tercero=${m.id_tercero}`}>Tercero: {m.tercero_nombre}</Link>
            ) : (
              <>Tercero: {m.tercero_nombre}</>
            )}
          </Tag>
        ) : m.de_correo && m.de_correo !== propio.toLowerCase() ? (
          <Button size="small" icon={<UserAddOutlined />} onClick={() => setCrear(true)}>
            Crear tercero
          </Button>
        ) : null}{' '}
        {m.solicitud_numero !== null ? (
          <Tag color="blue">
            {verSolicitudes ? (
              <Link to={`/propiedades/solicitudes?abrir=${m.solicitud_numero}`}>Solicitud {m.solicitud_numero}</Link>
            ) : (
              <>Solicitud {m.solicitud_numero}</>
            )}
          </Tag>
        ) : verSolicitudes && m.de_correo && m.de_correo !== propio.toLowerCase() ? (
          <Button size="small" icon={<FileAddOutlined />} onClick={() => setSolicitud(true)}>
            Crear solicitud
          </Button>
        ) : null}
      </div>
      {m.html ? (
        <CuerpoHtml html={m.html} titulo={`Contenido del mensaje de ${remitente}`} />
      ) : (
        <div className="bandeja-texto">{m.texto}</div>
      )}
      {m.adjuntos.length > 0 ? (
        <div className="bandeja-adjuntos">
          {m.adjuntos.map((a, i) => (
            <a
              key={i}
              className="bandeja-adjunto"
              href={urlAdjuntoRecibido(m.id, i)}
              download={a.nombre}
              aria-label={`Descargar ${a.nombre} (${tamanoLegible(a.tamano)})`}
            >
              <Tag icon={<PaperClipOutlined />}>
                {a.nombre} ({tamanoLegible(a.tamano)})
              </Tag>
            </a>
          ))}
        </div>
      ) : null}
      <ModalForm<{ nro_id: string; nombre: string }>
        open={crear}
        title={`Crear tercero con ${m.de_correo}`}
        okText="Crear tercero"
        valores={{ nro_id: '', nombre: m.de_nombre }}
        guardando={crearTercero.isPending}
        onCerrar={() => setCrear(false)}
        onGuardar={async (v) => {
          await crearTercero.mutateAsync({ id: m.id, body: v });
          void message.success(`Tercero ${v.nombre} creado con ${m.de_correo}`);
        }}
      >
        <Form.Item
          name="nro_id"
          label="Número de identificación"
          rules={[{ required: true, message: 'El campo Número de identificación es obligatorio' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="nombre" label="Nombre" rules={[{ required: true, message: 'El campo Nombre es obligatorio' }]}>
          <Input />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ tipo: string; nro_id: string; nombre: string }>
        open={solicitud}
        title={`Crear solicitud con el correo de ${m.de_correo}`}
        okText="Crear solicitud"
        valores={{ tipo: 'informacion', nro_id: '', nombre: m.de_nombre }}
        guardando={crearSolicitud.isPending}
        onCerrar={() => setSolicitud(false)}
        onGuardar={async (v) => {
          const r = await crearSolicitud.mutateAsync({
            id: m.id,
            body: { tipo: v.tipo as CrearSolicitudCorreo['tipo'], nro_id: v.nro_id, nombre: v.nombre },
          });
          void message.success(`Solicitud ${r.numero} creada con el correo de ${m.de_correo}`);
        }}
      >
        <Typography.Paragraph type="secondary">
          El asunto y el texto del correo quedan como el mensaje de la solicitud, recibida por correo electrónico y asignada a
          usted.
        </Typography.Paragraph>
        <Form.Item name="tipo" label="Tipo" rules={[{ required: true, message: 'El campo Tipo es obligatorio' }]}>
          <Select options={TIPOS_SOLICITUD.map((x) => ({ value: x.value, label: x.label }))} />
        </Form.Item>
        {m.id_tercero ? (
          <Typography.Paragraph>Solicitante: {m.tercero_nombre}</Typography.Paragraph>
        ) : (
          <>
            <Typography.Paragraph>El remitente aún no es un tercero: se crea con estos datos.</Typography.Paragraph>
            <Form.Item
              name="nro_id"
              label="Número de identificación"
              rules={[{ required: true, message: 'El campo Número de identificación es obligatorio' }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="nombre" label="Nombre" rules={[{ required: true, message: 'El campo Nombre es obligatorio' }]}>
              <Input />
            </Form.Item>
          </>
        )}
      </ModalForm>
    </Card>
  );
}

function Respuesta({ mensaje }: { mensaje: MensajeCorreo }) {
  const [form] = Form.useForm<ResponderCorreo>();
  const responder = useResponderCorreo();
  const subir = useSubirAdjuntoCorreo();
  const [adjuntos, setAdjuntos] = useState<AdjuntoSubido[]>([]);
  const entrada = useRef<HTMLInputElement>(null);
  const { message } = App.useApp();
  const modal = useAvisos();
  const [error, setError] = useState<string | null>(null);
  const modo = Form.useWatch('modo', form) ?? 'responder';
  const plantillas = usePlantillasRespuesta(mensaje.id);
  /** A template replaces what is written: asked first when there is something to lose. */
  const usarPlantilla = (clave: string | undefined) => {
    const p = plantillas.data?.find((x) => x.clave === clave);
    if (!p) return;
    const escrito = String(form.getFieldValue('texto') ?? '').trim();
    if (!escrito) return form.setFieldValue('texto', p.texto);
    modal.confirm({
      title: `¿Reemplazar el mensaje escrito por «${p.nombre}»?`,
      content: 'Lo que ha escrito se pierde.',
      okText: 'Reemplazar',
      cancelText: 'Conservar lo escrito',
      onOk: () => form.setFieldValue('texto', p.texto),
    });
  };
  return (
    <Card size="small" title="Responder" className="bandeja-responder">
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Form<ResponderCorreo>
        form={form}
        layout="vertical"
        aria-label="Respuesta"
        initialValues={{ modo: 'responder', texto: '', para: '' }}
        onFinish={async (v) => {
          setError(null);
          try {
            const r = await responder.mutateAsync({ id: mensaje.id, body: { ...v, adjuntos: adjuntos.map((a) => a.clave) } });
            form.resetFields();
            setAdjuntos([]);
            void message.success(`Respuesta enviada a ${r.para}`);
          } catch (e) {
            setError(e instanceof ApiError ? erroresEnCampos(form, e) : String(e));
          }
        }}
      >
        <Form.Item name="modo" label="Acción">
          <Select
            style={{ maxWidth: 260 }}
            options={[
              { value: 'responder', label: 'Responder' },
              { value: 'responder_todos', label: 'Responder a todos' },
              { value: 'reenviar', label: 'Reenviar' },
            ]}
          />
        </Form.Item>
        {modo === 'reenviar' ? (
          <Form.Item name="para" label="Para" rules={[{ required: true, message: 'El campo Para es obligatorio' }]}>
            <Input type="email" />
          </Form.Item>
        ) : null}
        <Form.Item label="Plantilla" extra={plantillas.isError ? 'No se pudieron cargar las plantillas.' : undefined}>
          <Select
            style={{ maxWidth: 360 }}
            allowClear
            placeholder={
              plantillas.data?.length === 0 ? 'No hay mensajes libres en Configurar mensajes' : 'Empezar desde un mensaje libre'
            }
            loading={plantillas.isLoading}
            disabled={plantillas.data?.length === 0}
            value={null}
            options={plantillas.data?.map((p) => ({ value: p.clave, label: p.nombre }))}
            onChange={usarPlantilla}
            aria-label="Plantilla"
          />
        </Form.Item>
        <Form.Item
          name="texto"
          label="Mensaje"
          rules={[{ required: true, whitespace: true, message: 'El campo Mensaje es obligatorio' }]}
        >
          <Input.TextArea rows={5} />
        </Form.Item>
        <div className="bandeja-adjuntos" aria-label="Adjuntos de la respuesta">
          {adjuntos.map((a) => (
            <Tag
              key={a.clave}
              icon={<PaperClipOutlined />}
              closable
              closeIcon={<CloseOutlined aria-label={`Quitar ${a.nombre}`} />}
              onClose={() => setAdjuntos((xs) => xs.filter((x) => x.clave !== a.clave))}
            >
              {a.nombre} ({tamanoLegible(a.tamano)})
            </Tag>
          ))}
          <input
            ref={entrada}
            type="file"
            style={{ display: 'none' }}
            aria-label="Archivo para adjuntar"
            onChange={async (e) => {
              const archivo = e.target.files?.[0];
              e.target.value = '';
              if (!archivo) return;
              setError(null);
              try {
                const a = await subir.mutateAsync(archivo);
                setAdjuntos((xs) => [...xs, a]);
              } catch (err) {
                setError(err instanceof ApiError ? err.message : String(err));
              }
            }}
          />
          <Button
            size="small"
            icon={<PaperClipOutlined />}
            loading={subir.isPending}
            disabled={adjuntos.length >= MAX_ADJUNTOS_RESPUESTA}
            onClick={() => entrada.current?.click()}
          >
            Adjuntar archivo
          </Button>
        </div>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          Hasta {MAX_ADJUNTOS_RESPUESTA} archivos de {tamanoLegible(MAX_BYTES_ADJUNTO)} cada uno (PDF, imágenes, Office, ZIP,
          texto).
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          Sale por el correo de la empresa con su firma y el mensaje original citado; las respuestas llegan a esta bandeja.
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={responder.isPending}>
          {modo === 'reenviar' ? 'Reenviar' : 'Enviar respuesta'}
        </Button>
      </Form>
    </Card>
  );
}
