import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { ListaVerificacion, ListaVerificacionFormEntrada } from '@predio/contract/tareas';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import {
  useBorrarLista,
  useGuardarLista,
  useGuardarPlaybook,
  useListasVerificacion,
  useOpcionesTareas,
} from '../../components/tareas/api.ts';
import { Listado, ListadoItem, ListadoItemMeta } from '../../components/listado/listado.tsx';
import '../../components/tareas/tareas.css';

function Editor({ lista, onCerrar }: { lista: ListaVerificacion | null; onCerrar: () => void }) {
  const [form] = Form.useForm<ListaVerificacionFormEntrada>();
  const guardar = useGuardarLista();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const enviar = async (v: ListaVerificacionFormEntrada) => {
    setError(null);
    try {
      await guardar.mutateAsync({ id: lista?.id ?? null, lista: v });
      message.success('Lista guardada');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError) setError(erroresEnCampos(form, e));
      else throw e;
    }
  };
  return (
    <Card size="small" title={lista ? `Editar «${lista.nombre}»` : 'Nueva lista de verificación'}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form<ListaVerificacionFormEntrada>
        form={form}
        layout="vertical"
        onFinish={(v) => void enviar(v)}
        initialValues={lista ?? { nombre: '', descripcion: '', activo: true, items: [{ texto: '', obligatorio: false }] }}
      >
        <Form.Item name="nombre" label="Nombre" rules={[{ required: true, message: 'El campo Nombre es obligatorio' }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="descripcion" label="Descripción">
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.Item name="activo" label="Activa" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Typography.Text strong>Ítems (en orden)</Typography.Text>
        <Form.List name="items">
          {(campos, { add, remove, move }) => (
            <>
              {campos.map((c, i) => (
                <Space key={c.key} align="baseline" wrap style={{ display: 'flex' }}>
                  <Typography.Text type="secondary">{i + 1}.</Typography.Text>
                  <Form.Item name={[c.name, 'texto']} rules={[{ required: true, message: 'Escriba el ítem' }]}>
                    <Input aria-label={`Ítem ${i + 1}`} placeholder="Ítem" maxLength={300} style={{ width: 300 }} />
                  </Form.Item>
                  <Form.Item name={[c.name, 'obligatorio']} valuePropName="checked">
                    <Checkbox>Obligatorio</Checkbox>
                  </Form.Item>
                  <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Subir ítem ${i + 1}`}>
                    ↑
                  </Button>
                  <Button
                    size="small"
                    disabled={i === campos.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Bajar ítem ${i + 1}`}
                  >
                    ↓
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(c.name)}
                    aria-label={`Quitar ítem ${i + 1}`}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ texto: '', obligatorio: false })}>
                Agregar ítem
              </Button>
            </>
          )}
        </Form.List>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={guardar.isPending}>
            Guardar
          </Button>
          <Button onClick={onCerrar}>Cancelar</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** Each category's playbook: the checklist and the business days its new tasks start with. */
function Playbooks({ listas }: { listas: ListaVerificacion[] }) {
  const opciones = useOpcionesTareas();
  const guardar = useGuardarPlaybook();
  return (
    <Card size="small" title="Categorías: lista y vencimiento por defecto">
      <Listado
        dataSource={opciones.data?.categorias ?? []}
        renderItem={(c) => (
          <ListadoItem>
            <Space wrap>
              <Tag color={c.color ?? undefined}>{c.nombre}</Tag>
              <Select
                allowClear
                aria-label={`Lista de ${c.nombre}`}
                placeholder="Sin lista"
                style={{ minWidth: 220 }}
                value={c.id_lista_verificacion ?? undefined}
                options={listas.map((l) => ({ value: l.id, label: l.nombre }))}
                onChange={(v?: number) =>
                  guardar.mutate({
                    idCategoria: c.id,
                    playbook: { id_lista_verificacion: v ?? null, dias_habiles_vence: c.dias_habiles_vence },
                  })
                }
              />
              <InputNumber
                aria-label={`Días hábiles de ${c.nombre}`}
                min={0}
                max={365}
                placeholder="Días hábiles"
                value={c.dias_habiles_vence}
                onBlur={(e) => {
                  const n = e.target.value === '' ? null : Number(e.target.value);
                  if (n !== c.dias_habiles_vence)
                    guardar.mutate({
                      idCategoria: c.id,
                      playbook: { id_lista_verificacion: c.id_lista_verificacion, dias_habiles_vence: n },
                    });
                }}
              />
              <Typography.Text type="secondary">días hábiles (sin festivos de Colombia)</Typography.Text>
            </Space>
          </ListadoItem>
        )}
      />
    </Card>
  );
}

/** Tareas > Listas de verificación (idm 10586): checklist templates and the categories' playbooks. */
export function ListasVerificacionPage() {
  const listas = useListasVerificacion();
  const borrar = useBorrarLista();
  const [editando, setEditando] = useState<ListaVerificacion | 'nueva' | null>(null);
  if (listas.error)
    return (
      <ErrorDeCarga titulo="No se pudieron cargar las listas" error={listas.error} onReintentar={() => void listas.refetch()} />
    );
  return (
    <Card
      title="Listas de verificación"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
          Nueva lista
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        {editando && (
          <Editor
            key={editando === 'nueva' ? 'nueva' : editando.id}
            lista={editando === 'nueva' ? null : editando}
            onCerrar={() => setEditando(null)}
          />
        )}
        <Listado
          loading={listas.isPending}
          dataSource={listas.data ?? []}
          locale={{ emptyText: <Empty description="Aún no hay listas de verificación" /> }}
          renderItem={(l) => (
            <ListadoItem
              actions={[
                <Button key="e" size="small" onClick={() => setEditando(l)}>
                  Editar
                </Button>,
                <Popconfirm
                  key="b"
                  title={`¿Eliminar la lista «${l.nombre}»?`}
                  okText="Eliminar"
                  cancelText="Cancelar"
                  onConfirm={() => borrar.mutate(l.id)}
                >
                  <Button size="small" danger>
                    Eliminar
                  </Button>
                </Popconfirm>,
              ]}
            >
              <ListadoItemMeta
                title={
                  <Space>
                    {l.nombre}
                    {!l.activo && <Tag>Inactiva</Tag>}
                  </Space>
                }
                description={l.items.map((i) => `${i.texto}${i.obligatorio ? ' *' : ''}`).join(' · ')}
              />
            </ListadoItem>
          )}
        />
        <Playbooks listas={listas.data ?? []} />
      </Space>
    </Card>
  );
}
