import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Form, type FormInstance, type FormProps } from 'antd';
import { erroresEnCampos } from '../lib/errores-en-campos.ts';
import { ApiError } from '../lib/http.ts';
import { AppModal } from './app-modal.tsx';

type Props<V> = {
  open: boolean;
  title: ReactNode;
  okText?: string;
  /** Wider than antd's 520 px for long content (a rich-text body). */
  width?: number;
  /** The form's values each time it opens (a record to edit, or a new one's defaults). */
  valores?: Partial<V>;
  /** Saves; the dialog closes when it resolves and shows the server's refusal when it throws. */
  onGuardar: (valores: V) => Promise<unknown>;
  onCerrar: () => void;
  guardando: boolean;
  /** When the caller needs the form (to watch a field, to fill it from elsewhere). */
  form?: FormInstance<V>;
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish'>;
  children: ReactNode;
};

/**
 * A form in a dialog: filled on opening, saved with «Guardar», each error the server names shown
 * beside its field and any other above the form, so a refused save is never silent.
 */
export function ModalForm<V extends object>(props: Props<V>) {
  const [propio] = Form.useForm<V>();
  const form = props.form ?? propio;
  const [error, setError] = useState<string | null>(null);
  const enviar = async (valores: V) => {
    setError(null);
    try {
      await props.onGuardar(valores);
      props.onCerrar();
    } catch (e) {
      if (e instanceof ApiError) setError(erroresEnCampos(form, e));
      else throw e;
    }
  };
  return (
    <AppModal
      open={props.open}
      title={props.title}
      okText={props.okText ?? 'Guardar'}
      cancelText="Cancelar"
      confirmLoading={props.guardando}
      onOk={() => form.submit()}
      onCancel={props.onCerrar}
      destroyOnHidden
      {...(props.width ? { width: props.width } : {})}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form<V> layout="vertical" {...props.formProps} form={form} onFinish={(v) => void enviar(v)}>
        <AlAbrir form={form} valores={props.valores} onAbrir={() => setError(null)} />
        {props.children}
      </Form>
    </AppModal>
  );
}

/**
 * Fills the form as the dialog's content mounts (destroyOnHidden mounts it on each opening), not after
 * the opening animation: a save clicked during the animation would have its errors wiped.
 */
function AlAbrir<V>({ form, valores, onAbrir }: { form: FormInstance<V>; valores?: Partial<V>; onAbrir: () => void }) {
  const inicial = useRef({ valores, onAbrir });
  useEffect(() => {
    inicial.current.onAbrir();
    if (!inicial.current.valores) return;
    form.resetFields();
    form.setFieldsValue(inicial.current.valores as Parameters<typeof form.setFieldsValue>[0]);
  }, [form]);
  return null;
}
