import { useState } from 'react';
import { App, Button, Form, Input, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import type { Cita } from '@predio/contract/agenda';
import { AvisoCorreoSinConfigurar, useTextoEnviado } from '../../components/correo/aviso-correo.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { useInvitarCita } from './api/citas.ts';

/** «Enviar a los participantes»: the cita by e-mail, with an .ics their calendar adds (issue 25). */
export function InvitarParticipantes({ cita }: { cita: Cita }) {
  const { message } = App.useApp();
  const invitar = useInvitarCita();
  const enviado = useTextoEnviado();
  const [abierto, setAbierto] = useState(false);
  const conCorreo = cita.participantes.filter((p) => p.email);
  const sinCorreo = cita.participantes.filter((p) => !p.email);
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setAbierto(true)}>
        Enviar a los participantes
      </Button>
      <ModalForm<{ mensaje: string }>
        open={abierto}
        title={`Enviar «${cita.titulo}» por correo`}
        okText="Enviar"
        valores={{ mensaje: '' }}
        guardando={invitar.isPending}
        onCerrar={() => setAbierto(false)}
        onGuardar={async (v) => {
          const r = await invitar.mutateAsync({ id: cita.id, mensaje: v.mensaje ?? '' });
          void message.success(enviado(`Cita para ${r.enviados.join(', ')}`));
          if (r.sin_correo.length) void message.warning(`Sin correo, avíseles por teléfono: ${r.sin_correo.join(', ')}`);
        }}
      >
        <AvisoCorreoSinConfigurar />
        <Typography.Paragraph>
          {conCorreo.length
            ? `Se envía a ${conCorreo.map((p) => `${p.nombre} (${p.email})`).join(', ')}, con un archivo .ics que agrega la cita a su calendario.`
            : 'Ningún participante tiene correo.'}
        </Typography.Paragraph>
        {sinCorreo.length > 0 && (
          <Typography.Paragraph type="warning">
            Sin correo: {sinCorreo.map((p) => `${p.nombre}${p.telefono ? ` (${p.telefono})` : ''}`).join(', ')}
          </Typography.Paragraph>
        )}
        <Form.Item name="mensaje" label="Mensaje para los participantes" extra="Opcional; va antes de los datos de la cita.">
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </ModalForm>
    </>
  );
}
