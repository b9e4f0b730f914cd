import { Alert, App, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MARCA_NOMBRE, type ClienteCoincidente } from '@predio/contract/clientes';
import { AppModal } from '../../components/app-modal.tsx';
import { CampoAsunto, mensajeInicial } from '../../components/enviar-fichas/enviar-fichas-modal.tsx';
import { AvisoCorreoSinConfigurar, useTextoEnviado } from '../../components/correo/aviso-correo.tsx';
import { useEmpresa } from '../../lib/api/get-empresa.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useEnviarFichaAClientes } from './api/enviar-ficha-clientes.ts';

type Valores = { asunto: string; mensaje: string };
const CAMPOS = ['asunto', 'mensaje'] as const;

/**
 * The property's ficha to the chosen matching leads at once: one message each, to the e-mail each has
 * in Terceros, greeting each by first name ({nombre}); each sending is noted in that lead's follow-up.
 */
export function EnviarFichaClientesModal({
  consecutivo,
  clientes,
  onCerrar,
  onEnviado,
}: {
  consecutivo: number;
  clientes: ClienteCoincidente[];
  onCerrar: () => void;
  onEnviado: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const empresa = useEmpresa().data;
  const enviar = useEnviarFichaAClientes(consecutivo);
  const [error, setError] = useState<string | null>(null);
  const enviado = useTextoEnviado();
  const n = clientes.length;
  // Two leads of one person (same name and address) share a message.
  const correos = new Set(clientes.map((c) => `${c.nombre}|${c.email.trim().toLowerCase()}`)).size;

  async function confirmar() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setError(null);
    try {
      const r = await enviar.mutateAsync({ ...v, clientes: clientes.map((c) => c.consecutivo) });
      const k = r.correos;
      void message.success(
        k === 1
          ? `${enviado(`Correo para ${r.enviados[0]!.para}`)}, con la ficha en PDF`
          : `${enviado(`${k} correos`)}, cada uno con la ficha en PDF`,
      );
      onEnviado();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(erroresEnCampos(form, e, CAMPOS));
    }
  }

  return (
    <AppModal
      open
      title={n === 1 ? 'Enviar la ficha a 1 cliente' : `Enviar la ficha a ${n} clientes`}
      okText={correos === 1 ? 'Enviar 1 correo' : `Enviar ${correos} correos`}
      cancelText="Cancelar"
      confirmLoading={enviar.isPending}
      onOk={() => void confirmar()}
      onCancel={onCerrar}
      destroyOnHidden
    >
      <AvisoCorreoSinConfigurar />
      {error ? <Alert type="error" showIcon className="enviar-fichas-aviso" title={error} /> : null}
      <Typography.Text strong>Para</Typography.Text>
      <div className="enviar-fichas-lista" aria-label="Destinatarios">
        {clientes.map((c) => (
          <Tag key={c.consecutivo}>
            {c.nombre} · {c.email}
          </Tag>
        ))}
      </div>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          asunto: empresa?.nombre ? `Un inmueble para usted · ${empresa.nombre}` : 'Un inmueble para usted',
          mensaje: mensajeInicial(MARCA_NOMBRE, false),
        }}
      >
        <CampoAsunto />
        <Form.Item name="mensaje" label="Mensaje" extra={`${MARCA_NOMBRE} se cambia por el primer nombre de cada cliente.`}>
          <Input.TextArea rows={5} maxLength={2000} showCount />
        </Form.Item>
      </Form>
      <Typography.Text strong>Ficha adjunta en PDF</Typography.Text>
      <div className="enviar-fichas-lista">
        <Tag>Inmueble {consecutivo}</Tag>
      </div>
      <Typography.Paragraph type="secondary" className="enviar-fichas-ayuda">
        Cada cliente recibe su propio correo, y el envío queda anotado en su seguimiento.
      </Typography.Paragraph>
    </AppModal>
  );
}
