import { useState } from 'react';
import { Breadcrumb, Button, Card, Form, Input, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { ETIQUETAS_TIPO_ITEM, TIPOS_ITEM, type Item, type ItemForm } from '@predio/contract/inventarios';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useBorrarItem, useCategoria, useGuardarItem, useOrdenarItems } from './api/inventarios-api.ts';
import { ListaOrdenada } from './lista-ordenada.tsx';
import './inventarios.css';

const CORTO = { estado: 'Conforme / No conforme', lectura: 'Lectura de medidor', llaves: 'Cantidad' } as const;

/** Inventarios > categoria/{id}/items (hidden, idm 10593): the items of one space, in order. */
export function CategoriaItemsPage() {
  const id = Number(useParams().id);
  const c = useCategoria(id);
  const ordenar = useOrdenarItems();
  const borrar = useBorrarItem();
  const [editando, setEditando] = useState<Item | 'nuevo' | null>(null);
  if (c.isError)
    return <ErrorDeCarga titulo="No se pudo cargar el espacio" error={c.error} onReintentar={() => void c.refetch()} />;
  return (
    <Card
      title={c.data ? `Ítems de «${c.data.categoria.nombre}»` : 'Ítems'}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
          Agregar ítem
        </Button>
      }
    >
      <Breadcrumb
        items={[
          { title: <Link to="/inventarios/plantillas-inventarios">Plantillas</Link> },
          {
            title: c.data ? (
              <Link to={`/inventarios/plantilla/${c.data.plantilla.id}/categorias`}>{c.data.plantilla.nombre}</Link>
            ) : (
              '…'
            ),
          },
          { title: c.data?.categoria.nombre ?? '…' },
        ]}
        style={{ marginBottom: 8 }}
      />
      <ListaOrdenada<Item>
        filas={c.data?.items ?? []}
        singular="ítem"
        cargando={c.isPending || ordenar.isPending}
        extra={(i) => <Tag color={i.tipo === 'estado' ? undefined : 'purple'}>{CORTO[i.tipo]}</Tag>}
        onOrdenar={(ids) => ordenar.mutate({ categoria: id, ids })}
        onEditar={setEditando}
        onBorrar={(i) => borrar.mutateAsync(i.id)}
        avisoBorrar="Los inventarios ya tomados no cambian."
      />
      <ItemDialogo categoria={id} editando={editando} onCerrar={() => setEditando(null)} />
    </Card>
  );
}

function ItemDialogo({
  categoria,
  editando,
  onCerrar,
}: {
  categoria: number;
  editando: Item | 'nuevo' | null;
  onCerrar: () => void;
}) {
  const guardar = useGuardarItem();
  const i = editando === 'nuevo' ? null : editando;
  return (
    <ModalForm<ItemForm>
      open={editando !== null}
      title={i ? `Ítem «${i.nombre}»` : 'Nuevo ítem'}
      valores={i ? { nombre: i.nombre, tipo: i.tipo } : { nombre: '', tipo: 'estado' }}
      onGuardar={(body) => guardar.mutateAsync({ categoria, ...(i ? { id: i.id } : {}), body })}
      onCerrar={onCerrar}
      guardando={guardar.isPending}
    >
      <Form.Item
        name="nombre"
        label="Nombre del ítem"
        rules={[{ required: true, whitespace: true, message: 'El campo Nombre del ítem es obligatorio' }]}
      >
        <Input maxLength={120} placeholder="Paredes, Pisos, Grifería…" />
      </Form.Item>
      <Form.Item name="tipo" label="Tipo">
        <Select options={TIPOS_ITEM.map((t) => ({ value: t, label: ETIQUETAS_TIPO_ITEM[t] }))} />
      </Form.Item>
    </ModalForm>
  );
}
