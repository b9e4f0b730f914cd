import { useMemo, useState } from 'react';
import { Alert, App, Col, Form, Input, Row, Select, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { TIPOS_DCTO, type Advertencia } from '@predio/contract/terceros';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { ReasonButton } from '../reason-button.tsx';
import { AppModal } from '../app-modal.tsx';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { useCrearTercero, useDuplicadosTercero, usePuedeCrearTercero } from './api.ts';
import './nuevo-tercero.css';

export type TerceroElegido = { id: number; nombre: string; nro_id: string };

type Valores = { tipo_dcto: number; nro_id: string; nombre1: string; apellido1: string; celular: string; email: string };

/** Who the new tercero is for: a lead's client, or a property's owner. */
export type RolTercero = 'cliente' | 'propietario';

const TITULO: Record<RolTercero, string> = { cliente: 'Nuevo tercero', propietario: 'Nuevo propietario' };

/**
 * The short form for a tercero made without leaving another form: document, names, celular and
 * e-mail, with the possible duplicates as they are typed (each one can be used instead).
 */
export function NuevoTerceroModal({
  abierto,
  rol,
  onCerrar,
  onCreado,
}: {
  abierto: boolean;
  rol: RolTercero;
  onCerrar: () => void;
  onCreado: (t: TerceroElegido) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const crear = useCrearTercero();
  const nro = Form.useWatch('nro_id', form) ?? '';
  const email = Form.useWatch('email', form) ?? '';
  const celular = Form.useWatch('celular', form) ?? '';
  const criterios = useDebouncedValue(
    useMemo(() => ({ nro_id: nro.trim(), email: email.trim(), celular: celular.trim() }), [nro, email, celular]),
    400,
  );
  const duplicados = useDuplicadosTercero(criterios);
  const avisos: Advertencia[] = duplicados.data ?? [];

  async function guardar() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      // A lead's tercero is a client, not (yet) an owner (clienteConvertir marks that later); an owner is not a client.
      const r = await crear.mutateAsync({
        ...v,
        tipo_contribuyente: 2,
        cliente: rol === 'cliente',
        propietario: rol === 'propietario',
      });
      if (r.advertencias.length > 0) void message.warning(r.advertencias.map((a) => a.mensaje).join(' '));
      void message.success(`Tercero «${r.tercero.nombre}» creado`);
      form.resetFields();
      onCreado({ id: r.tercero.id, nombre: r.tercero.nombre, nro_id: r.tercero.nro_id });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const resto = erroresEnCampos(form, e, ['tipo_dcto', 'nro_id', 'nombre1', 'apellido1', 'celular', 'email']);
      if (resto) void message.error(resto);
    }
  }

  return (
    <AppModal
      open={abierto}
      title={TITULO[rol]}
      okText="Crear tercero"
      cancelText="Cancelar"
      onOk={() => void guardar()}
      confirmLoading={crear.isPending}
      onCancel={onCerrar}
      destroyOnHidden
    >
      {avisos.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          className="nuevo-tercero-aviso"
          title="Puede estar repetido"
          description={
            <ul className="nuevo-tercero-lista">
              {avisos.map((a) => (
                <li key={`${a.campo}-${a.id}`}>
                  {a.mensaje}{' '}
                  <Typography.Link onClick={() => onCreado({ id: a.id, nombre: a.nombre, nro_id: a.nro_id })}>
                    Usar {a.nombre}
                  </Typography.Link>
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ tipo_dcto: 13 }}>
        <Row gutter={12}>
          <Col xs={24} sm={10}>
            <Form.Item
              name="tipo_dcto"
              label="Tipo de documento"
              rules={[{ required: true, message: 'Elija el tipo de documento' }]}
            >
              <Select options={TIPOS_DCTO.map((t) => ({ value: t.value, label: `${t.sigla} · ${t.label}` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item
              name="nro_id"
              label="Número de documento"
              rules={[{ required: true, message: 'El número de documento es obligatorio' }]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="nombre1"
              label="Primer nombre"
              rules={[{ required: true, message: 'El primer nombre es obligatorio' }]}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="apellido1"
              label="Primer apellido"
              rules={[{ required: true, message: 'El primer apellido es obligatorio' }]}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="celular" label="Celular">
              <Input maxLength={20} inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label="Correo" rules={[{ type: 'email', message: 'El correo no es válido' }]}>
              <Input maxLength={120} inputMode="email" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </AppModal>
  );
}

/**
 * The button that opens NuevoTerceroModal, and the modal. Creating a tercero is the Terceros permission's
 * (idm 59): without it the button is disabled and says why, instead of a form whose save would fail.
 */
export function NuevoTercero({
  rol,
  texto,
  soloIcono = false,
  disabled = false,
  onCreado,
}: {
  rol: RolTercero;
  texto: string;
  /** On a phone, beside a select: the icon, with the text as the button's name. */
  soloIcono?: boolean;
  disabled?: boolean;
  onCreado: (t: TerceroElegido) => void;
}) {
  const [abierto, setAbierto] = useState(false);
  const puede = usePuedeCrearTercero();
  return (
    <>
      <ReasonButton
        motivo={puede ? null : 'Su usuario no puede crear terceros'}
        ayuda="Su usuario no puede crear terceros: pida el permiso de Terceros a un administrador."
        icon={<UserAddOutlined />}
        onClick={() => setAbierto(true)}
        aria-label={soloIcono ? texto : undefined}
        disabled={disabled}
      >
        {soloIcono ? null : texto}
      </ReasonButton>
      <NuevoTerceroModal
        abierto={abierto}
        rol={rol}
        onCerrar={() => setAbierto(false)}
        onCreado={(t) => {
          setAbierto(false);
          onCreado(t);
        }}
      />
    </>
  );
}
