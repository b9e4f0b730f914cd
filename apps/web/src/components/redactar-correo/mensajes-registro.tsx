import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Empty, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { InboxOutlined, MailOutlined, MessageOutlined } from '@ant-design/icons';
import { IDM_BANDEJA } from '@predio/contract/bandeja';
import { hasIdm } from '@predio/contract/menu';
import {
  ETIQUETAS_ESTADO_MENSAJE,
  infoSms,
  MAX_SMS,
  type EstadoMensaje,
  type MensajeDeRegistro,
} from '@predio/contract/mensajes';
import { AppModal } from '../app-modal.tsx';
import { ErrorDeCarga } from '../error-de-carga.tsx';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { usePermisos } from '../../lib/session-store.ts';
import { useCorreosRecibidos, useEnviarSms, useHistorialMensajes, type RegistroCorreo } from './api.ts';
import { RedactarCorreoDialog } from './redactar-correo-dialog.tsx';
import { Listado, ListadoItem, ListadoItemMeta } from '../listado/listado.tsx';
import './redactar-correo.css';

const COLOR: Record<EstadoMensaje, string> = {
  en_cola: 'gold',
  enviado: 'green',
  entregado: 'green',
  fallido: 'red',
  rebotado: 'red',
};

function Fila({ m }: { m: MensajeDeRegistro }) {
  return (
    <ListadoItem>
      <ListadoItemMeta
        title={
          <Space wrap>
            {m.canal === 'correo' ? <MailOutlined aria-label="Correo" /> : <MessageOutlined aria-label="SMS" />}
            <span>{m.asunto}</span>
            <Tag color={COLOR[m.estado]}>{ETIQUETAS_ESTADO_MENSAJE[m.estado]}</Tag>
          </Space>
        }
        description={
          <>
            {formatFechaHora(m.creado_en)} · {m.usuario} · para {m.para}
            {m.error ? <div className="mensajes-registro-error">Error: {m.error}</div> : null}
          </>
        }
      />
    </ListadoItem>
  );
}

/** An SMS to a tercero: only with its data authorisation and mobile, within the Ley 2300 hours (the server says). */
function EnviarSmsDialog({ idTercero, abierto, onCerrar }: { idTercero: number; abierto: boolean; onCerrar: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ texto: string }>();
  const enviar = useEnviarSms(idTercero);
  const [error, setError] = useState<string | null>(null);
  const texto = Form.useWatch('texto', form) ?? '';
  const info = infoSms(texto);

  async function confirmar() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setError(null);
    try {
      const r = await enviar.mutateAsync({ texto: v.texto });
      void message.success(
        r.aplazado
          ? `SMS para ${r.para} en cola: saldrá ${formatFechaHora(r.programado_para)} (horario de la Ley 2300)`
          : `SMS para ${r.para} en cola`,
      );
      form.resetFields();
      onCerrar();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(erroresEnCampos(form, e, ['texto']));
    }
  }

  return (
    <AppModal
      open={abierto}
      title="Enviar SMS"
      okText="Enviar"
      cancelText="Cancelar"
      confirmLoading={enviar.isPending}
      onOk={() => void confirmar()}
      onCancel={() => {
        setError(null);
        onCerrar();
      }}
      forceRender
    >
      {error ? <Alert type="error" showIcon className="redactar-aviso" title={error} /> : null}
      <Form form={form} layout="vertical">
        <Form.Item
          name="texto"
          label="Mensaje"
          rules={[{ required: true, whitespace: true, message: 'El campo Mensaje es obligatorio' }]}
          extra={`${info.caracteres} caracteres · ${info.segmentos} ${info.segmentos === 1 ? 'SMS' : 'SMS concatenados'} (${info.codificacion}). Se antepone el nombre de la empresa.`}
        >
          <Input.TextArea rows={4} maxLength={MAX_SMS} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

/**
 * What a tercero wrote to the user's own mailbox, each opening in the Bandeja de correos. Nothing shows
 * for a user without the Bandeja or whose box has nothing from them.
 */
function CorreosRecibidos({ idTercero }: { idTercero: number }) {
  const conBandeja = hasIdm(usePermisos(), IDM_BANDEJA);
  const recibidos = useCorreosRecibidos(idTercero, conBandeja);
  if (!conBandeja || recibidos.isPending || (recibidos.isSuccess && recibidos.data.length === 0)) return null;
  if (recibidos.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudieron cargar los correos recibidos"
        error={recibidos.error}
        onReintentar={() => void recibidos.refetch()}
      />
    );
  return (
    <>
      <Typography.Title level={5}>Correos recibidos</Typography.Title>
      <Listado
        dataSource={recibidos.data}
        rowKey="id"
        renderItem={(m) => (
          <ListadoItem>
            <ListadoItemMeta
              title={
                <Space wrap>
                  <InboxOutlined aria-label="Correo recibido" />
                  <Link to={`/emails/bandeja-correos?mensaje=${m.id}`}>{m.asunto || '(sin asunto)'}</Link>
                </Space>
              }
              description={`${m.fecha ? `${formatFechaHora(m.fecha)} · ` : ''}de ${m.de_correo}`}
            />
          </ListadoItem>
        )}
      />
    </>
  );
}

/**
 * A record's e-mails and SMS with their delivery state (en cola, enviado, fallido and why), newest first,
 * and «Enviar correo» (and «Enviar SMS» for a tercero) to write one.
 */
export function MensajesDeRegistro({ registro, sms = false }: { registro: RegistroCorreo; sms?: boolean }) {
  const historial = useHistorialMensajes(registro);
  const [correo, setCorreo] = useState(false);
  const [mensaje, setMensaje] = useState(false);
  return (
    <div>
      <Space wrap className="mensajes-registro-acciones">
        <Button type="primary" icon={<MailOutlined />} onClick={() => setCorreo(true)}>
          Enviar correo
        </Button>
        {sms ? (
          <Button icon={<MessageOutlined />} onClick={() => setMensaje(true)}>
            Enviar SMS
          </Button>
        ) : null}
      </Space>
      {historial.isPending ? (
        <Skeleton active />
      ) : historial.isError ? (
        <ErrorDeCarga
          titulo="No se pudieron cargar los mensajes"
          error={historial.error}
          onReintentar={() => void historial.refetch()}
        />
      ) : historial.data.length === 0 ? (
        <Empty description="Aún no se le han enviado correos ni SMS" />
      ) : (
        <>
          <Typography.Title level={5}>Mensajes enviados</Typography.Title>
          <Listado dataSource={historial.data} rowKey={(m) => `${m.canal}-${m.id}`} renderItem={(m) => <Fila m={m} />} />
        </>
      )}
      {registro.entidad === 'tercero' ? <CorreosRecibidos idTercero={registro.clave} /> : null}
      <RedactarCorreoDialog registro={registro} abierto={correo} onCerrar={() => setCorreo(false)} />
      {sms ? <EnviarSmsDialog idTercero={registro.clave} abierto={mensaje} onCerrar={() => setMensaje(false)} /> : null}
    </div>
  );
}
