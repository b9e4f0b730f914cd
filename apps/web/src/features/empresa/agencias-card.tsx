import { useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Agencia, AgenciaGuardar } from '@predio/contract/empresa';
import { useAgencias } from '../../lib/api/get-agencias.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useEliminarAgencia, useGuardarAgencia } from './api/guardar-agencia.ts';
import { useAvisos } from '../../components/foco.ts';

type Edicion = { agencia: Agencia | null };

/** The company's branches (agencias): users and the company default point to them. */
export function AgenciasCard() {
  const { message } = App.useApp();
  const modal = useAvisos();
  const agencias = useAgencias();
  const guardar = useGuardarAgencia();
  const eliminar = useEliminarAgencia();
  const [edicion, setEdicion] = useState<Edicion | null>(null);
  const [form] = Form.useForm<AgenciaGuardar>();

  const enviar = async (v: AgenciaGuardar) => {
    try {
      const a = await guardar.mutateAsync({ id: edicion?.agencia?.id ?? null, body: v });
      void message.success(`Agencia «${a.nombre}» guardada`);
      setEdicion(null);
    } catch (e) {
      const resto = e instanceof ApiError ? erroresEnCampos(form, e) : e instanceof Error ? e.message : String(e);
      if (resto) void message.error(resto);
    }
  };

  const borrar = (a: Agencia) =>
    modal.confirm({
      title: `¿Eliminar la agencia «${a.nombre}»?`,
      content: 'Esta acción no se puede deshacer.',
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          await eliminar.mutateAsync(a.id);
          void message.success(`Agencia «${a.nombre}» eliminada`);
        } catch (e) {
          modal.error({ title: 'No se puede eliminar', content: e instanceof Error ? e.message : String(e) });
        }
      },
    });

  return (
    <Card
      title="Agencias"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEdicion({ agencia: null })}>
          Nueva agencia
        </Button>
      }
    >
      <Table<Agencia>
        rowKey="id"
        size="small"
        loading={agencias.isFetching}
        dataSource={agencias.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="La empresa no tiene agencias" /> }}
        columns={[
          { key: 'nombre', dataIndex: 'nombre', title: 'Nombre' },
          { key: 'direccion', dataIndex: 'direccion', title: 'Dirección', responsive: ['md'] },
          { key: 'telefono', dataIndex: 'telefono', title: 'Teléfono', responsive: ['md'] },
          {
            key: 'activo',
            title: 'Estado',
            render: (_: unknown, a) => (a.activo ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>),
          },
          {
            key: 'acciones',
            title: '',
            width: 96,
            render: (_: unknown, a) => (
              <Space size={0}>
                <Tooltip title="Editar">
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Editar la agencia «${a.nombre}»`}
                    onClick={() => setEdicion({ agencia: a })}
                  />
                </Tooltip>
                <Tooltip title="Eliminar">
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Eliminar la agencia «${a.nombre}»`}
                    onClick={() => borrar(a)}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <AppModal
        open={edicion !== null}
        title={edicion?.agencia ? `Editar la agencia «${edicion.agencia.nombre}»` : 'Nueva agencia'}
        okText="Guardar"
        cancelText="Cancelar"
        confirmLoading={guardar.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEdicion(null)}
        destroyOnHidden
      >
        <Form
          name="agencia"
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={edicion?.agencia ?? { nombre: '', direccion: '', telefono: '', activo: true }}
          onFinish={(v) => void enviar(v)}
        >
          <Form.Item
            name="nombre"
            label="Nombre"
            rules={[{ required: true, whitespace: true, message: 'Nombre es obligatorio' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="direccion" label="Dirección">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="telefono" label="Teléfono">
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="activo" label="Activa" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </AppModal>
    </Card>
  );
}
