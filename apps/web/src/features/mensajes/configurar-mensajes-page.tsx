import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Grid,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { EditOutlined, EyeOutlined, PlusOutlined, SaveOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { ETIQUETAS_TIPO_PLANTILLA, TIPOS_PLANTILLA, type TipoPlantilla } from '@predio/contract/documentos';
import {
  infoSms,
  type MensajeLleno,
  type MensajePrueba,
  type PlantillaMensaje,
  type PlantillaMensajeResumen,
} from '@predio/contract/mensajes';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { AvisoCorreoAdministrador, AvisoCorreoSinConfigurar } from '../../components/correo/aviso-correo.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import {
  enviarPrueba,
  useCamposMensaje,
  useConfigMensajes,
  useEjemplosNotificacion,
  useEliminarPlantillaMensaje,
  useGuardarConfigMensajes,
  useGuardarMiFirma,
  useGuardarPlantillaMensaje,
  useMiFirma,
  usePlantillaMensaje,
  usePlantillasMensaje,
  vistaPreviaMensaje,
} from './api/plantillas-mensaje.ts';
import { ProveedoresCard } from './proveedores-card.tsx';
import './mensajes.css';

// The editor (TipTap) is loaded only when a template is opened.
const EditorPlantilla = lazy(() =>
  import('../../components/editor-plantilla/editor-plantilla.tsx').then((m) => ({ default: m.EditorPlantilla })),
);

