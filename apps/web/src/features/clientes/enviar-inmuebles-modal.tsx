import { Alert, App, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MAX_INMUEBLES_ENVIO, type ClienteDetalle, type InmuebleCoincidente } from '@predio/contract/clientes';
import { Dialogo } from '../../components/dialogo.tsx';
import { useEmpresa } from '../../lib/api/get-empresa.ts';
import { ApiError } from '../../lib/http.ts';
import { useEnviarInmuebles } from './api/enviar-inmuebles.ts';

type Valores = { para: string; asunto: string; mensaje: string };
const CAMPOS = ['para', 'asunto', 'mensaje'] as const;

const primerNombre = (nombre: string) => nombre.trim().split(/\s+/)[0] ?? '';

/** The message a person would write, ready to edit: a greeting by first name and an offer to visit. */
export function mensajeInicial(nombre: string): string {
  const saludo = primerNombre(nombre) ? `Hola ${primerNombre(nombre)}:` : 'Hola:';
  return `${saludo}\n\nCon gusto le compartimos los inmuebles que coinciden con lo que busca. Quedamos atentos para agendar una visita.`;
}

/**
 * E-mails the lead the PDF ficha of the chosen properties (at most MAX_INMUEBLES_ENVIO). The message
 * goes through the outbox; the sending is noted in the lead's follow-up.
 */
export function EnviarInmueblesModal({
  abierto,
  cliente,
  inmuebles,
  onCerrar,
  onEnviado,
}: {
  abierto: boolean;
  cliente: ClienteDetalle;
  inmuebles: InmuebleCoincidente[];
  onCerrar: () => void;
  onEnviado: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const empresa = useEmpresa().data;
  const enviar = useEnviarInmuebles(cliente.consecutivo);
  const [error, setError] = useState<string | null>(null);

  async function confirmar() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setError(null);
    try {
      const r = await enviar.mutateAsync({ ...v, inmuebles: inmuebles.map((i) => i.consecutivo) });
      const fichas = r.inmuebles.length === 1 ? 'la ficha' : `${r.inmuebles.length} fichas`;
      void message.success(`Correo para ${r.para} en la bandeja de salida, con ${fichas} en PDF`);
      onEnviado();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const campos = e.campos.filter((c) => (CAMPOS as readonly string[]).includes(c.campo));
      if (campos.length > 0) form.setFields(campos.map((c) => ({ name: c.campo as keyof Valores, errors: [c.mensaje] })));
      else setError(e.message);
    }
  }

  return (
    <Dialogo
      open={abierto}
      title="Enviar inmuebles por correo"
      okText={inmuebles.length === 1 ? 'Enviar ficha' : `Enviar ${inmuebles.length} fichas`}
      cancelText="Cancelar"
      confirmLoading={enviar.isPending}
      onOk={() => void confirmar()}
      onCancel={onCerrar}
      afterOpenChange={(visible) => !visible && setError(null)}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon className="cliente-aviso" title={error} /> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          para: cliente.tercero.email,
          asunto: empresa?.nombre ? `Inmuebles para usted · ${empresa.nombre}` : 'Inmuebles para usted',
          mensaje: mensajeInicial(cliente.tercero.nombre),
        }}
      >
        <Form.Item
          name="para"
          label="Para"
          extra={cliente.tercero.email ? undefined : `${cliente.tercero.nombre} no tiene correo en Terceros: escríbalo aquí.`}
          rules={[
            { required: true, whitespace: true, message: 'El campo Para es obligatorio' },
            { type: 'email', message: 'El campo Para debe ser un correo electrónico válido' },
          ]}
        >
          <Input type="email" autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item
          name="asunto"
          label="Asunto"
          rules={[{ required: true, whitespace: true, message: 'El campo Asunto es obligatorio' }]}
        >
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item name="mensaje" label="Mensaje">
          <Input.TextArea rows={5} maxLength={2000} showCount />
        </Form.Item>
      </Form>
      <Typography.Text strong>
        {inmuebles.length === 1 ? 'Ficha adjunta en PDF' : `Fichas adjuntas en PDF (máximo ${MAX_INMUEBLES_ENVIO})`}
      </Typography.Text>
      <div className="cliente-envio-fichas">
        {inmuebles.map((i) => (
          <Tag key={i.consecutivo}>Inmueble {i.consecutivo}</Tag>
        ))}
      </div>
      <Typography.Paragraph type="secondary" className="cliente-ayuda">
        El envío queda anotado en el seguimiento del cliente.
      </Typography.Paragraph>
    </Dialogo>
  );
}
