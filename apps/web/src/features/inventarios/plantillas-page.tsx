import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { TIPOS_INMUEBLE, ETIQUETAS_TIPO } from '@predio/contract/inmuebles';
import { PLANTILLAS_SUGERIDAS, type Plantilla, type PlantillaForm } from '@predio/contract/inventarios';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { useBorrarPlantilla, useCrearSugeridas, useGuardarPlantilla, usePlantillas } from './api/inventarios-api.ts';
import './inventarios.css';

export const enlacePlantilla = (id: number) => `/inventarios/plantilla/${id}/categorias`;
export const OPCIONES_TIPO_INMUEBLE = TIPOS_INMUEBLE.map((t) => ({ value: t, label: ETIQUETAS_TIPO[t] }));

/** Inventarios > Plantillas de inventarios (idm 10593): the templates, their spaces and items. */
export function PlantillasInventarioPage() {
  const plantillas = usePlantillas();
  const sugeridas = useCrearSugeridas();
  const borrar = useBorrarPlantilla();
  const avisos = useAvisos();
  const navigate = useNavigate();
  const [editando, setEditando] = useState<Plantilla | 'nueva' | null>(null);
  if (plantillas.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudieron cargar las plantillas"
        error={plantillas.error}
        onReintentar={() => void plantillas.refetch()}
      />
    );
  const nombres = new Set((plantillas.data ?? []).map((p) => p.nombre));
  const faltan = PLANTILLAS_SUGERIDAS.filter((s) => !nombres.has(s.nombre));
  return (
    <Card title="Plantillas de inventarios">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
          Nueva plantilla
        </Button>
        <Button icon={<ThunderboltOutlined />} onClick={() => void navigate('/inventarios/plantillas-wizard')}>
          Asistente
        </Button>
      </Space>
      {plantillas.data && faltan.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`Plantillas sugeridas disponibles: ${faltan.map((s) => s.nombre).join(', ')}`}
          action={
            <Button size="small" loading={sugeridas.isPending} onClick={() => sugeridas.mutate()}>
              Crear plantillas sugeridas
            </Button>
          }
        />
      )}
      <Table<Plantilla>
        rowKey="id"
        loading={plantillas.isPending}
        dataSource={plantillas.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Aún no hay plantillas' }}
        columns={[
          { key: 'nombre', title: 'Nombre', render: (_v, p) => <Link to={enlacePlantilla(p.id)}>{p.nombre}</Link> },
          {
            key: 'tipo',
            title: 'Tipo de inmueble',
            responsive: ['md'],
            render: (_v, p) => ETIQUETAS_TIPO[p.tipo_inmueble as keyof typeof ETIQUETAS_TIPO] ?? (p.tipo_inmueble || '—'),
          },
          { key: 'categorias', title: 'Espacios', render: (_v, p) => p.categorias },
          { key: 'items', title: 'Ítems', responsive: ['sm'], render: (_v, p) => p.items },
          {
            key: 'activa',
            title: 'Estado',
            responsive: ['sm'],
            render: (_v, p) => (p.activa ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>),
          },
          {
            key: 'acciones',
            title: '',
            render: (_v, p) => (
              <Space size={0}>
                <Button type="text" icon={<EditOutlined />} aria-label={`Editar ${p.nombre}`} onClick={() => setEditando(p)} />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Eliminar ${p.nombre}`}
                  onClick={() =>
                    avisos.confirm({
                      title: `¿Eliminar la plantilla «${p.nombre}»?`,
                      content: `Se borran sus ${p.categorias} espacios y ${p.items} ítems. Los inventarios ya tomados con ella se conservan.`,
                      okText: 'Eliminar',
                      okButtonProps: { danger: true },
                      cancelText: 'Cancelar',
                      onOk: () => borrar.mutateAsync(p.id),
                    })
                  }
                />
              </Space>
            ),
          },
        ]}
      />
      <PlantillaDialogo editando={editando} onCerrar={() => setEditando(null)} />
    </Card>
  );
}

function PlantillaDialogo({ editando, onCerrar }: { editando: Plantilla | 'nueva' | null; onCerrar: () => void }) {
  const guardar = useGuardarPlantilla();
  const navigate = useNavigate();
  const p = editando === 'nueva' ? null : editando;
  return (
    <ModalForm<PlantillaForm>
      open={editando !== null}
      title={p ? `Plantilla «${p.nombre}»` : 'Nueva plantilla'}
      valores={p ?? { nombre: '', tipo_inmueble: '', descripcion: '', activa: true }}
      onGuardar={async (body) => {
        const r = await guardar.mutateAsync({ ...(p ? { id: p.id } : {}), body });
        // A new template is filled in next: its spaces.
        if (!p) void navigate(enlacePlantilla(r.id));
      }}
      onCerrar={onCerrar}
      guardando={guardar.isPending}
    >
      <Form.Item
        name="nombre"
        label="Nombre"
        rules={[{ required: true, whitespace: true, message: 'El campo Nombre es obligatorio' }]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="tipo_inmueble" label="Tipo de inmueble">
        <Select allowClear options={OPCIONES_TIPO_INMUEBLE} />
      </Form.Item>
      <Form.Item name="descripcion" label="Descripción">
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item name="activa" label="Activa" valuePropName="checked">
        <Switch />
      </Form.Item>
    </ModalForm>
  );
}
