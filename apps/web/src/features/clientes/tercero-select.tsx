import { useMemo, useState } from 'react';
import { Alert, App, Button, Col, Form, Grid, Input, Row, Select, Space, Tooltip, Typography } from 'antd';
import { Dialogo } from '../../components/dialogo.tsx';
import { UserAddOutlined } from '@ant-design/icons';
import { hasIdm } from '@predio/contract/menu';
import { IDM_TERCEROS, TIPOS_DCTO, type Advertencia } from '@predio/contract/terceros';
import { usePermisos } from '../../lib/session-store.ts';
import { ApiError } from '../../lib/http.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useCrearTercero, useDuplicadosTercero } from './api/crear-tercero.ts';
import { useTercerosBusqueda } from './api/get-opciones.ts';

export type TerceroElegido = { id: number; nombre: string; nro_id: string };

type Props = {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  /** The chosen tercero's label (from the lead, or from the one just created). */
  elegido: TerceroElegido | null;
  onElegido: (t: TerceroElegido | null) => void;
};

/** Searches the company's terceros; "Nuevo tercero" creates one inline through the terceros API. */
export function TerceroSelect({ id, value, onChange, elegido, onElegido }: Props) {
  const [q, setQ] = useState('');
  const buscar = useDebouncedValue(q, 250);
  const lista = useTercerosBusqueda(buscar);
  const [creando, setCreando] = useState(false);
  const angosta = Grid.useBreakpoint().sm === false;
  // Creating a tercero is the Terceros permission's (idm 59); without it the button says why instead of failing.
  const puedeCrear = hasIdm(usePermisos(), IDM_TERCEROS);
  const opciones = useMemo(() => {
    const xs = (lista.data ?? []).map((t) => ({
      value: t.id,
      label: `${t.nombre} · ${t.nro_id}${t.celular ? ` · ${t.celular}` : ''}`,
      t,
    }));
    if (elegido && !xs.some((o) => o.value === elegido.id))
      xs.unshift({
        value: elegido.id,
        label: `${elegido.nombre} · ${elegido.nro_id}`,
        t: { ...elegido, celular: '', email: '' },
      });
    return xs;
  }, [lista.data, elegido]);
  const elegir = (t: TerceroElegido | null) => {
    onElegido(t);
    onChange?.(t?.id ?? null);
  };
  return (
    <Space.Compact className="cliente-tercero">
      <Select
        id={id}
        aria-label="Tercero"
        value={value ?? null}
        showSearch={{ filterOption: false, onSearch: setQ }}
        placeholder="Nombre, documento, teléfono o correo"
        options={opciones}
        onChange={(v: number | null, o) => {
          const op = Array.isArray(o) ? o[0] : o;
          elegir(v && op ? { id: v, nombre: op.t.nombre, nro_id: op.t.nro_id } : null);
        }}
        notFoundContent={
          buscar.trim().length < 2 ? 'Escriba al menos 2 letras' : lista.isFetching ? 'Buscando…' : 'Sin resultados'
        }
        allowClear
        loading={lista.isFetching}
      />
      <Tooltip title={puedeCrear ? null : 'Su usuario no puede crear terceros: pida el permiso de Terceros a un administrador.'}>
        <Button
          icon={<UserAddOutlined />}
          onClick={() => setCreando(true)}
          aria-label="Nuevo tercero"
          disabled={!puedeCrear}
          aria-description={puedeCrear ? undefined : 'Su usuario no puede crear terceros'}
        >
          {angosta ? null : 'Nuevo tercero'}
        </Button>
      </Tooltip>
      <NuevoTerceroModal
        abierto={creando}
        onCerrar={() => setCreando(false)}
        onCreado={(t) => {
          elegir(t);
          setCreando(false);
        }}
      />
    </Space.Compact>
  );
}

type Valores = { tipo_dcto: number; nro_id: string; nombre1: string; apellido1: string; celular: string; email: string };

function NuevoTerceroModal({
  abierto,
  onCerrar,
  onCreado,
}: {
  abierto: boolean;
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
      // A lead's tercero is a client, not (yet) an owner: clienteConvertir marks that later.
      const r = await crear.mutateAsync({ ...v, tipo_contribuyente: 2, cliente: true, propietario: false });
      if (r.advertencias.length > 0) void message.warning(r.advertencias.map((a) => a.mensaje).join(' '));
      void message.success(`Tercero «${r.tercero.nombre}» creado`);
      form.resetFields();
      onCreado({ id: r.tercero.id, nombre: r.tercero.nombre, nro_id: r.tercero.nro_id });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const campos = e.campos.filter((c) =>
        ['tipo_dcto', 'nro_id', 'nombre1', 'apellido1', 'celular', 'email'].includes(c.campo),
      );
      if (campos.length > 0) form.setFields(campos.map((c) => ({ name: c.campo as keyof Valores, errors: [c.mensaje] })));
      else void message.error(e.message);
    }
  }

  return (
    <Dialogo
      open={abierto}
      title="Nuevo tercero"
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
          className="cliente-aviso"
          title="Puede estar repetido"
          description={
            <ul className="cliente-lista">
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
    </Dialogo>
  );
}
