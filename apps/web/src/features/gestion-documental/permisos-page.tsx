import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, Radio, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_PERMISO_GD,
  type PermisoGd,
  type PermisoGdFormIn,
  type PermisosGd,
} from '@predio/contract/gestion-documental-permisos';
import { Acciones } from '../../components/acciones-fila.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useBorrarPermisoGd, useGuardarPermisoGd, useIntegrantesArea, usePermisosGd } from './api/permisos.ts';
import './gestion-documental.css';

const L = ETIQUETAS_PERMISO_GD;
type Valores = PermisoGdFormIn & { quien: 'usuario' | 'area'; acciones: ('ver' | 'radicar' | 'editar')[] };
const etiqueta = (r: { codigo: string | null; nombre: string }) => (r.codigo ? `${r.codigo} · ${r.nombre}` : r.nombre);

/** Permisos de gestión documental (idm 10578): who may see, file and edit which series and subseries. */
export function PermisosGdPage() {
  const datos = usePermisosGd();
  if (datos.isPending)
    return (
      <Card title="Permisos de gestión documental">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (datos.isError)
    return (
      <ErrorDeCarga titulo="No se pudieron cargar los permisos" error={datos.error} onReintentar={() => void datos.refetch()} />
    );
  return (
    <Space orientation="vertical" size={16} className="trd-pagina">
      <Reglas d={datos.data} />
      <Integrantes d={datos.data} />
    </Space>
  );
}

function Reglas({ d }: { d: PermisosGd }) {
  const { message } = App.useApp();
  const guardar = useGuardarPermisoGd();
  const borrar = useBorrarPermisoGd();
  const [abierto, setAbierto] = useState<{ regla: PermisoGd | null } | null>(null);
  const [form] = Form.useForm<Valores>();
  const serie = Form.useWatch('id_serie', form);
  const quien = Form.useWatch('quien', form);

  const valores = (r: PermisoGd | null): Partial<Valores> =>
    r
      ? {
          quien: r.usuario ? 'usuario' : 'area',
          id_usuario: r.usuario?.id ?? null,
          id_area: r.area?.id ?? null,
          id_serie: r.serie.id,
          id_subserie: r.subserie?.id ?? null,
          acciones: (['ver', 'radicar', 'editar'] as const).filter((a) => r[a]),
        }
      : { quien: 'usuario', acciones: ['ver'] };

  return (
    <Card
      title="Permisos de gestión documental"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbierto({ regla: null })}>
          Nueva regla
        </Button>
      }
    >
      {d.reglas.length === 0 ? (
        <Alert
          type="info"
          showIcon
          className="gd-config-alerta"
          title="Sin reglas: todos los usuarios con acceso a Gestión documental ven y radican en todas las series."
          description="Con la primera regla, cada usuario solo ve y radica en las series que le permitan sus reglas o las de su área; el administrador de la empresa ve todo."
        />
      ) : null}
      <Table<PermisoGd>
        size="small"
        rowKey="id"
        dataSource={d.reglas}
        scroll={{ x: 760 }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        aria-label="Reglas de permisos"
        locale={{ emptyText: 'Aún no hay reglas' }}
        columns={[
          {
            key: 'quien',
            title: 'Usuario o área',
            render: (_v, r) =>
              r.usuario ? (
                r.usuario.nombre
              ) : (
                <span>
                  <Tag>Área</Tag>
                  {etiqueta(r.area!)}
                </span>
              ),
          },
          { key: 'serie', title: L.id_serie, render: (_v, r) => etiqueta(r.serie) },
          { key: 'subserie', title: L.id_subserie, render: (_v, r) => (r.subserie ? etiqueta(r.subserie) : 'Todas') },
          {
            key: 'acciones',
            title: 'Puede',
            render: (_v, r) => (
              <Space size={4} wrap>
                {(['ver', 'radicar', 'editar'] as const)
                  .filter((a) => r[a])
                  .map((a) => (
                    <Tag key={a} color={a === 'ver' ? 'blue' : a === 'radicar' ? 'green' : 'orange'}>
                      {L[a]}
                    </Tag>
                  ))}
              </Space>
            ),
          },
          {
            key: 'fila',
            title: '',
            width: 96,
            render: (_v, r) => {
              const titulo = `${r.usuario?.nombre ?? r.area?.nombre ?? ''} en ${r.serie.nombre}`;
              return (
                <Acciones
                  titulo={titulo}
                  onEditar={() => setAbierto({ regla: r })}
                  confirmar={{ pregunta: '¿Eliminar la regla?', detalle: `Se elimina la regla de ${titulo}.` }}
                  onEliminar={() => borrar.mutateAsync(r.id).then(() => message.success('Regla eliminada'))}
                />
              );
            },
          },
        ]}
      />
      <ModalForm<Valores>
        open={abierto !== null}
        title={abierto?.regla ? 'Modificar regla' : 'Nueva regla'}
        form={form}
        valores={valores(abierto?.regla ?? null)}
        guardando={guardar.isPending}
        onCerrar={() => setAbierto(null)}
        onGuardar={async (v) => {
          const body: PermisoGdFormIn = {
            id_usuario: v.quien === 'usuario' ? (v.id_usuario ?? null) : null,
            id_area: v.quien === 'area' ? (v.id_area ?? null) : null,
            id_serie: v.id_serie,
            id_subserie: v.id_subserie ?? null,
            ver: v.acciones.includes('ver'),
            radicar: v.acciones.includes('radicar'),
            editar: v.acciones.includes('editar'),
          };
          await guardar.mutateAsync({ id: abierto?.regla?.id ?? null, body });
          void message.success('Regla guardada');
        }}
      >
        <Form.Item name="quien" label="Se aplica a">
          <Radio.Group
            options={[
              { value: 'usuario', label: 'Un usuario' },
              { value: 'area', label: 'Los usuarios de un área' },
            ]}
          />
        </Form.Item>
        {quien === 'area' ? (
          <Form.Item
            name="id_area"
            label={L.id_area}
            rules={[{ required: true, message: `El campo ${L.id_area} es obligatorio` }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={d.areas.map((a) => ({ value: a.id, label: etiqueta(a) }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="id_usuario"
            label={L.id_usuario}
            rules={[{ required: true, message: `El campo ${L.id_usuario} es obligatorio` }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={d.usuarios.map((u) => ({ value: u.id, label: u.nombre }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="id_serie"
          label={L.id_serie}
          rules={[{ required: true, message: `El campo ${L.id_serie} es obligatorio` }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={d.series.map((s) => ({ value: s.id, label: etiqueta(s) }))}
            onChange={() => form.setFieldValue('id_subserie', null)}
          />
        </Form.Item>
        <Form.Item name="id_subserie" label={L.id_subserie} extra="Vacío: todas las subseries de la serie.">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Todas"
            options={d.subseries.filter((s) => s.id_serie === serie).map((s) => ({ value: s.id, label: etiqueta(s) }))}
          />
        </Form.Item>
        <Form.Item
          name="acciones"
          label="Puede"
          rules={[{ required: true, message: 'Marque al menos uno: Ver, Radicar o Editar' }]}
          extra="Radicar o editar incluye ver."
        >
          <Checkbox.Group
            options={[
              { value: 'ver', label: L.ver },
              { value: 'radicar', label: L.radicar },
              { value: 'editar', label: L.editar },
            ]}
          />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}

/** Which users belong to each área: an área's rules apply to them. */
function Integrantes({ d }: { d: PermisosGd }) {
  const { message } = App.useApp();
  const fijar = useIntegrantesArea();
  const de = (id: number) => d.integrantes.find((i) => i.id_area === id)?.id_usuarios ?? [];
  return (
    <Card title="Usuarios de cada área">
      <Typography.Paragraph type="secondary">
        Las reglas de un área se aplican a los usuarios que tenga aquí.
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="id"
        dataSource={d.areas}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        aria-label="Usuarios de cada área"
        columns={[
          { key: 'area', title: L.id_area, width: 220, render: (_v, a) => etiqueta(a) },
          {
            key: 'usuarios',
            title: 'Usuarios',
            render: (_v, a) => (
              <Select
                mode="multiple"
                className="gd-integrantes"
                aria-label={`Usuarios de ${a.nombre}`}
                placeholder="Sin usuarios"
                value={de(a.id)}
                showSearch={{ optionFilterProp: 'label' }}
                options={d.usuarios.map((u) => ({ value: u.id, label: u.nombre }))}
                onChange={(usuarios: number[]) =>
                  fijar.mutate(
                    { idArea: a.id, usuarios },
                    { onSuccess: () => void message.success(`Usuarios de ${a.nombre} guardados`) },
                  )
                }
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
