import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Select, Skeleton, Typography } from 'antd';
import { EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { esCorreo } from '@predio/contract/campos';
import { MAX_DESTINATARIOS, type MensajeRedactado, type OpcionesRedactar } from '@predio/contract/redactar';
import { AppModal } from '../app-modal.tsx';
import { ErrorDeCarga } from '../error-de-carga.tsx';
import { SafeHtml } from '../safe-html.tsx';
import { AvisoCorreoSinConfigurar, useTextoEnviado } from '../correo/aviso-correo.tsx';
import { EditorTextoRicoDiferido } from '../texto-rico/editor-diferido.tsx';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useEnviarCorreo, useOpcionesRedactar, useVistaPreviaCorreo, type RegistroCorreo } from './api.ts';
import './redactar-correo.css';

type Valores = {
  para: string[];
  cc: string[];
  plantilla?: string;
  asunto: string;
  html: string;
  fichas: number[];
  archivos: number[];
};
const CAMPOS = ['para', 'cc', 'plantilla', 'asunto', 'html', 'fichas', 'archivos'] as const;

/** Every address typed is an e-mail, and there are not too many: said beside the field, in Spanish. */
export const reglaCorreos = (etiqueta: string, obligatorio: boolean) => ({
  validator: async (_: unknown, v: string[] | undefined) => {
    const lista = v ?? [];
    if (obligatorio && lista.length === 0) throw new Error(`El campo ${etiqueta} es obligatorio`);
    const malo = lista.find((c) => !esCorreo(c.trim()));
    if (malo) throw new Error(`«${malo}» no es un correo electrónico válido`);
    if (lista.length > MAX_DESTINATARIOS) throw new Error(`${etiqueta} admite hasta ${MAX_DESTINATARIOS} destinatarios`);
  },
});

/** A field the record's messages can use, as the hint under the editor shows it. */
const CAMPO_EJEMPLO: Record<OpcionesRedactar['tipo'], string> = {
  tercero: '{{ tercero.nombre }}',
  inmueble: '{{ inmueble.direccion }}',
  cliente: '{{ cliente.nombre }}',
  ninguno: '{{ empresa.nombre }}',
};

const tamano = (bytes: number) =>
  bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The first address of each person of the record: who a message from it is usually for. */
function paraInicial(o: OpcionesRedactar): string[] {
  const vistos = new Set<string>();
  return o.destinatarios.filter((d) => !vistos.has(d.nombre) && vistos.add(d.nombre)).map((d) => d.email);
}

type FormValores = ReturnType<typeof Form.useForm<Valores>>[0];

/** «Vista previa»: the message filled with the record and signed, below the editor, until it changes. */
function VistaPrevia({
  registro,
  form,
  onError,
}: {
  registro: RegistroCorreo;
  form: FormValores;
  onError: (e: string | null) => void;
}) {
  const previa = useVistaPreviaCorreo(registro);
  const [mensaje, setMensaje] = useState<MensajeRedactado | null>(null);
  const asunto = Form.useWatch('asunto', form);
  const html = Form.useWatch('html', form);
  const [de, setDe] = useState<{ asunto?: string; html?: string } | null>(null);
  const vigente = mensaje && de && de.asunto === asunto && de.html === html ? mensaje : null;

  async function ver() {
    const v = await form.validateFields(['asunto', 'html']).catch(() => null);
    if (!v) return;
    onError(null);
    try {
      setMensaje(await previa.mutateAsync({ asunto: v.asunto, html: v.html }));
      setDe({ asunto: v.asunto, html: v.html });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      onError(erroresEnCampos(form, e, CAMPOS));
    }
  }

  return (
    <>
      <Button icon={<EyeOutlined />} onClick={() => void ver()} loading={previa.isPending} className="redactar-ver">
        Vista previa
      </Button>
      {vigente ? (
        <section aria-label="Vista previa" className="redactar-previa">
          <Typography.Text strong>{vigente.asunto}</Typography.Text>
          <SafeHtml html={vigente.html} />
        </section>
      ) : null}
    </>
  );
}

