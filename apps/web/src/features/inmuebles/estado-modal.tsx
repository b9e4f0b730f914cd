import { useState } from 'react';
import { App, Form, Input, Select } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { ESTADOS_INMUEBLE, ETIQUETAS_ESTADO, type EstadoInmueble, type InmuebleDetalle } from '@predio/contract/inmuebles';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useCambiarEstado } from './api/cambiar-estado.ts';
import { consultaDe } from './api/get-opciones.ts';

type Valores = { estado: EstadoInmueble; causal: number | null; observacion: string };

/** Changes a property's estado; retirar asks for the causal (issue 4: withdraw with causal). */
export function EstadoModal({
  inmueble,
  abierto,
  onCerrar,
}: {
  inmueble: InmuebleDetalle;
  abierto: boolean;
  onCerrar: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const cambiar = useCambiarEstado();
  const [error, setError] = useState<string | null>(null);
  const estado = Form.useWatch('estado', form);

  async function enviar() {
    // An invalid form shows its messages beside the fields; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (v === null) return;
    setError(null);
    try {
      await cambiar.mutateAsync({
        consecutivo: inmueble.consecutivo,
        cambio: { estado: v.estado, causal: v.estado === 'retirado' ? v.causal : null, observacion: v.observacion ?? '' },
      });
      void message.success(`Inmueble ${inmueble.consecutivo}: ${ETIQUETAS_ESTADO[v.estado].toLowerCase()}`);
      onCerrar();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(erroresEnCampos(form, e));
    }
  }

  return (
    <AppModal
      open={abierto}
      title={`Cambiar estado del inmueble ${inmueble.consecutivo}`}
      okText="Cambiar estado"
      cancelText="Cancelar"
      onOk={() => void enviar()}
      onCancel={onCerrar}
      confirmLoading={cambiar.isPending}
      okButtonProps={{ danger: estado === 'retirado' }}
      destroyOnHidden
    >
      <Form<Valores>
        form={form}
        layout="vertical"
        initialValues={{ estado: inmueble.estado, causal: inmueble.id_causal_retiro, observacion: '' }}
      >
        <Form.Item name="estado" label="Nuevo estado" rules={[{ required: true, message: 'Elija el estado' }]}>
          <Select options={ESTADOS_INMUEBLE.map((e) => ({ value: e, label: ETIQUETAS_ESTADO[e] }))} />
        </Form.Item>
        {estado === 'retirado' ? (
          <Form.Item
            name="causal"
            label="Causal de retiro"
            rules={[{ required: true, message: 'La causal es obligatoria para retirar el inmueble' }]}
          >
            <RemoteSelect fuente="causales" opciones={consultaDe('causales')} placeholder="Elija la causal" />
          </Form.Item>
        ) : null}
        <Form.Item name="observacion" label="Observación">
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        {error ? <div className="ant-form-item-explain-error">{error}</div> : null}
      </Form>
    </AppModal>
  );
}
