import { useState } from 'react';
import { Breadcrumb, Button, Card, Form, Input, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import type { Categoria, CategoriaForm } from '@predio/contract/inventarios';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useBorrarCategoria, useGuardarCategoria, useOrdenarCategorias, usePlantilla } from './api/inventarios-api.ts';
import { ListaOrdenada } from './lista-ordenada.tsx';
import './inventarios.css';

export const enlaceCategoria = (id: number) => `/inventarios/categoria/${id}/items`;

/** Inventarios > plantilla/{id}/categorias (hidden, idm 10593): the spaces of a template, in order. */
export function PlantillaCategoriasPage() {
  const id = Number(useParams().id);
  const p = usePlantilla(id);
  const ordenar = useOrdenarCategorias();
  const borrar = useBorrarCategoria();
  const [editando, setEditando] = useState<Categoria | 'nueva' | null>(null);
  if (p.isError)
    return <ErrorDeCarga titulo="No se pudo cargar la plantilla" error={p.error} onReintentar={() => void p.refetch()} />;
  return (
    <Card
      title={p.data ? `Espacios de «${p.data.plantilla.nombre}»` : 'Espacios'}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
          Agregar espacio
        </Button>
      }
    >
      <Breadcrumb
        items={[
          { title: <Link to="/inventarios/plantillas-inventarios">Plantillas</Link> },
          { title: p.data?.plantilla.nombre ?? '…' },
        ]}
        style={{ marginBottom: 8 }}
      />
      <ListaOrdenada<Categoria>
        filas={p.data?.categorias ?? []}
        singular="espacio"
        cargando={p.isPending || ordenar.isPending}
        extra={(c) => (
          <Space wrap>
            <Link to={enlaceCategoria(c.id)}>{c.items} ítems</Link>
            {c.repetible && <Tag color="blue">Repetible</Tag>}
          </Space>
        )}
        onOrdenar={(ids) => ordenar.mutate({ plantilla: id, ids })}
        onEditar={setEditando}
        onBorrar={(c) => borrar.mutateAsync(c.id)}
        avisoBorrar="Se borran también sus ítems. Los inventarios ya tomados no cambian."
      />
      <CategoriaDialogo plantilla={id} editando={editando} onCerrar={() => setEditando(null)} />
    </Card>
  );
}

function CategoriaDialogo({
  plantilla,
  editando,
  onCerrar,
}: {
  plantilla: number;
  editando: Categoria | 'nueva' | null;
  onCerrar: () => void;
}) {
  const guardar = useGuardarCategoria();
  const c = editando === 'nueva' ? null : editando;
  return (
    <ModalForm<CategoriaForm>
      open={editando !== null}
      title={c ? `Espacio «${c.nombre}»` : 'Nuevo espacio'}
      valores={c ? { nombre: c.nombre, repetible: c.repetible } : { nombre: '', repetible: false }}
      onGuardar={(body) => guardar.mutateAsync({ plantilla, ...(c ? { id: c.id } : {}), body })}
      onCerrar={onCerrar}
      guardando={guardar.isPending}
    >
      <Form.Item
        name="nombre"
        label="Nombre del espacio"
        rules={[{ required: true, whitespace: true, message: 'El campo Nombre del espacio es obligatorio' }]}
      >
        <Input maxLength={80} placeholder="Sala, Cocina, Alcoba…" />
      </Form.Item>
      <Form.Item name="repetible" label="Repetible (se agrega otra vez con un toque: Alcoba 2, 3…)" valuePropName="checked">
        <Switch />
      </Form.Item>
    </ModalForm>
  );
}
