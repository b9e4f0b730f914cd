import { App, Form, Input, Typography } from 'antd';
import type { InvitacionForm } from '@predio/contract/zona-clientes';
import { AppModal } from '../app-modal.tsx';
import { RemoteSelect } from '../remote-select.tsx';
import { consultaInmuebles, consultaTerceros, useInvitar } from './api.ts';

/**
 * Invites a tercero to the zona clientes (idm 499). From a tercero's form it comes with that tercero
 * and its e-mail filled in.
 */
export function InvitarDialogo({
  abierto,
  onCerrar,
  tercero,
}: {
  abierto: boolean;
  onCerrar: () => void;
  tercero?: { id: number; nombre: string; email: string };
}) {
  const { message } = App.useApp();
  const invitar = useInvitar();
  const [form] = Form.useForm<InvitacionForm>();
  return (
    <AppModal
      open={abierto}
      title="Invitar cliente"
      okText="Enviar invitación"
      cancelText="Cancelar"
      confirmLoading={invitar.isPending}
      onCancel={onCerrar}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        El cliente recibe un correo con un enlace para crear su contraseña. El enlace sirve una sola vez y vence en 72 horas.
      </Typography.Paragraph>
      <Form
        form={form}
        // Its own field ids (invitacion_email): over a tercero's form, «Correo» must label this input.
        name="invitacion"
        layout="vertical"
        preserve={false}
        initialValues={tercero ? { id_tercero: tercero.id, email: tercero.email } : undefined}
        onFinish={(v) =>
          invitar.mutate(
            { ...v, inmueble_arrendado: v.inmueble_arrendado ?? null },
            {
              onSuccess: () => {
                void message.success(`Invitación enviada a ${v.email}`);
                onCerrar();
              },
            },
          )
        }
      >
        <Form.Item name="id_tercero" label="Tercero" rules={[{ required: true, message: 'El campo Tercero es obligatorio' }]}>
          <RemoteSelect
            fuente="zona-clientes:terceros"
            opciones={consultaTerceros}
            conocidas={tercero ? [{ id: tercero.id, label: tercero.nombre }] : []}
            placeholder="Busque por nombre o documento"
          />
        </Form.Item>
        <Form.Item
          name="email"
          label="Correo"
          rules={[
            { required: true, message: 'El campo Correo es obligatorio' },
            { type: 'email', message: 'El campo Correo debe ser un correo válido' },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="inmueble_arrendado"
          label="Arrendatario del inmueble"
          extra="Si es un arrendatario: el inmueble que arrienda. Los propietarios ven sus inmuebles sin indicarlo."
        >
          <RemoteSelect fuente="zona-clientes:inmuebles" opciones={consultaInmuebles} placeholder="Consecutivo o dirección" />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
