import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Statistic,
  Switch,
  Tag,
  Typography,
} from 'antd';
import {
  ApiOutlined,
  CloudUploadOutlined,
  InboxOutlined,
  LinkOutlined,
  ReloadOutlined,
  SaveOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import {
  AJUSTES_PORTAL,
  CATALOGO_PORTAL,
  ETIQUETA_ASIGNADO_CONTACTOS,
  ETIQUETA_PORTAL_SINCRONIZADO,
  PORTALES_CON_CONTACTOS,
  PORTALES_CON_WEBHOOK,
  portalDeSolicitudes,
  enlaceSolicitudesDelPortal,
  ETIQUETAS_ESTADO_PUBLICACION,
  ESTADOS_MASIVO,
  type FiltroDespublicarMasivo,
  type VistaPreviaDespublicar,
  type AccionPortal,
  type ConciliacionPortal,
  type FiltroMasivo,
  type PortalConfig,
  type PortalConfigGuardar,
  type PortalSincronizado,
  type PublicacionPortal,
  type VistaPreviaMasivo,
} from '@predio/contract/portales';
import {
  ESTADOS_INMUEBLE,
  ETIQUETAS_ESTADO,
  ETIQUETAS_GESTION,
  ETIQUETAS_TIPO,
  GESTIONES,
  TIPOS_INMUEBLE,
  type EstadoInmueble,
} from '@predio/contract/inmuebles';
import { AppModal } from '../../components/app-modal.tsx';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { formatFechaHora, formatMoneda } from '../../lib/format.ts';
import { MoneyInput } from '../../components/resource-form/field-item.tsx';
import {
  useAccionPortal,
  useAsignablesContactos,
  useConciliarPortal,
  useConfigPortal,
  useContactosPortal,
  useDespublicarMasivo,
  useVistaPreviaDespublicar,
  useLeerContactos,
  usePublicarMasivo,
  useSaludPortal,
  useVistaPreviaMasivo,
  useGuardarConfigPortal,
  useInmueblesPortal,
  useProbarPortal,
  useSuscribirWebhook,
  useUrlAutorizacion,
} from './api/portales.ts';
import { COLOR_ESTADO_PUBLICACION } from './estado-publicacion.ts';
import { EquivalenciasCard } from './equivalencias-card.tsx';
import './portales.css';

const VERBO: Record<AccionPortal, string> = { publicar: 'Publicar', actualizar: 'Actualizar', despublicar: 'Despublicar' };

/** Inmuebles › Portales › <portal>: its settings, and the company's properties on it with their state. */
export function portalPage(portal: PortalSincronizado) {
  return function PortalPage() {
    const nombre = ETIQUETA_PORTAL_SINCRONIZADO[portal];
    return (
      <div className="portales-page">
        <Typography.Title level={3}>{nombre}</Typography.Title>
        <SaludCard portal={portal} nombre={nombre} />
        <ConfigCard portal={portal} nombre={nombre} />
        {CATALOGO_PORTAL[portal] ? <EquivalenciasCard portal={portal} nombre={nombre} /> : null}
        {PORTALES_CON_CONTACTOS.includes(portal) ? <ContactosCard portal={portal} nombre={nombre} /> : null}
        <MasivoCard portal={portal} nombre={nombre} />
        <InmueblesCard portal={portal} nombre={nombre} />
      </div>
    );
  };
}

function ConfigCard({ portal, nombre }: { portal: PortalSincronizado; nombre: string }) {
  const config = useConfigPortal(portal);
  if (config.isError)
    return <ErrorDeCarga titulo={`No se pudo cargar la configuración de ${nombre}`} onReintentar={() => void config.refetch()} />;
  return (
    <Card
      title="Configuración"
      className="portales-card"
      extra={
        config.data ? (
          config.data.configurado ? (
            config.data.activo ? (
              <Tag color="green">Activo</Tag>
            ) : (
              <Tag>Inactivo</Tag>
            )
          ) : (
            <Tag>Sin configurar</Tag>
          )
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">
        Los inmuebles marcados «Publicar en {nombre}» se envían al guardarlos y se retiran cuando pasan a retirado, arrendado o
        vendido. Las credenciales se guardan cifradas y no se vuelven a mostrar.
      </Typography.Paragraph>
      {config.isPending ? <Skeleton active /> : <FormConfig portal={portal} nombre={nombre} actual={config.data} />}
      {config.data?.oauth ? <ConexionOAuth portal={portal} nombre={nombre} actual={config.data} /> : null}
    </Card>
  );
}

/** OAuth2 portals: the company's account, connected once on the portal's own authorisation page. */
function ConexionOAuth({ portal, nombre, actual }: { portal: PortalSincronizado; nombre: string; actual: PortalConfig }) {
  const url = useUrlAutorizacion(portal);
  const [error, setError] = useState<string | null>(null);
  const o = actual.oauth!;
  return (
    <section aria-label={`Cuenta de ${nombre}`} className="portales-oauth">
      <Typography.Title level={5}>Cuenta de {nombre}</Typography.Title>
      <Space wrap align="center">
        {o.conectado ? (
          <Tag color="green">Conectada{o.usuario_portal ? ` (usuario ${o.usuario_portal})` : ''}</Tag>
        ) : (
          <Tag>Sin conectar</Tag>
        )}
        <Button
          icon={<LinkOutlined />}
          loading={url.isPending}
          disabled={!actual.con_secreto || !actual.usuario}
          onClick={async () => {
            setError(null);
            try {
              window.location.assign((await url.mutateAsync()).url);
            } catch (e) {
              setError(e instanceof Error ? e.message : String(e));
            }
          }}
        >
          {o.conectado ? `Conectar de nuevo con ${nombre}` : `Conectar con ${nombre}`}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {nombre} le pedirá ingresar con la cuenta de la inmobiliaria y autorizar a Predio; luego lo devolverá aquí. Guarde antes
        el ID de la aplicación y su clave secreta.
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
    </section>
  );
}

function FormConfig({ portal, nombre, actual }: { portal: PortalSincronizado; nombre: string; actual: PortalConfig }) {
  const [form] = Form.useForm<PortalConfigGuardar>();
  const guardar = useGuardarConfigPortal(portal);
  const probar = useProbarPortal(portal);
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const [prueba, setPrueba] = useState<{ ok: boolean; mensaje: string } | null>(null);
  const campos = AJUSTES_PORTAL[portal];
  const integradores = PORTALES_CON_WEBHOOK.includes(portal);
  const conContactos = PORTALES_CON_CONTACTOS.includes(portal);
  const asignables = useAsignablesContactos(conContactos);
  return (
    <Form<PortalConfigGuardar>
      form={form}
      layout="vertical"
      name={`portal-${portal}`}
      aria-label={`Configuración de ${nombre}`}
      initialValues={{
        activo: actual.configurado ? actual.activo : true,
        url: actual.url,
        usuario: actual.usuario,
        cuenta: actual.cuenta,
        id_region: actual.id_region,
        id_ciudad: actual.id_ciudad,
        correo_contacto: actual.correo_contacto,
        telefono_contacto: actual.telefono_contacto,
        hub_id: actual.hub_id,
        id_asignado_contactos: actual.id_asignado_contactos,
        costo_mensual: actual.costo_mensual,
        secreto: '',
        clave_api: '',
      }}
      onFinish={async (v) => {
        setError(null);
        try {
          await guardar.mutateAsync({
            ...v,
            url: v.url || undefined,
            id_region: v.id_region ?? null,
            id_ciudad: v.id_ciudad ?? null,
            id_asignado_contactos: v.id_asignado_contactos ?? null,
            costo_mensual: v.costo_mensual ?? null,
          });
          form.setFieldValue('secreto', '');
          form.setFieldValue('clave_api', '');
          void message.success(`Configuración de ${nombre} guardada`);
        } catch (e) {
          setError(e instanceof Error ? e.message : String(e));
        }
      }}
    >
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Space wrap align="start">
        <Form.Item name="activo" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
        {campos.usuario ? (
          <Form.Item
            name="usuario"
            label={campos.usuario.etiqueta}
            extra={campos.usuario.ayuda}
            rules={[{ required: campos.usuario.requerido, message: `Escriba el campo ${campos.usuario.etiqueta}` }]}
          >
            <Input maxLength={60} style={{ width: 260 }} />
          </Form.Item>
        ) : null}
        {campos.cuenta ? (
          <Form.Item
            name="cuenta"
            label={campos.cuenta.etiqueta}
            extra={campos.cuenta.ayuda}
            rules={[{ required: campos.cuenta.requerido, message: `Escriba el campo ${campos.cuenta.etiqueta}` }]}
          >
            <Input maxLength={100} style={{ width: 'min(320px, 80vw)' }} />
          </Form.Item>
        ) : null}
        {campos.id_region ? (
          <Form.Item name="id_region" label={campos.id_region.etiqueta} extra={campos.id_region.ayuda}>
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
        ) : null}
        {campos.id_ciudad ? (
          <Form.Item name="id_ciudad" label={campos.id_ciudad.etiqueta} extra={campos.id_ciudad.ayuda}>
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
        ) : null}
        {integradores ? (
          <>
            <Form.Item
              name="correo_contacto"
              label="Correo de contacto"
              rules={[{ type: 'email', message: 'Escriba un correo válido' }]}
            >
              <Input maxLength={120} style={{ width: 260, maxWidth: '80vw' }} />
            </Form.Item>
            <Form.Item name="telefono_contacto" label="Teléfono de contacto">
              <Input maxLength={20} style={{ width: 180 }} />
            </Form.Item>
          </>
        ) : null}
      </Space>
      {portalDeSolicitudes(portal) ? (
        <Form.Item
          name="costo_mensual"
          label="Costo mensual"
          extra={`Lo que la inmobiliaria paga a ${nombre} al mes, para el costo por solicitud. Opcional.`}
          style={{ maxWidth: 320 }}
        >
          <MoneyInput />
        </Form.Item>
      ) : null}
      {conContactos ? (
        <Form.Item
          name="id_asignado_contactos"
          label={ETIQUETA_ASIGNADO_CONTACTOS}
          extra={`Recibe los contactos de ${nombre} sobre inmuebles sin asesor comercial ni captador. Vacío: se avisa a todos los que atienden solicitudes.`}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={asignables.isPending}
            placeholder="Nadie en particular"
            options={(asignables.data ?? []).map((u) => ({ value: u.id, label: u.nombre || u.usuario }))}
            style={{ width: 'min(320px, 80vw)' }}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="url"
        label="Dirección de la API"
        extra={<span className="portales-direccion">{`Vacío: ${campos.url}.`}</span>}
      >
        <Input maxLength={500} placeholder="https://" style={{ width: 'min(520px, 80vw)' }} />
      </Form.Item>
      <Form.Item
        name="secreto"
        label={campos.secreto.etiqueta}
        extra={
          <>
            {actual.con_secreto ? 'Guardado. Déjelo vacío para conservarlo.' : 'Aún no se ha guardado.'}
            {campos.secreto.ayuda ? ` ${campos.secreto.ayuda}` : ''}
          </>
        }
      >
        <Input.Password maxLength={2000} autoComplete="new-password" style={{ width: 'min(420px, 80vw)' }} />
      </Form.Item>
      {campos.clave_api ? (
        <Form.Item
          name="clave_api"
          label={campos.clave_api.etiqueta}
          extra={
            <>
              {actual.con_clave_api ? 'Guardada. Déjela vacía para conservarla.' : 'Aún no se ha guardado.'}
              {campos.clave_api.ayuda ? ` ${campos.clave_api.ayuda}` : ''}
            </>
          }
        >
          <Input.Password maxLength={2000} autoComplete="new-password" style={{ width: 'min(420px, 80vw)' }} />
        </Form.Item>
      ) : null}
      {integradores ? (
        <div className="portales-webhook">
          <Form.Item
            name="hub_id"
            label="Identificador del webhook (HUB.ID)"
            extra={`El que ${nombre} asigna al suscribir la dirección del webhook.`}
          >
            <Input maxLength={100} style={{ width: 'min(420px, 80vw)' }} />
          </Form.Item>
          {actual.webhook ? (
            <>
              <Typography.Paragraph>
                Dirección del webhook (resultado de las tareas):{' '}
                <Typography.Text copyable code className="portales-direccion">
                  {actual.webhook.url}
                </Typography.Text>
                <br />
                VERIFY-TOKEN:{' '}
                <Typography.Text copyable code className="portales-direccion">
                  {actual.webhook.verify_token}
                </Typography.Text>
              </Typography.Paragraph>
              <SuscripcionWebhook
                portal={portal}
                nombre={nombre}
                webhook={actual.webhook}
                conSecreto={actual.con_secreto}
                alSuscribir={(hub) => form.setFieldValue('hub_id', hub)}
              />
            </>
          ) : (
            <Typography.Paragraph type="secondary">
              Al guardar la configuración se crean la dirección del webhook y su VERIFY-TOKEN para dárselos a {nombre}.
            </Typography.Paragraph>
          )}
        </div>
      ) : null}
      {prueba ? (
        <Alert
          type={prueba.ok ? 'success' : 'error'}
          showIcon
          title={prueba.mensaje}
          role="status"
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Space wrap>
        <Button htmlType="submit" type="primary" icon={<SaveOutlined />} loading={guardar.isPending}>
          Guardar configuración
        </Button>
        <Button
          icon={<ApiOutlined />}
          loading={probar.isPending}
          disabled={!actual.con_secreto}
          onClick={async () => {
            setPrueba(null);
            try {
              setPrueba(await probar.mutateAsync());
            } catch (e) {
              setPrueba({ ok: false, mensaje: e instanceof Error ? e.message : String(e) });
            }
          }}
        >
          Probar conexión
        </Button>
      </Space>
    </Form>
  );
}

/** The webhook's subscription: its state, and «Suscribir webhook» (the portal answers the HUB.ID). */
function SuscripcionWebhook({
  portal,
  nombre,
  webhook,
  conSecreto,
  alSuscribir,
}: {
  portal: PortalSincronizado;
  nombre: string;
  webhook: NonNullable<PortalConfig['webhook']>;
  conSecreto: boolean;
  alSuscribir: (hubId: string) => void;
}) {
  const suscribir = useSuscribirWebhook(portal);
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const s = webhook.suscripcion;
  return (
    <div className="portales-suscripcion" aria-live="polite">
      <Space wrap align="center">
        {s ? (
          s.vigente ? (
            <Tag color="green">Suscrito</Tag>
          ) : (
            <Tag color="orange">Suscrito en otra dirección</Tag>
          )
        ) : (
          <Tag>Sin suscribir desde Predio</Tag>
        )}
        <Typography.Text type="secondary">
          {s
            ? s.vigente
              ? `Suscrito el ${formatFechaHora(s.en)} (HUB.ID ${s.hub_id}).`
              : `Suscrito el ${formatFechaHora(s.en)} en ${s.url}: la dirección cambió, suscríbalo de nuevo.`
            : `${nombre} enviará el resultado de las tareas a esta dirección una vez suscrita.`}
        </Typography.Text>
        <Button
          icon={<LinkOutlined />}
          loading={suscribir.isPending}
          disabled={!conSecreto}
          onClick={async () => {
            setError(null);
            try {
              const c = await suscribir.mutateAsync();
              alSuscribir(c.hub_id);
              void message.success(`Webhook suscrito en ${nombre}`);
            } catch (e) {
              setError(e instanceof Error ? e.message : String(e));
            }
          }}
        >
          {s ? 'Suscribir de nuevo' : 'Suscribir webhook'}
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 8 }} /> : null}
    </div>
  );
}

type Pendiente = { consecutivo: number; accion: AccionPortal };

const EstadoTag = ({ p }: { p: PublicacionPortal }) =>
  p.estado ? (
    <Tag color={COLOR_ESTADO_PUBLICACION[p.estado]}>{ETIQUETAS_ESTADO_PUBLICACION[p.estado]}</Tag>
  ) : (
    <Tag>Sin enviar</Tag>
  );

function InmueblesCard({ portal, nombre }: { portal: PortalSincronizado; nombre: string }) {
  const lista = useInmueblesPortal(portal);
  const accion = useAccionPortal(portal);
  const { message } = App.useApp();
  const [pagina, setPagina] = useState({ page: 1, pageSize: 25 });
  const [confirmar, setConfirmar] = useState<Pendiente | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [otro, setOtro] = useState<number | null>(null);

  // The portal's list is short (what the company publishes there): it is paged here, not on the server.
  const datos = useMemo(() => {
    const items = lista.data ?? [];
    return { items: items.slice((pagina.page - 1) * pagina.pageSize, pagina.page * pagina.pageSize), total: items.length };
  }, [lista.data, pagina]);

  const ejecutar = async (p: Pendiente) => {
    setError(null);
    try {
      await accion.mutateAsync(p);
      void message.success(`${VERBO[p.accion]}: el inmueble ${p.consecutivo} quedó en cola para ${nombre}`);
      setConfirmar(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setConfirmar(null);
    }
  };

  const botones = (p: PublicacionPortal) => (
    <Space wrap size={4}>
      {p.estado === null || p.estado === 'despublicado' || !p.id_externo ? (
        <Button
          size="small"
          icon={<CloudUploadOutlined />}
          onClick={() => setConfirmar({ consecutivo: p.consecutivo, accion: 'publicar' })}
          aria-label={`Publicar el inmueble ${p.consecutivo}`}
        >
          Publicar
        </Button>
      ) : (
        <Button
          size="small"
          icon={<SyncOutlined />}
          onClick={() => setConfirmar({ consecutivo: p.consecutivo, accion: 'actualizar' })}
          aria-label={`Actualizar el inmueble ${p.consecutivo}`}
        >
          Actualizar
        </Button>
      )}
      {p.id_externo ? (
        <Button
          size="small"
          danger
          icon={<StopOutlined />}
          onClick={() => setConfirmar({ consecutivo: p.consecutivo, accion: 'despublicar' })}
          aria-label={`Despublicar el inmueble ${p.consecutivo}`}
        >
          Despublicar
        </Button>
      ) : null}
    </Space>
  );

  const columnas: ColumnaLista<PublicacionPortal>[] = [
    { key: 'consecutivo', title: 'Inmueble', render: (_v, p) => p.consecutivo, fija: true },
    { key: 'direccion', title: 'Dirección', render: (_v, p) => p.direccion },
    {
      key: 'estado_inmueble',
      title: 'Estado del inmueble',
      render: (_v, p) => ETIQUETAS_ESTADO[p.estado_inmueble as EstadoInmueble] ?? p.estado_inmueble,
    },
    {
      key: 'estado',
      title: `En ${nombre}`,
      render: (_v, p) => <EstadoTag p={p} />,
    },
    { key: 'id_externo', title: `Id en ${nombre}`, render: (_v, p) => p.id_externo ?? '—' },
    {
      key: 'ultimo_error',
      title: 'Último error',
      render: (_v, p) => (p.ultimo_error ? <Typography.Text type="danger">{p.ultimo_error}</Typography.Text> : '—'),
    },
    {
      key: 'actualizado_en',
      title: 'Actualizado',
      render: (_v, p) => (p.actualizado_en ? formatFechaHora(p.actualizado_en) : '—'),
    },
    {
      key: 'acciones',
      title: 'Acciones',
      render: (_v, p) => botones(p),
    },
  ];

  return (
    <Card title={`Inmuebles en ${nombre}`} className="portales-card">
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
      <ListPage<PublicacionPortal>
        sustantivo={{ singular: 'inmueble', plural: 'inmuebles' }}
        consulta={{
          data: lista.data ? datos : undefined,
          isFetching: lista.isFetching,
          error: lista.error,
          refetch: () => void lista.refetch(),
        }}
        columnas={columnas}
        claveColumnas={`portal-${portal}`}
        estado={{ ...pagina, sort: null, order: null }}
        onCambiar={(c) => setPagina((a) => ({ page: c.page ?? a.page, pageSize: c.pageSize ?? a.pageSize }))}
        hayFiltros={false}
        filaClave={(p) => p.consecutivo}
        tarjeta={(p) => (
          <div className="portales-tarjeta">
            <span>
              <strong>Inmueble {p.consecutivo}</strong> · {p.direccion}
            </span>
            <span>
              <EstadoTag p={p} /> {p.id_externo ? `Id ${p.id_externo}` : null}
            </span>
            {p.ultimo_error ? <Typography.Text type="danger">{p.ultimo_error}</Typography.Text> : null}
            {botones(p)}
          </div>
        )}
        etiquetaTabla={`Inmuebles en ${nombre}`}
        acciones={
          <Space.Compact>
            <InputNumber<number>
              min={1}
              precision={0}
              placeholder="Consecutivo"
              aria-label="Consecutivo del inmueble a publicar"
              value={otro}
              onChange={(v) => setOtro(v)}
              style={{ width: 140 }}
            />
            <Button disabled={!otro} onClick={() => otro && setConfirmar({ consecutivo: otro, accion: 'publicar' })}>
              Publicar otro
            </Button>
          </Space.Compact>
        }
        vacio={{ texto: `Aún no hay inmuebles marcados para ${nombre}` }}
        tituloError={`No se pudieron cargar los inmuebles de ${nombre}`}
      />
      <AppModal
        open={confirmar !== null}
        title={confirmar ? `${VERBO[confirmar.accion]} en ${nombre}` : ''}
        okText={confirmar ? VERBO[confirmar.accion] : 'Aceptar'}
        okButtonProps={{ danger: confirmar?.accion === 'despublicar', loading: accion.isPending }}
        cancelText="Cancelar"
        onOk={() => confirmar && void ejecutar(confirmar)}
        onCancel={() => setConfirmar(null)}
      >
        {confirmar?.accion === 'despublicar'
          ? `El inmueble ${confirmar.consecutivo} se retirará de ${nombre} y dejará de verse allí. ¿Continuar?`
          : confirmar
            ? `El inmueble ${confirmar.consecutivo} se enviará a ${nombre} con sus datos actuales. ¿Continuar?`
            : null}
      </AppModal>
    </Card>
  );
}

const DIAS = [7, 30, 90];

/** Sync health for the manager: how the portal is doing now, and which properties it refused and why. */
function SaludCard({ portal, nombre }: { portal: PortalSincronizado; nombre: string }) {
  const [dias, setDias] = useState(30);
  const salud = useSaludPortal(portal, dias);
  const accion = useAccionPortal(portal);
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  if (salud.isError)
    return <ErrorDeCarga titulo={`No se pudo cargar la salud de ${nombre}`} onReintentar={() => void salud.refetch()} />;
  const s = salud.data;
  const reintentar = async (consecutivo: number) => {
    setError(null);
    try {
      await accion.mutateAsync({ consecutivo, accion: 'actualizar' });
      void message.success(`El inmueble ${consecutivo} quedó en cola para ${nombre}`);
      void salud.refetch();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Card
      title="Salud de la sincronización"
      className="portales-card"
      extra={
        <Select
          aria-label="Periodo"
          size="small"
          value={dias}
          onChange={setDias}
          options={DIAS.map((d) => ({ value: d, label: `Últimos ${d} días` }))}
          style={{ width: 150 }}
        />
      }
    >
      {!s ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <div className="portales-salud" role="group" aria-label={`Salud de ${nombre}`}>
            <Statistic title="Publicados" value={s.publicados} />
            <Statistic title="En curso" value={s.en_curso} />
            <Statistic
              title="Con error"
              value={s.con_error}
              styles={{ content: s.con_error > 0 ? { color: 'var(--ant-color-error, #cf1322)' } : undefined }}
            />
            <Statistic
              title="Último éxito"
              value={s.ultimo_exito ? formatFechaHora(s.ultimo_exito) : '—'}
              styles={{ content: { fontSize: 16 } }}
            />
            {s.contactos_periodo !== null ? <Statistic title={`Contactos (${s.dias} días)`} value={s.contactos_periodo} /> : null}
            {s.solicitudes_mes !== null ? (
              <Statistic
                title="Solicitudes este mes"
                value={s.solicitudes_mes}
                formatter={(v) => (
                  <Link
                    to={enlaceSolicitudesDelPortal(portal, s.mes_desde)}
                    aria-label={`${String(v)} solicitudes de ${nombre} este mes: verlas`}
                  >
                    {String(v)}
                  </Link>
                )}
              />
            ) : null}
            {s.solicitudes_mes !== null ? (
              <Statistic
                title="Costo por solicitud"
                value={s.costo_por_solicitud === null ? '—' : formatMoneda(s.costo_por_solicitud)}
                styles={{ content: { fontSize: 16 } }}
              />
            ) : null}
          </div>
          {!s.configurado ? (
            <Typography.Paragraph type="secondary">{nombre} aún no está configurado.</Typography.Paragraph>
          ) : null}
          {s.configurado && s.solicitudes_mes !== null && s.costo_por_solicitud === null ? (
            <Typography.Paragraph type="secondary">
              {s.costo_mensual === null
                ? 'Registre el costo mensual en la configuración para ver el costo por solicitud.'
                : 'Aún no hay solicitudes este mes para repartir el costo mensual.'}
            </Typography.Paragraph>
          ) : null}
          {s.contactos_error ? <Alert type="warning" showIcon title={s.contactos_error} style={{ marginBottom: 12 }} /> : null}
          {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
          {s.conciliacion ? (
            <ConciliacionResumen portal={portal} nombre={nombre} c={s.conciliacion} listo={s.configurado && s.activo} />
          ) : null}
          {s.errores.length > 0 ? (
            <section aria-label={`Inmuebles con error en ${nombre}`}>
              <Typography.Title level={5}>Inmuebles con error</Typography.Title>
              <ul className="portales-errores">
                {s.errores.map((e) => (
                  <li key={e.consecutivo}>
                    <span>
                      <strong>Inmueble {e.consecutivo}</strong> · {e.direccion}
                      {e.actualizado_en ? (
                        <Typography.Text type="secondary"> · {formatFechaHora(e.actualizado_en)}</Typography.Text>
                      ) : null}
                    </span>
                    <Typography.Text type="danger">{e.ultimo_error}</Typography.Text>
                    <Button
                      size="small"
                      icon={<ReloadOutlined />}
                      loading={accion.isPending && accion.variables?.consecutivo === e.consecutivo}
                      onClick={() => void reintentar(e.consecutivo)}
                      aria-label={`Reintentar el inmueble ${e.consecutivo}`}
                    >
                      Reintentar
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <Typography.Text type="secondary">Ningún inmueble con error en {nombre}.</Typography.Text>
          )}
        </>
      )}
    </Card>
  );
}

/**
 * The last nightly reconciliation: when it ran, how many listings it read back, what differed and what
 * each became here (with the portal's reason), or why it could not finish. «Conciliar ahora» runs one.
 */
function ConciliacionResumen({
  portal,
  nombre,
  c,
  listo,
}: {
  portal: PortalSincronizado;
  nombre: string;
  c: ConciliacionPortal;
  /** Configured and active: before that there is nothing to read back, and the button says why. */
  listo: boolean;
}) {
  const conciliar = useConciliarPortal(portal);
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-label={`Conciliación con ${nombre}`} className="portales-conciliacion">
      <Space wrap align="baseline">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Conciliación nocturna
        </Typography.Title>
        <Typography.Text type="secondary">
          {c.en
            ? `Última: ${formatFechaHora(c.en)} · ${c.revisados} revisados · ${c.diferencias.length} diferencias`
            : 'Aún no se ha conciliado.'}
        </Typography.Text>
        <Button
          size="small"
          icon={<SyncOutlined />}
          loading={conciliar.isPending}
          disabled={!listo}
          title={listo ? undefined : `Configure y active ${nombre} para conciliar`}
          onClick={async () => {
            setError(null);
            try {
              await conciliar.mutateAsync();
              void message.success(`La conciliación con ${nombre} quedó en cola`);
            } catch (e) {
              setError(e instanceof Error ? e.message : String(e));
            }
          }}
        >
          Conciliar ahora
        </Button>
      </Space>
      {c.error ? <Alert type="warning" showIcon title={c.error} style={{ margin: '8px 0' }} /> : null}
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ margin: '8px 0' }} /> : null}
      {c.diferencias.length > 0 ? (
        <ul className="portales-errores" aria-label={`Diferencias con ${nombre}`}>
          {c.diferencias.map((d) => (
            <li key={d.consecutivo}>
              <span>
                <strong>Inmueble {d.consecutivo}</strong> · {ETIQUETAS_ESTADO_PUBLICACION[d.antes]} →{' '}
                {ETIQUETAS_ESTADO_PUBLICACION[d.despues]}
              </span>
              {d.motivo ? <Typography.Text type="secondary">{d.motivo}</Typography.Text> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The contacts the portal handed over, each with the solicitud it became or was added to. */
function ContactosCard({ portal, nombre }: { portal: PortalSincronizado; nombre: string }) {
  // While a read is queued: the last read's time and error when it was asked; either changing ends the wait.
  const [antes, setAntes] = useState<{ leido: string | null; error: string | null } | null>(null);
  const esperando = antes !== null;
  const lista = useContactosPortal(portal, esperando);
  const leer = useLeerContactos(portal);
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  if (antes && lista.data && (lista.data.leido_en !== antes.leido || lista.data.error !== antes.error)) setAntes(null);
  if (lista.isError)
    return <ErrorDeCarga titulo={`No se pudieron cargar los contactos de ${nombre}`} onReintentar={() => void lista.refetch()} />;
  const d = lista.data;
  return (
    <Card
      title={`Contactos desde ${nombre}`}
      className="portales-card"
      extra={
        <Button
          icon={<InboxOutlined />}
          loading={leer.isPending || esperando}
          onClick={async () => {
            setError(null);
            try {
              await leer.mutateAsync();
              setAntes({ leido: d?.leido_en ?? null, error: d?.error ?? null });
              void message.info(`Leyendo los contactos de ${nombre}…`);
            } catch (e) {
              setError(e instanceof Error ? e.message : String(e));
            }
          }}
        >
          Leer contactos ahora
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Las preguntas que le hacen en {nombre} se leen cada hora y llegan a Solicitudes (canal portal) con el inmueble, asignadas
        a su asesor. La misma persona sobre el mismo inmueble en 7 días se suma a su solicitud abierta.
        {d?.leido_en ? ` Última lectura: ${formatFechaHora(d.leido_en)}` : ' Aún no se han leído.'}
      </Typography.Paragraph>
      {d?.error ? <Alert type="warning" showIcon title={d.error} style={{ marginBottom: 12 }} /> : null}
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      {!d ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : d.contactos.length === 0 ? (
        <Empty description={`Aún no han llegado contactos desde ${nombre}`} />
      ) : (
        <ul className="portales-contactos" aria-label={`Contactos desde ${nombre}`}>
          {d.contactos.map((c) => (
            <li key={c.id_portal}>
              <span>
                <strong>{c.nombre}</strong>
                {c.consecutivo !== null ? ` · inmueble ${c.consecutivo}` : ` · publicación ${c.id_externo}`} ·{' '}
                <Typography.Text type="secondary">{formatFechaHora(c.fecha_portal ?? c.recibido_en)}</Typography.Text>
              </span>
              <span className="portales-contacto-mensaje">{c.mensaje}</span>
              <span>
                {c.numero_solicitud !== null ? (
                  <Link to={`/propiedades/solicitudes?abrir=${c.numero_solicitud}`}>Solicitud {c.numero_solicitud}</Link>
                ) : (
                  'Solicitud eliminada'
                )}{' '}
                <Tag color={c.resultado === 'creada' ? 'blue' : 'default'}>
                  {c.resultado === 'creada' ? 'Nueva solicitud' : 'Sumado a la solicitud'}
                </Tag>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * Bulk publication by filter: «Vista previa» says how many properties the filter selects, which are
 * ready and which the portal would refuse (naming what each lacks); «Publicar N» sends only the ready
 * ones, after confirmation, each through the usual job.
 */
function MasivoCard({ portal, nombre }: { portal: PortalSincronizado; nombre: string }) {
  const [form] = Form.useForm<FiltroMasivo>();
  const vista = useVistaPreviaMasivo(portal);
  const publicar = usePublicarMasivo(portal);
  const { message } = App.useApp();
  const [previa, setPrevia] = useState<{ filtro: FiltroMasivo; r: VistaPreviaMasivo } | null>(null);
  const [confirmar, setConfirmar] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ver = async (filtro: FiltroMasivo) => {
    setError(null);
    try {
      setPrevia({ filtro, r: await vista.mutateAsync(filtro) });
    } catch (e) {
      setPrevia(null);
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const enviar = async () => {
    if (!previa) return;
    setError(null);
    try {
      const r = await publicar.mutateAsync({ ...previa.filtro, listos: previa.r.listos.length });
      void message.success(
        `${r.encolados} ${r.encolados === 1 ? 'inmueble quedó' : 'inmuebles quedaron'} en cola para ${nombre}`,
      );
      setPrevia(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
    setConfirmar(false);
  };
  const r = previa?.r;
  return (
    <Card title="Publicación masiva" className="portales-card">
      <SectionTabs
        selectLabel="Acción masiva"
        items={[
          { key: 'publicar', label: 'Publicar', children: contenido() },
          { key: 'despublicar', label: 'Despublicar', children: <DespublicarMasivoPanel portal={portal} nombre={nombre} /> },
        ]}
      />
    </Card>
  );
  function contenido() {
    return (
      <>
        <Form<FiltroMasivo>
          form={form}
          layout="vertical"
          name={`masivo-${portal}`}
          aria-label={`Publicación masiva en ${nombre}`}
          initialValues={{ estado: 'disponible', tipo: null, gestion: null, solo_nuevos: true }}
          onValuesChange={() => setPrevia(null)}
          onFinish={(v) => void ver({ ...v, tipo: v.tipo ?? null, gestion: v.gestion ?? null })}
        >
          <Space wrap align="start">
            <Form.Item name="estado" label="Estado del inmueble">
              <Select options={ESTADOS_MASIVO.map((e) => ({ value: e, label: ETIQUETAS_ESTADO[e] }))} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="tipo" label="Tipo de inmueble">
              <Select
                allowClear
                placeholder="Todos"
                options={TIPOS_INMUEBLE.map((t) => ({ value: t, label: ETIQUETAS_TIPO[t] }))}
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item name="gestion" label="Gestión">
              <Select
                allowClear
                placeholder="Todas"
                options={GESTIONES.map((g) => ({ value: g, label: ETIQUETAS_GESTION[g] }))}
                style={{ width: 180 }}
              />
            </Form.Item>
            <Form.Item name="solo_nuevos" label={`Solo los que aún no están en ${nombre}`} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Space wrap>
            <Button htmlType="submit" loading={vista.isPending}>
              Vista previa
            </Button>
            {r && r.listos.length > 0 ? (
              <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setConfirmar(true)}>
                {`Publicar ${r.listos.length} en ${nombre}`}
              </Button>
            ) : null}
          </Space>
        </Form>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 12 }} /> : null}
        {r ? (
          <section aria-label="Vista previa de la publicación masiva" className="portales-masivo">
            <Alert
              type={r.con_faltantes.length > 0 ? 'warning' : 'info'}
              showIcon
              role="status"
              title={
                r.total === 0
                  ? 'Ningún inmueble cumple el filtro'
                  : `El filtro selecciona ${r.total} ${r.total === 1 ? 'inmueble' : 'inmuebles'}: ${r.listos.length} ${r.listos.length === 1 ? 'listo' : 'listos'} para enviar, ${r.con_faltantes.length} con datos faltantes.`
              }
              description={r.recortado ? 'Se muestran los primeros 500: acote el filtro para ver el resto.' : undefined}
            />
            {r.con_faltantes.length > 0 ? (
              <>
                <Typography.Title level={5}>No se enviarán (les faltan datos)</Typography.Title>
                <ul className="portales-errores">
                  {r.con_faltantes.map((x) => (
                    <li key={x.consecutivo}>
                      <span>
                        <strong>Inmueble {x.consecutivo}</strong> · {x.direccion}
                      </span>
                      <Typography.Text type="danger">Falta: {x.faltantes.join('; ')}</Typography.Text>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {r.listos.length > 0 ? (
              <>
                <Typography.Title level={5}>Se enviarán</Typography.Title>
                <Typography.Paragraph>
                  {r.listos
                    .slice(0, 50)
                    .map((x) => `Inmueble ${x.consecutivo} (${x.direccion})`)
                    .join(' · ')}
                  {r.listos.length > 50 ? ` · y ${r.listos.length - 50} más` : ''}
                </Typography.Paragraph>
              </>
            ) : null}
          </section>
        ) : null}
        <AppModal
          open={confirmar}
          title={`Publicación masiva en ${nombre}`}
          okText={r ? `Publicar ${r.listos.length}` : 'Publicar'}
          okButtonProps={{ loading: publicar.isPending }}
          cancelText="Cancelar"
          onOk={() => void enviar()}
          onCancel={() => setConfirmar(false)}
        >
          {r
            ? `Se enviarán a ${nombre} ${r.listos.length} ${r.listos.length === 1 ? 'inmueble' : 'inmuebles'} con sus datos actuales y quedarán marcados «Publicar en ${nombre}». ¿Continuar?`
            : null}
        </AppModal>
      </>
    );
  }
}

/**
 * Bulk unpublishing, the other tab of the bulk screen: the filter's preview lists what is on the portal
 * (published, on its way or in error); confirming takes each off through its own job.
 */
function DespublicarMasivoPanel({ portal, nombre }: { portal: PortalSincronizado; nombre: string }) {
  const [form] = Form.useForm<FiltroDespublicarMasivo>();
  const vista = useVistaPreviaDespublicar(portal);
  const despublicar = useDespublicarMasivo(portal);
  const { message } = App.useApp();
  const [previa, setPrevia] = useState<{ filtro: FiltroDespublicarMasivo; r: VistaPreviaDespublicar } | null>(null);
  const [confirmar, setConfirmar] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ver = async (filtro: FiltroDespublicarMasivo) => {
    setError(null);
    try {
      setPrevia({ filtro, r: await vista.mutateAsync(filtro) });
    } catch (e) {
      setPrevia(null);
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const enviar = async () => {
    if (!previa) return;
    setError(null);
    try {
      const r = await despublicar.mutateAsync({ ...previa.filtro, cantidad: previa.r.total });
      void message.success(
        `${r.encolados} ${r.encolados === 1 ? 'inmueble quedó' : 'inmuebles quedaron'} en cola para despublicar de ${nombre}`,
      );
      setPrevia(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
    setConfirmar(false);
  };
  const r = previa?.r;
  return (
    <>
      <Form<FiltroDespublicarMasivo>
        form={form}
        layout="vertical"
        name={`despublicar-masivo-${portal}`}
        aria-label={`Despublicación masiva en ${nombre}`}
        initialValues={{ estado: null, tipo: null, gestion: null }}
        onValuesChange={() => setPrevia(null)}
        onFinish={(v) => void ver({ estado: v.estado ?? null, tipo: v.tipo ?? null, gestion: v.gestion ?? null })}
      >
        <Space wrap align="start">
          <Form.Item name="estado" label="Estado del inmueble">
            <Select
              allowClear
              placeholder="Todos"
              options={ESTADOS_INMUEBLE.map((e) => ({ value: e, label: ETIQUETAS_ESTADO[e] }))}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item name="tipo" label="Tipo de inmueble">
            <Select
              allowClear
              placeholder="Todos"
              options={TIPOS_INMUEBLE.map((t) => ({ value: t, label: ETIQUETAS_TIPO[t] }))}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name="gestion" label="Gestión">
            <Select
              allowClear
              placeholder="Todas"
              options={GESTIONES.map((g) => ({ value: g, label: ETIQUETAS_GESTION[g] }))}
              style={{ width: 180 }}
            />
          </Form.Item>
        </Space>
        <Space wrap>
          <Button htmlType="submit" loading={vista.isPending}>
            Vista previa
          </Button>
          {r && r.total > 0 ? (
            <Button danger icon={<StopOutlined />} onClick={() => setConfirmar(true)}>
              {`Despublicar ${r.total} de ${nombre}`}
            </Button>
          ) : null}
        </Space>
      </Form>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 12 }} /> : null}
      {r ? (
        <section aria-label="Vista previa de la despublicación masiva" className="portales-masivo">
          <Alert
            type="info"
            showIcon
            role="status"
            title={
              r.total === 0
                ? `Ningún inmueble del filtro está en ${nombre}`
                : `El filtro selecciona ${r.total} ${r.total === 1 ? 'inmueble' : 'inmuebles'} en ${nombre}.`
            }
            description={r.recortado ? 'Se muestran los primeros 500: acote el filtro para ver el resto.' : undefined}
          />
          {r.total > 0 ? (
            <>
              <Typography.Title level={5}>Se quitarán de {nombre}</Typography.Title>
              <Typography.Paragraph>
                {r.inmuebles
                  .slice(0, 50)
                  .map((x) => `Inmueble ${x.consecutivo} (${x.direccion}) · ${ETIQUETAS_ESTADO_PUBLICACION[x.estado]}`)
                  .join(' · ')}
                {r.inmuebles.length > 50 ? ` · y ${r.inmuebles.length - 50} más` : ''}
              </Typography.Paragraph>
            </>
          ) : null}
        </section>
      ) : null}
      <AppModal
        open={confirmar}
        title={`Despublicación masiva en ${nombre}`}
        okText={r ? `Despublicar ${r.total}` : 'Despublicar'}
        okButtonProps={{ danger: true, loading: despublicar.isPending }}
        cancelText="Cancelar"
        onOk={() => void enviar()}
        onCancel={() => setConfirmar(false)}
      >
        {r
          ? `Se quitarán de ${nombre} ${r.total} ${r.total === 1 ? 'inmueble' : 'inmuebles'} y dejarán de estar marcados «Publicar en ${nombre}». ¿Continuar?`
          : null}
      </AppModal>
    </>
  );
}
