import { useState } from 'react';
import { Alert, App, Button, Form, Grid, Input, Select, Space, Switch } from 'antd';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { ZClaveNueva, ZPermisos, type Usuario } from '@predio/contract/usuarios';
import { useAgencias } from '../../lib/api/get-agencias.ts';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session-store.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { useEmpleados } from './api/get-empleados.ts';
import { useGuardarUsuario } from './api/guardar-usuario.ts';
import { PermisosTree } from './permisos-tree.tsx';

type Valores = {
  usuario: string;
  nombre: string;
  nro_id: string | null;
  agencia: number;
  admemp: boolean;
  clave?: string;
  permisos: string;
  permisos_especiales: string;
  permisos_por_usuario: string;
};

export type Edicion = { usuario: Usuario | null };

type Props = { edicion: Edicion | null; onClose: () => void };

/** One form for creating and editing a user, with the permissions tree (Atomic CRM `CompanyInputs`). */
export function UsuarioForm({ edicion, onClose }: Props) {
  const screens = Grid.useBreakpoint();
  const u = edicion?.usuario ?? null;
  return (
    <AppDrawer
      open={edicion !== null}
      onClose={onClose}
      title={u === null ? 'Nuevo usuario' : `Editar el usuario «${u.usuario}»`}
      size={screens.md === false ? '100%' : 640}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {edicion === null ? null : <Formulario usuario={u} onClose={onClose} />}
    </AppDrawer>
  );
}

function EmpleadoSelect({
  value,
  onChange,
  inicial,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  inicial: Usuario | null;
}) {
  const [q, setQ] = useState('');
  const empleados = useEmpleados(q);
  const opciones = (empleados.data ?? []).map((e) => ({ value: e.nro_id, label: `${e.nombre} · ${e.nro_id}` }));
  if (value && !opciones.some((o) => o.value === value))
    opciones.unshift({ value, label: inicial?.nro_id === value ? `${inicial.nombre} · ${value}` : value });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      options={opciones}
      loading={empleados.isFetching}
      placeholder="Buscar un empleado por nombre o documento"
      notFoundContent={empleados.isFetching ? 'Buscando…' : 'Ningún tercero empleado coincide'}
    />
  );
}

function Formulario({ usuario, onClose }: { usuario: Usuario | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const guardar = useGuardarUsuario();
  const agencias = useAgencias();
  const [error, setError] = useState<string | null>(null);
  const nuevo = usuario === null;
  const soyAdministrador = useSession((s) => s.claims?.admemp ?? false);
  const misPermisos = useSession((s) => s.claims?.permisos ?? '');

  const iniciales: Valores = usuario
    ? {
        usuario: usuario.usuario,
        nombre: usuario.nombre,
        nro_id: usuario.nro_id,
        agencia: usuario.agencia,
        admemp: usuario.admemp,
        permisos: usuario.permisos,
        permisos_especiales: usuario.permisos_especiales,
        permisos_por_usuario: usuario.permisos_por_usuario,
      }
    : {
        usuario: '',
        nombre: '',
        nro_id: null,
        agencia: 0,
        admemp: false,
        clave: '',
        permisos: '',
        permisos_especiales: '',
        permisos_por_usuario: '',
      };

  const enviar = async (v: Valores) => {
    setError(null);
    try {
      if (nuevo) {
        const creado = await guardar.mutateAsync({ id: null, body: { ...v, clave: v.clave ?? '' } });
        void message.success(`Usuario «${creado.usuario}» creado`);
      } else {
        const { clave: _c, ...cambios } = v;
        const editado = await guardar.mutateAsync({ id: usuario.id, body: cambios });
        void message.success(`Usuario «${editado.usuario}» guardado`);
      }
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.campos.length > 0) {
        const conocidos = e.campos.filter((c) => c.campo in iniciales || c.campo === 'clave');
        form.setFields(conocidos.map((c) => ({ name: c.campo as keyof Valores, errors: [c.mensaje] })));
        if (conocidos.length < e.campos.length || conocidos.length === 0) setError(e.message);
      } else setError(e instanceof Error ? e.message : String(e));
    }
  };

  const opcionesAgencia = [
    { value: 0, label: 'Sin agencia' },
    ...(agencias.data ?? []).map((a) => ({ value: a.id, label: a.activo ? a.nombre : `${a.nombre} (inactiva)` })),
  ];

  return (
    <Form
      name="usuario"
      form={form}
      layout="vertical"
      initialValues={iniciales}
      onFinish={(v) => void enviar(v)}
      requiredMark="optional"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <SectionTabs
        items={[
          {
            key: 'datos',
            label: 'Datos',
            forceRender: true,
            children: (
              <>
                <Form.Item name="usuario" label="Usuario" rules={[{ required: true, message: 'Usuario es obligatorio' }]}>
                  <Input autoComplete="off" maxLength={60} />
                </Form.Item>
                {nuevo ? (
                  <Form.Item
                    name="clave"
                    label="Contraseña"
                    extra="Mínimo 8 caracteres; no se admiten contraseñas comunes."
                    rules={[zodRule(ZClaveNueva, 'La contraseña')]}
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                ) : null}
                <Form.Item name="nro_id" label="Empleado (tercero)" extra="La persona de la empresa que usa este usuario.">
                  <EmpleadoSelect inicial={usuario} />
                </Form.Item>
                <Form.Item name="nombre" label="Nombre" extra="Vacío: el nombre del empleado.">
                  <Input maxLength={120} />
                </Form.Item>
                <Form.Item name="agencia" label="Agencia">
                  <Select options={opcionesAgencia} loading={agencias.isPending} />
                </Form.Item>
                <Form.Item
                  name="admemp"
                  label="Administrador de la empresa"
                  valuePropName="checked"
                  extra={soyAdministrador ? undefined : 'Solo un administrador de la empresa puede nombrar administradores.'}
                >
                  <Switch disabled={!soyAdministrador} />
                </Form.Item>
              </>
            ),
          },
          {
            key: 'permisos',
            label: 'Permisos del menú',
            forceRender: true,
            children: (
              <Form.Item name="permisos" noStyle>
                <PermisosTree otorgables={soyAdministrador ? 'All' : misPermisos} />
              </Form.Item>
            ),
          },
          {
            key: 'especiales',
            label: 'Permisos especiales',
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name="permisos_especiales"
                  label="Permisos especiales"
                  extra="Números separados por coma (GetPermisosE)."
                  rules={[zodRule(ZPermisos, 'Permisos especiales')]}
                >
                  <Input placeholder="Ej.: 3,10545" />
                </Form.Item>
                <Form.Item
                  name="permisos_por_usuario"
                  label="Permisos por usuario"
                  extra="Números separados por coma (GetPermisosPorUsuario)."
                  rules={[zodRule(ZPermisos, 'Permisos por usuario')]}
                >
                  <Input placeholder="Ej.: 490,10544" />
                </Form.Item>
              </>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          {nuevo ? 'Crear usuario' : 'Guardar'}
        </Button>
        <Button onClick={onClose} disabled={guardar.isPending}>
          Cancelar
        </Button>
      </Space>
    </Form>
  );
}
