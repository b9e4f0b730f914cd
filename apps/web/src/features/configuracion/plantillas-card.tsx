import { lazy, Suspense, useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Grid, Input, Popconfirm, Select, Skeleton, Space, Table, Typography } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FilePdfOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import {
  ETIQUETAS_TIPO_PLANTILLA,
  TIPOS_PLANTILLA,
  type PlantillaResumen,
  type ProblemaPlantilla,
  type TipoPlantilla,
} from '@predio/contract/documentos';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { useCamposPlantilla, usePlantilla, usePlantillas } from './api/get-plantillas.ts';
import { useEliminarPlantilla, useGuardarPlantilla } from './api/guardar-plantilla.ts';
import { revisarPlantilla, vistaPreviaHtml, vistaPreviaPdf } from './api/vista-previa.ts';

// The editor (TipTap) is loaded only when a template is opened.
const EditorPlantilla = lazy(() =>
  import('../../components/editor-plantilla/editor-plantilla.tsx').then((m) => ({ default: m.EditorPlantilla })),
);

const REGISTRO: Record<Exclude<TipoPlantilla, 'ninguno'>, { etiqueta: string; ayuda: string }> = {
  inmueble: { etiqueta: 'Número del inmueble', ayuda: 'El consecutivo del inmueble, por ejemplo 1024.' },
  tercero: { etiqueta: 'Documento del tercero', ayuda: 'Su número de identificación, sin puntos.' },
  cliente: { etiqueta: 'Número del cliente atendido', ayuda: 'El consecutivo del cliente atendido.' },
};

const mensajeDe = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

