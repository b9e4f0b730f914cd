import { useMemo, useState } from 'react';
import { Alert, App, Button, Form, Grid, Space, Switch } from 'antd';
import { AppDrawer } from '../app-drawer.tsx';
import { etiquetaReferencia, type ResourceDef } from '@predio/contract/maestros/resource';
import type { Item, Valores } from '@predio/contract/maestros/schemas';
import { ApiError } from '../../lib/http.ts';
import { elRegistro, mayuscula, tituloNuevo } from '../resource-texts.ts';
import { FieldItem } from './field-item.tsx';
import {
  camposDelFormulario,
  claveDeCampo,
  etiquetaActivo,
  reglaCampo,
  validar,
  valoresIniciales,
  type FormValues,
  type Modo,
} from './form-values.ts';
import type { OpcionesFuente } from './opciones-fuente.ts';
import './resource-form.css';

/** What the form is open for: a row to edit, or a new one (optionally with some values already chosen). */
export type Edicion = { item: Item | null; prefill?: Valores; etiquetas?: Record<string, string> };

type Props = {
  def: ResourceDef;
  fuente: OpcionesFuente;
  /** null: closed. */
  edicion: Edicion | null;
  onClose: () => void;
  /** Sends the validated body; rejects with the server's ApiError. */
  onGuardar: (valores: Valores, item: Item | null) => Promise<unknown>;
};

/** One form for creating and editing a row of any resource (Atomic CRM `CompanyInputs`). */
export function ResourceForm({ def, fuente, edicion, onClose, onGuardar }: Props) {
  const screens = Grid.useBreakpoint();
  const titulo = edicion === null ? '' : edicion.item === null ? tituloNuevo(def) : `Editar ${elRegistro(def, edicion.item)}`;
  return (
    <AppDrawer
      open={edicion !== null}
      onClose={onClose}
      title={mayuscula(titulo)}
      size={screens.sm === false ? '100%' : 520}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {edicion === null ? null : (
        <FormularioRecurso def={def} fuente={fuente} edicion={edicion} onClose={onClose} onGuardar={onGuardar} />
      )}
    </AppDrawer>
  );
}

function FormularioRecurso({ def, fuente, edicion, onClose, onGuardar }: Props & { edicion: Edicion }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [guardando, setGuardando] = useState(false);
  const [errorGeneral, setErrorGeneral] = useState<string | null>(null);
  // Fields the server blamed together ("same Municipio y Nombre"): changing any of them clears them all.
  const [culpados, setCulpados] = useState<string[]>([]);
  const { item } = edicion;
  const modo: Modo = item === null ? 'crear' : 'editar';
  const iniciales = useMemo(() => valoresIniciales(def, item, edicion.prefill), [def, item, edicion.prefill]);
  const campos = camposDelFormulario(def);

  const mostrarErrores = (errores: { campo: string; mensaje: string }[], resumen: string) => {
    const porCampo = new Map<string, string[]>();
    const sueltos: string[] = [];
    for (const e of errores) {
      const key = claveDeCampo(def, e.campo);
      if (key === null) sueltos.push(e.mensaje);
      else porCampo.set(key, [...(porCampo.get(key) ?? []), e.mensaje]);
    }
    form.setFields([...porCampo].map(([name, errors]) => ({ name, errors })));
    setCulpados([...porCampo.keys()]);
    setErrorGeneral(porCampo.size === 0 ? resumen || sueltos.join(' ') : sueltos.length > 0 ? sueltos.join(' ') : null);
  };

  const guardar = async () => {
    setErrorGeneral(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const r = validar(def, modo, form.getFieldsValue(true));
    if (!r.ok) {
      mostrarErrores(r.errores, r.errores.map((e) => e.mensaje).join(' '));
      return;
    }
    setGuardando(true);
    try {
      await onGuardar(r.data, item);
      void message.success('Guardado');
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.campos.length > 0) mostrarErrores(e.campos, e.message);
      else setErrorGeneral(e instanceof Error ? e.message : String(e));
    } finally {
      setGuardando(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={iniciales}
      onFinish={() => void guardar()}
      onValuesChange={() => {
        if (culpados.length === 0) return;
        form.setFields(culpados.map((name) => ({ name, errors: [] })));
        setCulpados([]);
      }}
      disabled={guardando}
      aria-label={item === null ? tituloNuevo(def) : `Editar ${def.singular}`}
    >
      {errorGeneral === null ? null : (
        <Alert type="error" showIcon title={errorGeneral} className="resource-form-error" role="alert" />
      )}
      {campos.map((f) => (
        <FieldItem
          key={f.key}
          field={f}
          fuente={fuente}
          rule={reglaCampo(def, f)}
          etiqueta={
            f.type === 'reference'
              ? ((item ? etiquetaReferencia(f.key, item) : undefined) ?? edicion.etiquetas?.[f.key])
              : undefined
          }
        />
      ))}
      {def.activo ? (
        <Form.Item
          name="activo"
          label={etiquetaActivo}
          valuePropName="checked"
          extra="Un registro inactivo deja de ofrecerse en las listas de selección y conserva su historial."
        >
          <Switch checkedChildren="Sí" unCheckedChildren="No" />
        </Form.Item>
      ) : null}
      <Space className="resource-form-actions">
        <Button onClick={onClose} disabled={false}>
          Cancelar
        </Button>
        <Button type="primary" htmlType="submit" loading={guardando}>
          Guardar
        </Button>
      </Space>
    </Form>
  );
}
