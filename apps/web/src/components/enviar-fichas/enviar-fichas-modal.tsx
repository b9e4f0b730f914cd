import { Alert, App, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MAX_INMUEBLES_ENVIO, type EnvioInmuebles } from '@predio/contract/clientes';
import { AppModal } from '../app-modal.tsx';
import { useEmpresa } from '../../lib/api/get-empresa.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { AvisoCorreoSinConfigurar, useTextoEnviado } from '../correo/aviso-correo.tsx';
import { useEnviarFichas } from './api.ts';
import './enviar-fichas.css';

type Valores = { para: string; asunto: string; mensaje: string };
const CAMPOS = ['para', 'asunto', 'mensaje'] as const;

const primerNombre = (nombre: string) => nombre.trim().split(/\s+/)[0] ?? '';

/** The message a person would write, ready to edit: a greeting by first name and an offer to visit. */
export function mensajeInicial(nombre: string, varios: boolean): string {
  const saludo = primerNombre(nombre) ? `Hola ${primerNombre(nombre)}:` : 'Hola:';
  const que = varios ? 'los inmuebles que coinciden' : 'un inmueble que coincide';
  return `${saludo}\n\nCon gusto le compartimos ${que} con lo que busca. Quedamos atentos para agendar una visita.`;
}

/** The subject of a message with fichas, as both dialogs ask it. */
export function CampoAsunto() {
  return (
    <Form.Item
      name="asunto"
      label="Asunto"
      rules={[{ required: true, whitespace: true, message: 'El campo Asunto es obligatorio' }]}
    >
      <Input maxLength={150} />
    </Form.Item>
  );
}

/** The lead the fichas go to, as either side of the matching knows it. */
export type DestinoFichas = { consecutivo: number; nombre: string; email: string };

/**
 * E-mails a lead the PDF ficha of the chosen properties (at most MAX_INMUEBLES_ENVIO), from the lead's
 * matches or from a property's matching leads. The message goes through the outbox; the sending is
 * noted in the lead's follow-up.
 */
export function EnviarFichasModal({
  abierto,
  cliente,
  inmuebles,
  onCerrar,
  onEnviado,
}: {
  abierto: boolean;
  cliente: DestinoFichas;
  inmuebles: number[];
  onCerrar: () => void;
  onEnviado: (r: EnvioInmuebles) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const empresa = useEmpresa().data;
  const enviar = useEnviarFichas(cliente.consecutivo);
  const [error, setError] = useState<string | null>(null);
  const enviado = useTextoEnviado();

  async function confirmar() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setError(null);
    try {
      const r = await enviar.mutateAsync({ ...v, inmuebles });
      const fichas = r.inmuebles.length === 1 ? 'la ficha' : `${r.inmuebles.length} fichas`;
      void message.success(`${enviado(`Correo para ${r.para}`)}, con ${fichas} en PDF`);
      onEnviado(r);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(erroresEnCampos(form, e, CAMPOS));
    }
  }

  return (
    <AppModal
      open={abierto}
      title={`Enviar por correo a ${cliente.nombre}`}
      okText={inmuebles.length === 1 ? 'Enviar ficha' : `Enviar ${inmuebles.length} fichas`}
      cancelText="Cancelar"
      confirmLoading={enviar.isPending}
      onOk={() => void confirmar()}
      onCancel={onCerrar}
      afterOpenChange={(visible) => !visible && setError(null)}
      destroyOnHidden
    >
      <AvisoCorreoSinConfigurar />
      {error ? <Alert type="error" showIcon className="enviar-fichas-aviso" title={error} /> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          para: cliente.email,
          asunto: empresa?.nombre ? `Inmuebles para usted · ${empresa.nombre}` : 'Inmuebles para usted',
          mensaje: mensajeInicial(cliente.nombre, inmuebles.length > 1),
        }}
      >
        <Form.Item
          name="para"
          label="Para"
          extra={cliente.email ? undefined : `${cliente.nombre} no tiene correo en Terceros: escríbalo aquí.`}
          rules={[
            { required: true, whitespace: true, message: 'El campo Para es obligatorio' },
            { type: 'email', message: 'El campo Para debe ser un correo electrónico válido' },
          ]}
        >
          <Input type="email" autoComplete="off" maxLength={120} />
        </Form.Item>
        <CampoAsunto />
        <Form.Item name="mensaje" label="Mensaje">
          <Input.TextArea rows={5} maxLength={2000} showCount />
        </Form.Item>
      </Form>
      <Typography.Text strong>
        {inmuebles.length === 1 ? 'Ficha adjunta en PDF' : `Fichas adjuntas en PDF (máximo ${MAX_INMUEBLES_ENVIO})`}
      </Typography.Text>
      <div className="enviar-fichas-lista">
        {inmuebles.map((c) => (
          <Tag key={c}>Inmueble {c}</Tag>
        ))}
      </div>
      <Typography.Paragraph type="secondary" className="enviar-fichas-ayuda">
        El envío queda anotado en el seguimiento del cliente.
      </Typography.Paragraph>
    </AppModal>
  );
}
