import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_PROVEEDOR,
  PROVEEDORES,
  type CanalMensaje,
  type ProveedorConfigurado,
  type ProveedorGuardar,
} from '@predio/contract/mensajes';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useEntregasSms, useEntregasWhatsapp, useGuardarProveedor, useProveedores } from './api/plantillas-mensaje.ts';

const TITULO: Record<CanalMensaje, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

/** Configurar mensajes › SMS y WhatsApp: each channel's provider; the secret is written, never shown. */
export function ProveedoresCard() {
  const lista = useProveedores();
  if (lista.isError)
    return <ErrorDeCarga titulo="No se pudieron cargar los proveedores" onReintentar={() => void lista.refetch()} />;
  return (
    <Card title="SMS y WhatsApp" className="mensajes-card-proveedores">
      <Typography.Paragraph type="secondary">
        Los avisos salen por SMS o WhatsApp cuando el usuario lo activa en Mis notificaciones y aquí hay un proveedor activo. Las
        credenciales se guardan cifradas y no se vuelven a mostrar.
      </Typography.Paragraph>
      {lista.isPending ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size={24}>
          {(['sms', 'whatsapp'] as const).map((canal) => (
            <FormProveedor key={canal} canal={canal} actual={lista.data.find((p) => p.canal === canal) ?? null} />
          ))}
        </Space>
      )}
      <EntregasSms />
      <EntregasWhatsapp />
    </Card>
  );
}

/** The callback URL to paste in the gateway, so delivery reports reach the sent messages. */
function EntregasSms() {
  const datos = useEntregasSms();
  if (!datos.data) return null;
  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>Reportes de entrega de SMS</Typography.Title>
      <Typography.Paragraph type="secondary">
        Configure en la pasarela de SMS esta dirección para los reportes de entrega (POST con el id del mensaje y su estado); la
        clave va en la dirección o en la cabecera {datos.data.cabecera}. Así el informe de SMS enviados muestra cuáles se
        entregaron.
      </Typography.Paragraph>
      <Typography.Paragraph
        copyable={{ text: datos.data.url, tooltips: ['Copiar', 'Copiada'] }}
        code
        style={{ overflowWrap: 'anywhere' }}
      >
        {datos.data.url}
      </Typography.Paragraph>
    </div>
  );
}

/** The webhook Meta's app calls with the WhatsApp messages' statuses, and the token it checks it with. */
function EntregasWhatsapp() {
  const datos = useEntregasWhatsapp();
  if (!datos.data) return null;
  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>Estados de entrega de WhatsApp</Typography.Title>
      <Typography.Paragraph type="secondary">
        En la app de Meta (WhatsApp › Configuración › Webhook) use esta URL de devolución de llamada y este token de verificación,
        y suscriba el campo «messages». Meta firma cada aviso con la clave secreta de la app, que se guarda arriba. Así el informe
        de SMS enviados muestra qué mensajes de WhatsApp se entregaron o fallaron.
      </Typography.Paragraph>
      <Typography.Text strong>URL de devolución de llamada</Typography.Text>
      <Typography.Paragraph
        copyable={{ text: datos.data.url, tooltips: ['Copiar', 'Copiada'] }}
        code
        style={{ overflowWrap: 'anywhere' }}
      >
        {datos.data.url}
      </Typography.Paragraph>
      <Typography.Text strong>Token de verificación</Typography.Text>
      <Typography.Paragraph copyable={{ text: datos.data.token_verificacion, tooltips: ['Copiar', 'Copiado'] }} code>
        {datos.data.token_verificacion}
      </Typography.Paragraph>
    </div>
  );
}

function FormProveedor({ canal, actual }: { canal: CanalMensaje; actual: ProveedorConfigurado | null }) {
  const [form] = Form.useForm<ProveedorGuardar>();
  const guardar = useGuardarProveedor();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const proveedor = Form.useWatch('proveedor', form) ?? actual?.proveedor ?? PROVEEDORES[canal][0];
  return (
    <Form<ProveedorGuardar>
      form={form}
      layout="vertical"
      name={`proveedor-${canal}`}
      aria-label={`Proveedor de ${TITULO[canal]}`}
      initialValues={{
        proveedor: actual?.proveedor ?? PROVEEDORES[canal][0],
        activo: actual?.activo ?? true,
        url: actual?.url,
        remitente: actual?.remitente ?? '',
        cuerpo: actual?.cuerpo ?? '',
        cabecera: actual?.cabecera ?? '',
        secreto: '',
        secreto_app: '',
      }}
      onFinish={async (v) => {
        setError(null);
        try {
          await guardar.mutateAsync({ canal, body: { ...v, url: v.url || undefined } });
          form.setFieldValue('secreto', '');
          form.setFieldValue('secreto_app', '');
          void message.success(`Proveedor de ${TITULO[canal]} guardado`);
        } catch (e) {
          setError(e instanceof Error ? e.message : String(e));
        }
      }}
    >
      <Typography.Title level={5}>
        {TITULO[canal]}{' '}
        {actual ? actual.activo ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag> : <Tag>Sin configurar</Tag>}
      </Typography.Title>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Space wrap align="start">
        <Form.Item name="proveedor" label="Proveedor">
          <Select style={{ width: 240 }} options={PROVEEDORES[canal].map((p) => ({ value: p, label: ETIQUETAS_PROVEEDOR[p] }))} />
        </Form.Item>
        <Form.Item name="activo" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item
        name="url"
        label={proveedor === 'generico' ? 'Dirección (POST)' : 'Dirección de la API'}
        extra={proveedor === 'generico' ? undefined : 'Vacío: la del proveedor.'}
        rules={[{ required: proveedor === 'generico', message: 'Escriba la dirección del proveedor' }]}
      >
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      {proveedor !== 'generico' ? (
        <Form.Item
          name="remitente"
          label={proveedor === 'whatsapp_cloud' ? 'Identificador del número (phone number id)' : 'Código de remitente'}
          rules={[{ required: proveedor === 'whatsapp_cloud', message: 'Escriba el identificador del número' }]}
        >
          <Input maxLength={60} style={{ width: 280 }} />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="cuerpo"
            label="Cuerpo JSON"
            extra='Use {{para}}, {{texto}} y {{referencia}}. Vacío: {"to", "text", "reference"}.'
          >
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item name="cabecera" label="Cabecera de la credencial" extra="Por ejemplo Authorization o X-Api-Key.">
            <Input maxLength={60} style={{ width: 280 }} />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="secreto"
        label={proveedor === 'hablame' ? 'API key' : proveedor === 'whatsapp_cloud' ? 'Token de acceso' : 'Credencial'}
        extra={actual?.con_secreto ? 'Guardada. Déjela vacía para conservarla.' : 'Aún no hay credencial guardada.'}
      >
        <Input.Password maxLength={2000} autoComplete="new-password" style={{ width: 'min(420px, 80vw)' }} />
      </Form.Item>
      {proveedor === 'whatsapp_cloud' ? (
        <Form.Item
          name="secreto_app"
          label="Clave secreta de la app (App Secret)"
          extra={
            actual?.con_secreto_app
              ? 'Guardada. Déjela vacía para conservarla.'
              : 'Sin ella no se aceptan los estados de entrega que envía Meta.'
          }
        >
          <Input.Password maxLength={200} autoComplete="new-password" style={{ width: 'min(420px, 80vw)' }} />
        </Form.Item>
      ) : null}
      <Button htmlType="submit" icon={<SaveOutlined />} loading={guardar.isPending}>
        Guardar {TITULO[canal]}
      </Button>
    </Form>
  );
}
