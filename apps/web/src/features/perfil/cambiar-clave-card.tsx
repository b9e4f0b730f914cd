import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { ZCambiarClave, ZClaveNueva } from '@predio/contract/usuarios';
import { zodRule } from '../../components/zod-rule.ts';
import { ApiError } from '../../lib/http.ts';
import { useCambiarClave } from './api/cambiar-clave.ts';

type Valores = { actual: string; nueva: string; repetir: string };
type Aviso = { tipo: 'success' | 'error'; texto: string };

const CAMPOS = ['actual', 'nueva'] as const;

/** The logged-in user changes their own password; the server ends their other sessions. */
export function CambiarClaveCard() {
  const [form] = Form.useForm<Valores>();
  const cambiar = useCambiarClave();
  const [aviso, setAviso] = useState<Aviso | null>(null);

  const enviar = async (v: Valores) => {
    setAviso(null);
    try {
      await cambiar.mutateAsync(ZCambiarClave.parse({ actual: v.actual, nueva: v.nueva }));
      form.resetFields();
      setAviso({ tipo: 'success', texto: 'Su contraseña se cambió. Las demás sesiones se cerraron.' });
    } catch (e) {
      const campos = e instanceof ApiError ? e.campos.filter((c) => (CAMPOS as readonly string[]).includes(c.campo)) : [];
      // A field the server named shows its message beside the input; anything else (blocked, offline) above the form.
      if (campos.length > 0)
        form.setFields(campos.map((c) => ({ name: c.campo as (typeof CAMPOS)[number], errors: [c.mensaje] })));
      else setAviso({ tipo: 'error', texto: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <Card title="Cambiar contraseña" className="perfil-clave">
      {aviso ? <Alert type={aviso.tipo} showIcon title={aviso.texto} role="alert" className="perfil-clave-aviso" /> : null}
      <Form<Valores>
        name="cambiar-clave"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void enviar(v)}
        onValuesChange={() => setAviso((a) => (a?.tipo === 'success' ? null : a))}
      >
        <Form.Item name="actual" label="Contraseña actual" rules={[{ required: true, message: 'Escriba su contraseña actual' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="nueva"
          label="Contraseña nueva"
          dependencies={['actual']}
          validateFirst
          rules={[
            zodRule(ZClaveNueva, 'La contraseña nueva'),
            ({ getFieldValue }) => ({
              // The same schema as the server: the new password must differ from the current one.
              validator: (_r, nueva: unknown) => {
                const r = ZCambiarClave.safeParse({ actual: getFieldValue('actual') || 'x', nueva });
                const issue = r.success ? undefined : r.error.issues.find((i) => i.path[0] === 'nueva');
                return issue ? Promise.reject(new Error(`La contraseña nueva ${issue.message}`)) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repetir"
          label="Confirme la contraseña nueva"
          dependencies={['nueva']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                v === getFieldValue('nueva') ? Promise.resolve() : Promise.reject(new Error('Las contraseñas no coinciden')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={cambiar.isPending}>
          Cambiar contraseña
        </Button>
      </Form>
    </Card>
  );
}
