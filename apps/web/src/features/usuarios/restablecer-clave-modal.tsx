import { useState } from 'react';
import { App, Form, Input } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { ZClaveNueva, type Usuario } from '@predio/contract/usuarios';
import { zodRule } from '../../components/zod-rule.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useRestablecerClave } from './api/restablecer-clave.ts';

/** An administrator sets a new password; the user's open sessions end. */
export function RestablecerClaveModal({ usuario, onClose }: { usuario: Usuario | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ clave: string; repetir: string }>();
  const restablecer = useRestablecerClave();
  const [error, setError] = useState<string | null>(null);

  const enviar = async ({ clave }: { clave: string }) => {
    if (usuario === null) return;
    setError(null);
    try {
      const r = await restablecer.mutateAsync({ id: usuario.id, clave });
      void message.success(
        `Contraseña de «${usuario.usuario}» restablecida${r.sesionesCerradas > 0 ? `; se cerraron ${r.sesionesCerradas} sesiones abiertas` : ''}`,
      );
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? erroresEnCampos(form, e) : e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <AppModal
      open={usuario !== null}
      title={usuario ? `Restablecer la contraseña de «${usuario.usuario}»` : ''}
      okText="Restablecer contraseña"
      cancelText="Cancelar"
      confirmLoading={restablecer.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>El usuario deberá ingresar con la contraseña nueva; sus sesiones abiertas se cerrarán.</p>
      {error ? <p role="alert">{error}</p> : null}
      <Form name="restablecer-clave" form={form} layout="vertical" onFinish={(v) => void enviar(v)} preserve={false}>
        <Form.Item name="clave" label="Contraseña nueva" rules={[zodRule(ZClaveNueva, 'La contraseña')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repetir"
          label="Repita la contraseña"
          dependencies={['clave']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                v === getFieldValue('clave') ? Promise.resolve() : Promise.reject(new Error('Las contraseñas no coinciden')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