/** Configurar > Plantillas de documentos: cartas and other documents the company fills from its records. */
export function PlantillasCard() {
  const lista = usePlantillas();
  const eliminar = useEliminarPlantilla();
  const { message } = App.useApp();
  const [abierta, setAbierta] = useState<number | 'nueva' | null>(null);
  const pantalla = Grid.useBreakpoint();

  return (
    <Card
      title="Plantillas de documentos"
      style={{ marginTop: 16 }}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setAbierta('nueva')}>
          Nueva plantilla
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Cartas y documentos con los datos de un inmueble, un tercero o un cliente atendido. Los campos se llenan al generar el
        documento; el PDF lleva el membrete de la empresa.
      </Typography.Paragraph>
      {lista.isError ? (
        <ErrorDeCarga titulo="No se pudieron cargar las plantillas" onReintentar={() => void lista.refetch()} />
      ) : (
        <Table<PlantillaResumen>
          rowKey="id"
          size="small"
          loading={lista.isPending}
          dataSource={lista.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: <Empty description="Aún no hay plantillas." /> }}
          columns={[
            { title: 'Nombre', dataIndex: 'nombre' },
            { title: 'Tipo', dataIndex: 'tipo', render: (t: TipoPlantilla) => ETIQUETAS_TIPO_PLANTILLA[t] },
            {
              title: 'Modificada',
              dataIndex: 'actualizado',
              responsive: ['md'],
              render: (v: string, p) => `${formatFechaHora(v)} · ${p.actualizado_por}`,
            },
            {
              title: 'Acciones',
              key: 'acciones',
              render: (_: unknown, p) => (
                <Space>
                  <Button size="small" icon={<EditOutlined />} aria-label={`Editar ${p.nombre}`} onClick={() => setAbierta(p.id)}>
                    Editar
                  </Button>
                  <Popconfirm
                    title={`¿Eliminar la plantilla «${p.nombre}»?`}
                    okText="Eliminar"
                    cancelText="Cancelar"
                    okButtonProps={{ danger: true }}
                    onConfirm={async () => {
                      await eliminar.mutateAsync(p.id);
                      void message.success(`Plantilla «${p.nombre}» eliminada`);
                    }}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${p.nombre}`} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      <AppDrawer
        title={abierta === 'nueva' ? 'Nueva plantilla' : 'Editar plantilla'}
        open={abierta !== null}
        onClose={() => setAbierta(null)}
        size={pantalla.lg ? 1100 : '100%'}
        destroyOnHidden
      >
        {abierta !== null ? (
          <EdicionPlantilla id={abierta === 'nueva' ? null : abierta} onGuardada={(id) => setAbierta(id)} />
        ) : null}
      </AppDrawer>
    </Card>
  );
}

type Valores = { nombre: string; tipo: TipoPlantilla; registro: string };

function EdicionPlantilla({ id, onGuardada }: { id: number | null; onGuardada: (id: number) => void }) {
  const plantilla = usePlantilla(id);
  if (id !== null && plantilla.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (id !== null && plantilla.isError)
    return <ErrorDeCarga titulo="No se pudo cargar la plantilla" onReintentar={() => void plantilla.refetch()} />;
  const p = plantilla.data;
  return (
    <FormularioPlantilla
      key={id ?? 'nueva'}
      id={id}
      inicial={{ nombre: p?.nombre ?? '', tipo: p?.tipo ?? 'tercero', contenido: p?.contenido ?? '<p></p>' }}
      onGuardada={onGuardada}
    />
  );
}

function FormularioPlantilla({
  id,
  inicial,
  onGuardada,
}: {
  id: number | null;
  inicial: { nombre: string; tipo: TipoPlantilla; contenido: string };
  onGuardada: (id: number) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const tipo = Form.useWatch('tipo', form) ?? inicial.tipo;
  const campos = useCamposPlantilla(tipo);
  const guardar = useGuardarPlantilla();
  const [contenido, setContenido] = useState(inicial.contenido);
  const [error, setError] = useState<string | null>(null);
  const [previa, setPrevia] = useState<string | null>(null);
  const [cargando, setCargando] = useState<'html' | 'pdf' | 'revisar' | null>(null);
  const [problemas, setProblemas] = useState<ProblemaPlantilla[] | null>(null);

  const pedido = () => {
    const v = form.getFieldsValue();
    return { tipo, contenido, registro: tipo === 'ninguno' ? undefined : v.registro?.trim() || undefined, titulo: v.nombre };
  };

  const enviar = async (v: Valores) => {
    setError(null);
    try {
      const p = await guardar.mutateAsync({ id, body: { nombre: v.nombre, tipo: v.tipo, contenido } });
      void message.success(`Plantilla «${p.nombre}» guardada`);
      onGuardada(p.id);
    } catch (e) {
      setError(mensajeDe(e));
    }
  };

  const verPrevia = async (formato: 'html' | 'pdf') => {
    setError(null);
    setCargando(formato);
    try {
      if (formato === 'html') setPrevia(await vistaPreviaHtml(pedido()));
      else await vistaPreviaPdf(pedido());
    } catch (e) {
      setPrevia(null);
      setError(mensajeDe(e));
    } finally {
      setCargando(null);
    }
  };

  const revisar = async () => {
    setError(null);
    setCargando('revisar');
    try {
      const ps = await revisarPlantilla({ tipo, contenido });
      setProblemas(ps);
      if (ps.length === 0) void message.success('La plantilla no tiene errores');
    } catch (e) {
      setError(mensajeDe(e));
    } finally {
      setCargando(null);
    }
  };

  const registro = tipo === 'ninguno' ? null : REGISTRO[tipo];
  return (
    <Form<Valores>
      form={form}
      name="plantilla"
      layout="vertical"
      initialValues={{ nombre: inicial.nombre, tipo: inicial.tipo, registro: '' }}
      onFinish={(v) => void enviar(v)}
    >
      <Space wrap align="start" style={{ width: '100%' }}>
        <Form.Item
          name="nombre"
          label="Nombre"
          rules={[{ required: true, whitespace: true, message: 'Escriba el nombre de la plantilla' }]}
        >
          <Input maxLength={120} style={{ width: 'min(320px, 80vw)' }} placeholder="Carta de bienvenida" />
        </Form.Item>
        <Form.Item name="tipo" label="Se llena con" extra="El registro del que toma sus datos.">
          <Select
            style={{ width: 220 }}
            options={TIPOS_PLANTILLA.map((t) => ({ value: t, label: ETIQUETAS_TIPO_PLANTILLA[t] }))}
            onChange={() => setPrevia(null)}
          />
        </Form.Item>
      </Space>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" /> : null}
      {problemas && problemas.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={problemas.length === 1 ? 'La plantilla tiene un error' : `La plantilla tiene ${problemas.length} errores`}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {problemas.map((p, i) => (
                <li key={i}>{p.linea ? `Línea ${p.linea}: ${p.mensaje}` : p.mensaje}</li>
              ))}
            </ul>
          }
          closable={{ onClose: () => setProblemas(null) }}
        />
      ) : null}
      <Form.Item label="Contenido" required>
        {campos.isError ? (
          <ErrorDeCarga titulo="No se pudieron cargar los campos" onReintentar={() => void campos.refetch()} />
        ) : (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            {campos.data ? (
              <EditorPlantilla
                value={contenido}
                onChange={setContenido}
                campos={campos.data}
                etiqueta="Contenido de la plantilla"
              />
            ) : (
              <Skeleton active paragraph={{ rows: 8 }} />
            )}
          </Suspense>
        )}
      </Form.Item>
      <Space wrap align="end" style={{ marginBottom: 12 }}>
        {registro ? (
          <Form.Item
            name="registro"
            label={registro.etiqueta}
            extra={`${registro.ayuda} Vacío: valores de ejemplo.`}
            style={{ marginBottom: 0 }}
          >
            <Input maxLength={30} style={{ width: 200 }} />
          </Form.Item>
        ) : null}
        <Button icon={<CheckCircleOutlined />} loading={cargando === 'revisar'} onClick={() => void revisar()}>
          Revisar
        </Button>
        <Button icon={<EyeOutlined />} loading={cargando === 'html'} onClick={() => void verPrevia('html')}>
          Vista previa
        </Button>
        <Button icon={<FilePdfOutlined />} loading={cargando === 'pdf'} onClick={() => void verPrevia('pdf')}>
          Descargar PDF
        </Button>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={guardar.isPending}>
          Guardar
        </Button>
      </Space>
      {previa !== null ? (
        <section aria-label="Vista previa">
          <Typography.Title level={5}>Vista previa</Typography.Title>
          <SafeHtml html={previa} className="vista-previa-plantilla" />
        </section>
      ) : null}
    </Form>
  );
}
