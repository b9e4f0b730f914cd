import { Alert, App, DatePicker, Form, Input, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CODES } from '@predio/contract/codes';
import {
  ETIQUETAS_RECURRENCIA,
  ETIQUETAS_TAREA as L,
  RECURRENCIAS,
  type Recurrencia,
  type TareaFormEntrada,
} from '@predio/contract/tareas';
import { AppModal } from '../../components/app-modal.tsx';
import { EditorTextoRicoDiferido } from '../texto-rico/editor-diferido.tsx';
import { useAvisos } from '../../components/foco.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session-store.ts';
import { useCrearTarea, useOpcionesTareas } from './api.ts';

/** What a task created from a record is linked to (a property, a tercero, a lead, a solicitud, a documento). */
export type Vinculo = Pick<
  TareaFormEntrada,
  'consecutivo_inmueble' | 'id_tercero' | 'id_cliente_atendido' | 'numero_solicitud' | 'id_cita' | 'id_radicado'
>;

type Valores = {
  titulo: string;
  descripcion: string;
  id_categoria: number | null;
  id_prioridad: number | null;
  responsables: number[];
  seguidores: number[];
  vence_en: Dayjs | null;
  id_lista_verificacion: number | null;
  recurrencia: Recurrencia | null;
};

const nombreVinculo = (v: Vinculo) =>
  v.consecutivo_inmueble
    ? `Inmueble ${v.consecutivo_inmueble}`
    : v.id_tercero
      ? `Tercero ${v.id_tercero}`
      : v.id_cliente_atendido
        ? `Cliente atendido ${v.id_cliente_atendido}`
        : v.numero_solicitud
          ? `Solicitud ${v.numero_solicitud}`
          : v.id_cita
            ? `Cita ${v.id_cita}`
            : v.id_radicado
              ? `Documento ${v.id_radicado}`
              : null;

/** «Nueva tarea»: a modal; on save it opens the task (or stays, with `quedarse`). */
export function TareaFormModal(p: {
  abierto: boolean;
  onCerrar: () => void;
  vinculo?: Vinculo;
  /** How the linked record is named («Documento 2026-100-000001-2»), when its id says nothing. */
  nombreVinculo?: string;
  quedarse?: boolean;
}) {
  const [form] = Form.useForm<Valores>();
  const opciones = useOpcionesTareas();
  const crear = useCrearTarea();
  const { message } = App.useApp();
  const modal = useAvisos();
  const navigate = useNavigate();
  const yo = useSession((s) => s.claims?.idUsuario ?? null);
  const [error, setError] = useState<string | null>(null);
  const vinculo = p.vinculo ?? {};
  const o = opciones.data;
  const usuarios = (o?.usuarios ?? []).map((u) => ({ value: u.id, label: u.nombre }));
  const categoria = Form.useWatch('id_categoria', form);
  const playbook = o?.categorias.find((c) => c.id === categoria);

  const guardar = async (v: Valores, confirmar = false) => {
    setError(null);
    try {
      const t = await crear.mutateAsync({
        ...vinculo,
        titulo: v.titulo,
        descripcion: v.descripcion ?? '',
        id_categoria: v.id_categoria ?? null,
        id_prioridad: v.id_prioridad ?? null,
        responsables: v.responsables ?? [],
        seguidores: v.seguidores ?? [],
        vence_en: v.vence_en ? v.vence_en.format() : null,
        id_lista_verificacion: v.id_lista_verificacion ?? null,
        recurrencia: v.recurrencia ?? null,
        confirmar,
      });
      message.success(`Tarea ${t.consecutivo} creada`);
      form.resetFields();
      p.onCerrar();
      if (!p.quedarse) void navigate(`/tareas/tarea/${t.consecutivo}`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.code === CODES.CONFLICTO && !confirmar) {
        modal.confirm({
          title: 'La fecha de vencimiento ya pasó',
          content: e.message,
          okText: 'Guardar de todos modos',
          cancelText: 'Revisar',
          onOk: () => guardar(v, true),
        });
        return;
      }
      setError(erroresEnCampos(form, e));
    }
  };

  return (
    <AppModal
      open={p.abierto}
      title="Nueva tarea"
      okText="Crear tarea"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      onCancel={p.onCerrar}
      confirmLoading={crear.isPending}
      destroyOnHidden
      width={640}
    >
      {(p.nombreVinculo ?? nombreVinculo(vinculo)) && (
        <Typography.Paragraph type="secondary">Vinculada a: {p.nombreVinculo ?? nombreVinculo(vinculo)}</Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {/* Its own field ids: opened from a cita's form, «Título» must not point at the cita's title. */}
      <Form<Valores>
        name="tarea"
        form={form}
        layout="vertical"
        onFinish={(v) => void guardar(v)}
        initialValues={{ responsables: yo ? [yo] : [], seguidores: [], descripcion: '' }}
      >
        <Form.Item name="titulo" label={L.titulo} rules={[{ required: true, message: `El campo ${L.titulo} es obligatorio` }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="responsables"
          label={L.responsables}
          rules={[{ required: true, message: `El campo ${L.responsables} es obligatorio` }]}
        >
          <Select mode="multiple" options={usuarios} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <div className="tareas-form-fila">
          <Form.Item name="id_categoria" label={L.id_categoria}>
            <Select allowClear options={(o?.categorias ?? []).map((c) => ({ value: c.id, label: c.nombre }))} />
          </Form.Item>
          <Form.Item name="id_prioridad" label={L.id_prioridad}>
            <Select allowClear options={(o?.prioridades ?? []).map((c) => ({ value: c.id, label: c.nombre }))} />
          </Form.Item>
        </div>
        <div className="tareas-form-fila">
          <Form.Item
            name="vence_en"
            label={L.vence_en}
            extra={
              playbook?.dias_habiles_vence != null
                ? `Sin fecha: vence en ${playbook.dias_habiles_vence} días hábiles (categoría).`
                : undefined
            }
          >
            <DatePicker showTime={{ format: 'h:mm a' }} format={(d) => formatFechaHora(d.toDate())} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="recurrencia" label={L.recurrencia}>
            <Select
              allowClear
              placeholder="No se repite"
              options={RECURRENCIAS.map((r) => ({ value: r, label: ETIQUETAS_RECURRENCIA[r] }))}
            />
          </Form.Item>
        </div>
        <Form.Item
          name="id_lista_verificacion"
          label={L.id_lista_verificacion}
          extra={playbook?.id_lista_verificacion ? 'Sin elegir: la de la categoría.' : undefined}
        >
          <Select allowClear options={(o?.listas ?? []).map((c) => ({ value: c.id, label: c.nombre }))} />
        </Form.Item>
        <Form.Item name="seguidores" label={L.seguidores}>
          <Select mode="multiple" options={usuarios} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="descripcion" label={L.descripcion}>
          <EditorTextoRicoDiferido etiqueta={L.descripcion} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