function Formulario({
  opciones,
  form,
  registro,
  onError,
}: {
  opciones: OpcionesRedactar;
  form: FormValores;
  registro: RegistroCorreo;
  onError: (e: string | null) => void;
}) {
  // The dialog's form outlives a closing (destroyOnHidden unmounts only its fields): each opening starts anew.
  useEffect(() => form.resetFields(), [form]);
  const sugeridos = opciones.destinatarios.map((d) => ({ value: d.email, label: `${d.nombre} <${d.email}>` }));
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        para: paraInicial(opciones),
        cc: [],
        asunto: '',
        html: '',
        fichas: opciones.fichas.filter((f) => f.marcada).map((f) => f.consecutivo),
        archivos: [],
      }}
    >
      <Form.Item
        name="para"
        label="Para"
        required
        rules={[reglaCorreos('Para', true)]}
        extra={sugeridos.length ? undefined : 'El registro no tiene correos en Terceros: escriba la dirección.'}
      >
        <Select mode="tags" options={sugeridos} tokenSeparators={[',', ';', ' ']} placeholder="correo@ejemplo.com" />
      </Form.Item>
      <Form.Item name="cc" label="CC" rules={[reglaCorreos('CC', false)]}>
        <Select mode="tags" options={sugeridos} tokenSeparators={[',', ';', ' ']} />
      </Form.Item>
      {opciones.plantillas.length ? (
        <Form.Item name="plantilla" label="Plantilla" extra="Mensajes de Correos › Configurar mensajes.">
          <Select
            allowClear
            placeholder="Mensaje en blanco"
            options={opciones.plantillas.map((p) => ({ value: p.clave, label: p.nombre }))}
            onChange={(clave: string | undefined) => {
              const p = opciones.plantillas.find((x) => x.clave === clave);
              if (p) form.setFieldsValue({ asunto: p.asunto, html: p.html });
            }}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="asunto"
        label="Asunto"
        rules={[{ required: true, whitespace: true, message: 'El campo Asunto es obligatorio' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="html"
        label="Mensaje"
        rules={[
          {
            validator: async (_: unknown, v: string | undefined) => {
              if (!(v ?? '').replace(/<[^>]*>/g, '').trim()) throw new Error('El campo Mensaje es obligatorio');
            },
          },
        ]}
        required
        extra={`Campos como ${CAMPO_EJEMPLO[opciones.tipo]} se llenan con los datos del registro al enviar.`}
      >
        <EditorTextoRicoDiferido etiqueta="Mensaje" />
      </Form.Item>
      {opciones.firma.trim() ? (
        <div className="redactar-firma">
          <Typography.Text type="secondary">Se añade su firma:</Typography.Text>
          <pre>{opciones.firma.trim()}</pre>
        </div>
      ) : null}
      <VistaPrevia registro={registro} form={form} onError={onError} />
      {opciones.fichas.length ? (
        <Form.Item name="fichas" label="Fichas en PDF">
          <Checkbox.Group
            className="redactar-adjuntos"
            options={opciones.fichas.map((f) => ({ value: f.consecutivo, label: f.titulo }))}
          />
        </Form.Item>
      ) : null}
      {opciones.archivos.length ? (
        <Form.Item name="archivos" label="Archivos del registro">
          <Checkbox.Group
            className="redactar-adjuntos"
            options={opciones.archivos.map((a) => ({
              value: a.id,
              label: (
                <>
                  <PaperClipOutlined /> {a.nombre} <Typography.Text type="secondary">({tamano(a.bytes)})</Typography.Text>
                </>
              ),
            }))}
          />
        </Form.Item>
      ) : null}
    </Form>
  );
}

/**
 * Writes an e-mail from a record (a tercero, a property, a lead, a solicitud, a cita): to its terceros'
 * addresses, blank or from one of the company's messages, with its files and fichas attached. The
 * message goes through the outbox and stays in the record's history with its state.
 */
export function RedactarCorreoDialog({
  registro,
  abierto,
  onCerrar,
}: {
  registro: RegistroCorreo;
  abierto: boolean;
  onCerrar: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const opciones = useOpcionesRedactar(registro, abierto);
  const enviar = useEnviarCorreo(registro);
  const enviado = useTextoEnviado();
  const [error, setError] = useState<string | null>(null);

  async function confirmar() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setError(null);
    try {
      const r = await enviar.mutateAsync({
        para: v.para.map((c) => c.trim()),
        cc: (v.cc ?? []).map((c) => c.trim()),
        asunto: v.asunto,
        html: v.html,
        ...(v.plantilla ? { plantilla: v.plantilla } : {}),
        fichas: v.fichas ?? [],
        archivos: v.archivos ?? [],
      });
      const con = r.adjuntos.length ? ` con ${r.adjuntos.length === 1 ? '1 adjunto' : `${r.adjuntos.length} adjuntos`}` : '';
      void message.success(`${enviado(`Correo para ${r.para.join(', ')}${con}`)}`);
      onCerrar();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(erroresEnCampos(form, e, CAMPOS));
    }
  }

  return (
    <AppModal
      open={abierto}
      title={opciones.data ? `Enviar correo · ${opciones.data.titulo}` : 'Enviar correo'}
      okText="Enviar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: !opciones.data }}
      confirmLoading={enviar.isPending}
      onOk={() => void confirmar()}
      onCancel={onCerrar}
      afterOpenChange={(visible) => !visible && setError(null)}
      width={720}
      className="redactar-dialogo"
      destroyOnHidden
    >
      <AvisoCorreoSinConfigurar />
      {error ? <Alert type="error" showIcon className="redactar-aviso" title={error} /> : null}
      {opciones.isPending ? (
        <Skeleton active />
      ) : opciones.isError ? (
        <ErrorDeCarga
          titulo="No se pudo preparar el correo"
          error={opciones.error}
          onReintentar={() => void opciones.refetch()}
        />
      ) : (
        <Formulario opciones={opciones.data} form={form} registro={registro} onError={setError} />
      )}
    </AppModal>
  );
}
