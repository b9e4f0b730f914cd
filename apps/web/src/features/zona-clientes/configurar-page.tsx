import { useEffect, useState } from 'react';
import { App, Alert, Button, Card, Checkbox, Form, Input, Select, Switch, Table, Tag, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_SECCION_PORTAL,
  ETIQUETAS_TIPO_CLIENTE,
  SECCIONES_PORTAL,
  TIPOS_CLIENTE_PORTAL,
  type ClientePortalFila,
  type ConfigZonaClientesForm,
} from '@predio/contract/zona-clientes';
import { useSession } from '../../lib/session-store.ts';
import { useAvisos } from '../../components/foco.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { InvitarDialogo } from '../../components/zona-clientes/invitar-dialogo.tsx';
import { HabeasDataStaff } from './habeas-data-staff.tsx';
import { useActivoClientePortal, useClientesPortal, useConfigZona, useGuardarConfigZona } from './api/zona-clientes-api.ts';

const OPCIONES_SECCION = SECCIONES_PORTAL.map((s) => ({ value: s, label: ETIQUETAS_SECCION_PORTAL[s] }));

const ESTADO: Record<ClientePortalFila['estado'], { color: string; texto: string }> = {
  invitado: { color: 'gold', texto: 'Invitado' },
  activo: { color: 'green', texto: 'Activo' },
  inactivo: { color: 'default', texto: 'Inactivo' },
};

/** Zona clientes > Configurar zona clientes (idm 499): the portal on or off, its texts and policy, and its clients. */
export function ConfigurarZonaClientesPage() {
  const { message } = App.useApp();
  const modal = useAvisos();
  const config = useConfigZona();
  const activo = useActivoClientePortal();
  const cambiarActivo = (c: ClientePortalFila) => {
    const hacer = () =>
      activo.mutateAsync({ id: c.id, activo: !c.activo }).then(
        () => void message.success(c.activo ? `Acceso de ${c.nombre} desactivado` : `Acceso de ${c.nombre} activado`),
        (e: Error) => void message.error(e.message),
      );
    if (!c.activo) return void hacer();
    modal.confirm({
      title: `¿Desactivar el acceso de ${c.nombre}?`,
      content: 'Sus sesiones abiertas se cierran y no podrá ingresar a la zona clientes hasta que lo active de nuevo.',
      okText: 'Desactivar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: hacer,
    });
  };
  const guardar = useGuardarConfigZona();
  const clientes = useClientesPortal();
  const idEmpresa = useSession((s) => s.claims?.idempresa ?? 0);
  const [form] = Form.useForm<ConfigZonaClientesForm>();
  const [invitando, setInvitando] = useState(false);
  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);
  const enlacePortal = `${window.location.origin}/zona-clientes/${idEmpresa}`;
  return (
    <>
      <Card title="Configurar zona clientes" loading={config.isPending}>
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 760 }}
          onFinish={(v) => guardar.mutate(v, { onSuccess: () => void message.success('Configuración guardada') })}
        >
          <Form.Item name="activo" label="Zona clientes activa" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Typography.Paragraph type="secondary">
            Dirección para sus clientes: <Typography.Text copyable>{enlacePortal}</Typography.Text>
          </Typography.Paragraph>
          <Form.Item name="titulo" label="Título" rules={[{ required: true, message: 'El campo Título es obligatorio' }]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="bienvenida" label="Texto de bienvenida">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item
            name="politica"
            label="Política de tratamiento de datos"
            extra="Ley 1581 de 2012: cada cliente la acepta al entrar; si cambia el texto, la acepta de nuevo."
          >
            <Input.TextArea rows={6} maxLength={20000} />
          </Form.Item>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            Qué ve cada tipo de cliente
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            «Mis inmuebles» y «Mis datos personales» se muestran siempre. Quien es de varios tipos ve lo de todos.
          </Typography.Paragraph>
          {TIPOS_CLIENTE_PORTAL.map((t) => (
            <Form.Item key={t} name={['secciones', t]} label={ETIQUETAS_TIPO_CLIENTE[t]}>
              <Checkbox.Group options={OPCIONES_SECCION} />
            </Form.Item>
          ))}
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            Solicitudes de mantenimiento
          </Typography.Title>
          <Form.Item
            name="receptores"
            label="Reciben las solicitudes nuevas"
            extra="Si no elige a nadie, las reciben todos los usuarios activos con Solicitudes de mantenimiento."
          >
            <Select
              mode="multiple"
              allowClear
              placeholder="Todos los que atienden solicitudes"
              options={(config.data?.atienden ?? []).map((u) => ({ value: u.id, label: u.nombre }))}
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item
            name="avisar_cliente"
            label="Avisar al cliente por correo"
            valuePropName="checked"
            extra="Cada cambio de estado y cada comentario visible de su solicitud le llega también por correo."
          >
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={guardar.isPending}>
            Guardar
          </Button>
        </Form>
      </Card>
      <Card
        title="Clientes de la zona clientes"
        style={{ marginTop: 16 }}
        extra={
          <Button icon={<MailOutlined />} onClick={() => setInvitando(true)}>
            Invitar cliente
          </Button>
        }
      >
        {config.data && !config.data.activo ? (
          <Alert type="info" showIcon title="Active la zona clientes para poder invitar clientes." style={{ marginBottom: 12 }} />
        ) : null}
        <Table<ClientePortalFila>
          rowKey="id"
          size="small"
          loading={clientes.isPending}
          dataSource={clientes.data ?? []}
          pagination={false}
          // No sideways scroll on a phone (a scrolling region with nothing to focus traps keyboard
          // users): the dates give way below md, and the name and e-mail wrap.
          locale={{ emptyText: 'Aún no ha invitado clientes' }}
          columns={[
            { key: 'nombre', title: 'Cliente', dataIndex: 'nombre' },
            { key: 'email', title: 'Correo', dataIndex: 'email' },
            {
              key: 'estado',
              title: 'Estado',
              render: (_v, c) => <Tag color={ESTADO[c.estado].color}>{ESTADO[c.estado].texto}</Tag>,
            },
            {
              key: 'ultimo',
              title: 'Último ingreso',
              responsive: ['md'],
              render: (_v, c) => (c.ultimo_ingreso ? formatFechaHora(c.ultimo_ingreso) : '—'),
            },
            {
              key: 'autorizo',
              title: 'Autorizó datos',
              responsive: ['md'],
              render: (_v, c) => (c.autorizo_en ? formatFechaHora(c.autorizo_en) : 'Pendiente'),
            },
            {
              key: 'acciones',
              title: <span className="visually-hidden">Acciones</span>,
              width: 1,
              render: (_v, c) => (
                <Button
                  size="small"
                  danger={c.activo}
                  onClick={() => cambiarActivo(c)}
                  aria-label={`${c.activo ? 'Desactivar' : 'Activar'} ${c.nombre}`}
                >
                  {c.activo ? 'Desactivar' : 'Activar'}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <HabeasDataStaff />
      <InvitarDialogo abierto={invitando} onCerrar={() => setInvitando(false)} />
    </>
  );
}