const mensajeDe = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Correos > Configurar mensajes (idm 10555): templates of every notice and free message, sender and signatures. */
export function ConfigurarMensajesPage() {
  const lista = usePlantillasMensaje();
  const [abierta, setAbierta] = useState<string | 'nueva' | null>(null);
  const pantalla = Grid.useBreakpoint();
  return (
    <div className="mensajes-page">
      <Typography.Title level={4}>Configurar mensajes</Typography.Title>
      <AvisoCorreoAdministrador />
      <Card
        title="Plantillas de mensajes"
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setAbierta('nueva')}>
            Nuevo mensaje libre
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          El correo, el SMS y el WhatsApp de cada aviso de Mis notificaciones, y los mensajes libres que los usuarios envían desde
          un tercero, un inmueble o un cliente. Mientras no la cambie, cada aviso usa la plantilla predeterminada.
        </Typography.Paragraph>
        {lista.isError ? (
          <ErrorDeCarga titulo="No se pudieron cargar las plantillas" onReintentar={() => void lista.refetch()} />
        ) : (
          <Table<PlantillaMensajeResumen>
            rowKey="clave"
            size="small"
            loading={lista.isPending}
            dataSource={lista.data ?? []}
            pagination={false}
            scroll={{ x: true }}
            locale={{ emptyText: <Empty description="Aún no hay plantillas." /> }}
            columns={[
              { title: 'Mensaje', dataIndex: 'nombre' },
              { title: 'Grupo', dataIndex: 'grupo', responsive: ['sm'] },
              {
                title: 'Plantilla',
                key: 'estado',
                render: (_: unknown, p) => (p.personalizada ? <Tag color="green">Propia</Tag> : <Tag>Predeterminada</Tag>),
              },
              {
                title: 'Modificada',
                dataIndex: 'actualizado',
                responsive: ['md'],
                render: (v: string | null, p) => (v ? `${formatFechaHora(v)} · ${p.actualizado_por}` : '—'),
              },
              {
                title: 'Acciones',
                key: 'acciones',
                render: (_: unknown, p) => (
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`Editar ${p.nombre}`}
                    onClick={() => setAbierta(p.clave)}
                  >
                    Editar
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Space
        orientation={pantalla.lg ? 'horizontal' : 'vertical'}
        align="start"
        style={{ width: '100%', marginTop: 16 }}
        size={16}
      >
        <RemitenteCard />
        <MiFirmaCard />
      </Space>
      <ProveedoresCard />
      <AppDrawer
        title={abierta === 'nueva' ? 'Nuevo mensaje libre' : 'Editar plantilla de mensaje'}
        open={abierta !== null}
        onClose={() => setAbierta(null)}
        size={pantalla.lg ? 1100 : '100%'}
        destroyOnHidden
      >
        {abierta !== null ? (
          <EdicionMensaje
            clave={abierta === 'nueva' ? null : abierta}
            onGuardada={(c) => setAbierta(c)}
            onCerrar={() => setAbierta(null)}
          />
        ) : null}
      </AppDrawer>
    </div>
  );
}

function RemitenteCard() {
  const config = useConfigMensajes();
  const guardar = useGuardarConfigMensajes();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  if (config.isPending)
    return (
      <Card title="Remitente y firma de la empresa">
        <Skeleton active />
      </Card>
    );
  if (config.isError) return <ErrorDeCarga titulo="No se pudo cargar el remitente" onReintentar={() => void config.refetch()} />;
  return (
    <Card title="Remitente y firma de la empresa" className="mensajes-card-firma">
      <Form
        layout="vertical"
        initialValues={config.data}
        onFinish={async (v: { remitente_nombre: string; firma: string }) => {
          setError(null);
          try {
            await guardar.mutateAsync({ remitente_nombre: v.remitente_nombre ?? '', firma: v.firma ?? '' });
            void message.success('Remitente y firma guardados');
          } catch (e) {
            setError(mensajeDe(e));
          }
        }}
      >
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
        <Form.Item name="remitente_nombre" label="Nombre del remitente" extra="Vacío: el nombre de la empresa.">
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item
          name="firma"
          label="Firma de la empresa"
          extra="Va al final de los avisos y de los mensajes de quien no tiene firma propia."
        >
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={guardar.isPending}>
          Guardar remitente
        </Button>
      </Form>
    </Card>
  );
}

function MiFirmaCard() {
  const firma = useMiFirma();
  const guardar = useGuardarMiFirma();
  const { message } = App.useApp();
  if (firma.isPending)
    return (
      <Card title="Mi firma">
        <Skeleton active />
      </Card>
    );
  if (firma.isError) return <ErrorDeCarga titulo="No se pudo cargar su firma" onReintentar={() => void firma.refetch()} />;
  return (
    <Card title="Mi firma" className="mensajes-card-firma">
      <Form
        layout="vertical"
        initialValues={firma.data}
        onFinish={async (v: { firma: string }) => {
          await guardar.mutateAsync({ firma: v.firma ?? '' });
          void message.success('Firma guardada');
        }}
      >
        <Form.Item name="firma" label="Firma de sus correos" extra="Al final de los mensajes que usted envía.">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Button htmlType="submit" icon={<SaveOutlined />} loading={guardar.isPending}>
          Guardar mi firma
        </Button>
      </Form>
    </Card>
  );
}

function EdicionMensaje({
  clave,
  onGuardada,
  onCerrar,
}: {
  clave: string | null;
  onGuardada: (c: string) => void;
  onCerrar: () => void;
}) {
  const p = usePlantillaMensaje(clave);
  if (clave !== null && p.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (clave !== null && p.isError)
    return <ErrorDeCarga titulo="No se pudo cargar la plantilla" onReintentar={() => void p.refetch()} />;
  return (
    <FormularioMensaje
      key={`${clave}-${p.data?.actualizado ?? ''}`}
      inicial={p.data ?? null}
      onGuardada={onGuardada}
      onCerrar={onCerrar}
    />
  );
}

/** The live SMS length: GSM-7 or UCS-2, characters and parts, and what forced UCS-2. */
export function ContadorSms({ texto }: { texto: string }) {
  const i = infoSms(texto);
  return (
    <Typography.Text type={i.segmentos > 1 ? 'warning' : 'secondary'} className="mensajes-contador" aria-live="polite">
      {i.codificacion} · {i.caracteres} {i.caracteres === 1 ? 'carácter' : 'caracteres'} · {i.segmentos}{' '}
      {i.segmentos === 1 ? 'mensaje' : 'mensajes'} ({i.porSegmento} por mensaje)
      {i.noGsm.length > 0 ? ` · fuera de GSM-7: ${i.noGsm.join(' ')}` : ''}
      {texto.includes('{{') ? ' · los campos cuentan con su valor al enviar' : ''}
    </Typography.Text>
  );
}

type Valores = {
  nombre: string;
  tipo: TipoPlantilla;
  asunto: string;
  texto: string;
  sms: string;
  whatsapp_plantilla: string;
  whatsapp_parametros: string[];
  registro?: string;
};

function FormularioMensaje({
  inicial,
  onGuardada,
  onCerrar,
}: {
  inicial: PlantillaMensaje | null;
  onGuardada: (c: string) => void;
  onCerrar: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const notificacion = inicial?.tipo_carta ?? null;
  const tipo = (Form.useWatch('tipo', form) ?? inicial?.tipo ?? 'tercero') as TipoPlantilla;
  const sms = Form.useWatch('sms', form) ?? inicial?.sms ?? '';
  const campos = useCamposMensaje(notificacion, notificacion !== null ? 'ninguno' : tipo);
  const ejemplos = useEjemplosNotificacion(notificacion);
  const guardar = useGuardarPlantillaMensaje();
  const eliminar = useEliminarPlantillaMensaje();
  const [html, setHtml] = useState(inicial?.html ?? '<p></p>');
  const [error, setError] = useState<string | null>(null);
  const [previa, setPrevia] = useState<MensajeLleno | null>(null);
  const [cargando, setCargando] = useState<'previa' | 'prueba' | null>(null);

  const cuerpo = (): MensajePrueba => {
    const v = form.getFieldsValue(true) as Valores;
    return {
      ...(notificacion === null ? { nombre: v.nombre, tipo: v.tipo } : {}),
      asunto: v.asunto ?? '',
      html,
      texto: v.texto ?? '',
      sms: v.sms ?? '',
      whatsapp_plantilla: v.whatsapp_plantilla ?? '',
      whatsapp_parametros: v.whatsapp_parametros ?? [],
      registro: v.registro?.trim() || undefined,
    };
  };
  const claveParaProbar = inicial?.clave ?? 'libre-0';

  const conError = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : mensajeDe(e));
    }
  };

  const onGuardar = () =>
    conError(async () => {
      await form.validateFields();
      const { registro: _r, ...body } = cuerpo();
      const p = await guardar.mutateAsync({ clave: inicial?.clave ?? null, body });
      void message.success(`Plantilla «${p.nombre}» guardada`);
      onGuardada(p.clave);
    });

  const registroLibre = notificacion === null && tipo !== 'ninguno';
  return (
    <Form<Valores>
      form={form}
      name="plantilla-mensaje"
      layout="vertical"
      initialValues={{
        nombre: inicial?.nombre ?? '',
        tipo: inicial?.tipo ?? 'tercero',
        asunto: inicial?.asunto ?? '',
        texto: inicial?.texto ?? '',
        sms: inicial?.sms ?? '',
        whatsapp_plantilla: inicial?.whatsapp_plantilla ?? '',
        whatsapp_parametros: inicial?.whatsapp_parametros ?? [],
        registro: undefined,
      }}
    >
      {notificacion !== null ? (
        <Typography.Paragraph>
          Aviso <strong>{inicial?.nombre}</strong> ({inicial?.grupo}).{' '}
          {inicial?.personalizada ? <Tag color="green">Propia</Tag> : <Tag>Predeterminada</Tag>}
        </Typography.Paragraph>
      ) : (
        <Space wrap align="start">
          <Form.Item
            name="nombre"
            label="Nombre"
            rules={[{ required: true, whitespace: true, message: 'Escriba el nombre del mensaje' }]}
          >
            <Input maxLength={120} style={{ width: 'min(320px, 80vw)' }} />
          </Form.Item>
          <Form.Item name="tipo" label="Se llena con">
            <Select
              style={{ width: 220 }}
              options={TIPOS_PLANTILLA.map((t) => ({ value: t, label: ETIQUETAS_TIPO_PLANTILLA[t] }))}
            />
          </Form.Item>
        </Space>
      )}
      <AvisoCorreoSinConfigurar />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" /> : null}
      <Form.Item
        name="asunto"
        label="Asunto"
        rules={[{ required: true, whitespace: true, message: 'Escriba el asunto' }]}
        extra="Admite campos, por ejemplo {{ empresa.nombre }}."
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Cuerpo del correo" required>
        {campos.isError ? (
          <ErrorDeCarga titulo="No se pudieron cargar los campos" onReintentar={() => void campos.refetch()} />
        ) : (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            {campos.data ? (
              <EditorPlantilla value={html} onChange={setHtml} campos={campos.data} etiqueta="Cuerpo del correo" />
            ) : (
              <Skeleton active paragraph={{ rows: 8 }} />
            )}
          </Suspense>
        )}
      </Form.Item>
      <Form.Item
        name="texto"
        label="Texto sin formato"
        extra="Para los programas de correo que no muestran HTML. Vacío: se toma del cuerpo."
      >
        <Input.TextArea rows={4} maxLength={20000} />
      </Form.Item>
      <Form.Item name="sms" label="Texto del SMS" extra={<ContadorSms texto={sms} />}>
        <Input.TextArea rows={2} maxLength={918} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item
          name="whatsapp_plantilla"
          label="Plantilla de WhatsApp"
          extra="El nombre aprobado en WhatsApp Business (minúsculas y «_»)."
          rules={[{ pattern: /^[a-z0-9_]*$/, message: 'Solo minúsculas, números y «_»' }]}
        >
          <Input maxLength={512} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="whatsapp_parametros" label="Parámetros de WhatsApp" extra="{{1}}, {{2}}… en orden; admiten campos.">
          <Select
            mode="tags"
            style={{ width: 'min(420px, 80vw)' }}
            tokenSeparators={['\n']}
            open={false}
            aria-label="Parámetros de WhatsApp"
          />
        </Form.Item>
      </Space>
      <Space wrap align="end" style={{ marginBottom: 12 }}>
        {notificacion !== null ? (
          <Form.Item name="registro" label="Probar con" style={{ marginBottom: 0 }}>
            <Select
              allowClear
              placeholder="Valores de ejemplo"
              style={{ width: 'min(360px, 80vw)' }}
              loading={ejemplos.isPending}
              options={(ejemplos.data ?? []).map((e) => ({
                value: String(e.id),
                label: `${formatFechaHora(e.creada_en)} · ${e.titulo}`,
              }))}
            />
          </Form.Item>
        ) : registroLibre ? (
          <Form.Item
            name="registro"
            label={`Probar con (${ETIQUETAS_TIPO_PLANTILLA[tipo]})`}
            extra="Su número o documento; vacío: ejemplo."
            style={{ marginBottom: 0 }}
          >
            <Input maxLength={30} style={{ width: 200 }} />
          </Form.Item>
        ) : null}
        <Button
          icon={<EyeOutlined />}
          loading={cargando === 'previa'}
          onClick={() =>
            void conError(async () => {
              setCargando('previa');
              try {
                setPrevia(await vistaPreviaMensaje(claveParaProbar, cuerpo()));
              } finally {
                setCargando(null);
              }
            })
          }
        >
          Vista previa
        </Button>
        <Button
          icon={<SendOutlined />}
          loading={cargando === 'prueba'}
          onClick={() =>
            void conError(async () => {
              setCargando('prueba');
              try {
                const r = await enviarPrueba(claveParaProbar, cuerpo());
                void message.success(`Prueba enviada a ${r.para}`);
              } finally {
                setCargando(null);
              }
            })
          }
        >
          Enviar prueba
        </Button>
        <Button type="primary" icon={<SaveOutlined />} loading={guardar.isPending} onClick={() => void onGuardar()}>
          Guardar
        </Button>
        {inicial && (notificacion === null || inicial.personalizada) ? (
          <Popconfirm
            title={notificacion !== null ? '¿Volver a la plantilla predeterminada?' : `¿Eliminar el mensaje «${inicial.nombre}»?`}
            okText={notificacion !== null ? 'Restablecer' : 'Eliminar'}
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              conError(async () => {
                await eliminar.mutateAsync(inicial.clave);
                void message.success(notificacion !== null ? 'Plantilla restablecida' : 'Mensaje eliminado');
                onCerrar();
              })
            }
          >
            <Button danger icon={<UndoOutlined />}>
              {notificacion !== null ? 'Restablecer' : 'Eliminar'}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      {previa ? (
        <section aria-label="Vista previa" className="mensajes-previa">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Asunto">{previa.asunto}</Descriptions.Item>
            <Descriptions.Item label="Correo">
              <SafeHtml html={previa.html} className="vista-previa-plantilla" />
            </Descriptions.Item>
            <Descriptions.Item label="Texto sin formato">
              <pre className="mensajes-texto">{previa.texto}</pre>
            </Descriptions.Item>
            <Descriptions.Item label="SMS">
              {previa.sms ? (
                <>
                  <div>{previa.sms}</div>
                  <ContadorSms texto={previa.sms} />
                </>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label="WhatsApp">
              {previa.whatsapp_parametros.length
                ? previa.whatsapp_parametros.map((p, i) => <div key={i}>{`{{${i + 1}}} ${p}`}</div>)
                : '—'}
            </Descriptions.Item>
          </Descriptions>
        </section>
      ) : null}
    </Form>
  );
}
