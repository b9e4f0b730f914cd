import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Checkbox, Empty, Form, Input, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  ExportOutlined,
  InboxOutlined,
  PaperClipOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { GESTIONES } from '@predio/contract/inmuebles';
import {
  DESTINOS_FORMULARIO,
  ETIQUETAS_DESTINO,
  ETIQUETAS_GESTION_FORMULARIO,
  ETIQUETAS_TIPO_CAMPO,
  ETIQUETAS_TIPO_SOLICITUD,
  FORMULARIOS_SORT,
  MAX_CAMPOS,
  TEXTO_CONSENTIMIENTO,
  TIPOS_CAMPO,
  type EnvioFormulario,
  type Formulario,
  type FormularioForm,
} from '@predio/contract/pagina-web-formularios';
import { TIPO_VALUES } from '@predio/contract/solicitudes';
import { Acciones } from '../../components/acciones-fila.tsx';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { ExportarMenu } from '../../components/exportar-menu.tsx';
import { definirLista, texto } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { descargar } from '../../lib/descargar.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useSession } from '../../lib/session-store.ts';
import { useBorrarFormulario, useEnviosFormulario, useFormularios, useGuardarFormulario } from './pagina-web-api.ts';
import './pagina-web.css';

const PATH = '/paginaweb/formularios';
const lista = definirLista({ filtros: { q: texto() }, orden: FORMULARIOS_SORT });

const OPCIONES_TIPO_CAMPO = TIPOS_CAMPO.map((t) => ({ value: t, label: ETIQUETAS_TIPO_CAMPO[t] }));
const OPCIONES_TIPO_SOLICITUD = TIPO_VALUES.map((t) => ({ value: t, label: ETIQUETAS_TIPO_SOLICITUD[t] }));
const OPCIONES_DESTINO = DESTINOS_FORMULARIO.map((d) => ({ value: d, label: ETIQUETAS_DESTINO[d] }));
const OPCIONES_GESTION = GESTIONES.map((g) => ({ value: g, label: ETIQUETAS_GESTION_FORMULARIO[g] }));

/** What a form's submissions become, in the list's words. */
const creaDe = (f: Formulario) =>
  f.destino === 'cliente_atendido'
    ? `Clientes atendidos (${ETIQUETAS_GESTION_FORMULARIO[f.gestion_cliente].toLowerCase()})`
    : `Solicitudes: ${ETIQUETAS_TIPO_SOLICITUD[f.tipo_solicitud]}`;

const estadoDe = (f: Formulario) => (f.activo ? <Tag color="green">Publicado</Tag> : <Tag>No publicado</Tag>);

/** Página web > Formularios (idm 10536): forms of the public site whose submissions become solicitudes. */
export function FormulariosPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, PATH);
  const formularios = useFormularios(lista.consulta(params, true));
  const borrar = useBorrarFormulario();
  const idEmpresa = useSession((s) => s.claims?.idempresa ?? 0);
  const [editando, setEditando] = useState<Formulario | 'nuevo' | null>(null);
  const [envios, setEnvios] = useState<Formulario | null>(null);

  const acciones = (f: Formulario) => (
    <Acciones
      titulo={f.nombre}
      onEditar={() => setEditando(f)}
      confirmar={{
        pregunta: `¿Eliminar el formulario «${f.nombre}»?`,
        detalle:
          f.envios > 0
            ? `Se borran también sus ${f.envios} envíos (las solicitudes que crearon se conservan) y deja de verse en el sitio.`
            : 'Deja de verse en el sitio.',
      }}
      onEliminar={() => borrar.mutateAsync(f.id)}
    >
      <Tooltip title="Envíos">
        <Button type="text" icon={<InboxOutlined />} aria-label={`Envíos de «${f.nombre}»`} onClick={() => setEnvios(f)} />
      </Tooltip>
      {f.activo ? (
        <Tooltip title="Ver en el sitio">
          <Button
            type="text"
            icon={<ExportOutlined />}
            aria-label={`Ver «${f.nombre}» en el sitio`}
            href={`/sitio/${idEmpresa}/formularios/${f.id}`}
            target="_blank"
            rel="noopener"
          />
        </Tooltip>
      ) : null}
    </Acciones>
  );

  const columnas: ColumnaLista<Formulario>[] = [
    { key: 'nombre', dataIndex: 'nombre', title: 'Nombre', ordenable: true, fija: true },
    {
      key: 'tipo_solicitud',
      title: 'Cada envío crea',
      responsive: ['md'],
      render: (_: unknown, f) => creaDe(f),
    },
    { key: 'campos', title: 'Campos', responsive: ['lg'], render: (_: unknown, f) => f.campos.length + 1 },
    { key: 'envios', dataIndex: 'envios', title: 'Envíos', ordenable: true },
    {
      key: 'ultimo_envio',
      title: 'Último envío',
      responsive: ['lg'],
      render: (_: unknown, f) => (f.ultimo_envio ? formatFechaHora(f.ultimo_envio) : '—'),
    },
    { key: 'estado', title: 'Estado', render: (_: unknown, f) => estadoDe(f) },
    {
      key: 'acciones',
      fija: true,
      title: <span className="pagina-web-sr-only">Acciones</span>,
      render: (_: unknown, f) => acciones(f),
    },
  ];

  return (
    <Card title="Formularios">
      <ListPage<Formulario, (typeof FORMULARIOS_SORT)[number]>
        sustantivo={{ singular: 'formulario', plural: 'formularios' }}
        consulta={formularios}
        columnas={columnas}
        claveColumnas="formularios-web"
        estado={params}
        ordenPorDefecto={{ sort: 'creado_en', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }), placeholder: 'Buscar por nombre' }}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
            Nuevo formulario
          </Button>
        }
        vacio={{ texto: 'Aún no hay formularios' }}
        tarjeta={(f) => (
          <div className="pagina-web-tarjeta pagina-web-tarjeta-texto">
            <div>
              <strong>{f.nombre}</strong>
              <div>{estadoDe(f)}</div>
              <div>
                {f.envios} envíos · {creaDe(f)}
              </div>
            </div>
            {acciones(f)}
          </div>
        )}
        filaClave={(f) => f.id}
        tituloError="No se pudo cargar la lista de formularios"
      />
      {editando !== null ? (
        <FormularioDialogo
          key={editando === 'nuevo' ? 'nuevo' : editando.id}
          formulario={editando === 'nuevo' ? null : editando}
          onCerrar={() => setEditando(null)}
        />
      ) : null}
      {envios ? <EnviosCajon formulario={envios} onCerrar={() => setEnvios(null)} /> : null}
    </Card>
  );
}

const NUEVO: Partial<FormularioForm> = {
  nombre: '',
  descripcion: '',
  tipo_solicitud: 'informacion',
  destino: 'solicitud',
  gestion_cliente: 'arriendo',
  mensaje_gracias: '',
  activo: true,
  campos: [
    { etiqueta: 'Correo electrónico', tipo: 'correo', obligatorio: true, opciones: [] },
    { etiqueta: 'Teléfono', tipo: 'telefono', obligatorio: false, opciones: [] },
    { etiqueta: 'Mensaje', tipo: 'parrafo', obligatorio: false, opciones: [] },
  ],
};

/** The builder: the form's data, then its fields in order; the name and the consent are always there. */
function FormularioDialogo({ formulario, onCerrar }: { formulario: Formulario | null; onCerrar: () => void }) {
  const guardar = useGuardarFormulario();
  const [form] = Form.useForm<FormularioForm>();
  return (
    <ModalForm<FormularioForm>
      open
      form={form}
      width={760}
      title={formulario ? `Formulario «${formulario.nombre}»` : 'Nuevo formulario'}
      valores={formulario ?? NUEVO}
      onGuardar={(v) => guardar.mutateAsync({ id: formulario?.id ?? null, body: { ...v, campos: v.campos ?? [] } })}
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
      <Form.Item name="descripcion" label="Descripción" extra="Se muestra encima del formulario en el sitio.">
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Space wrap align="start" size="large">
        <Form.Item name="destino" label="Cada envío crea">
          <Select options={OPCIONES_DESTINO} style={{ minWidth: 200 }} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.destino !== b.destino}>
          {() =>
            form.getFieldValue('destino') === 'cliente_atendido' ? (
              <Form.Item name="gestion_cliente" label="Busca">
                <Select options={OPCIONES_GESTION} style={{ minWidth: 180 }} />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.destino !== b.destino}>
          {() => (
            <Form.Item
              name="tipo_solicitud"
              label="Tipo de solicitud"
              extra={
                form.getFieldValue('destino') === 'cliente_atendido'
                  ? 'Si ningún tercero tiene el correo o el teléfono del visitante, se crea una solicitud de este tipo.'
                  : 'Cada envío crea una solicitud de este tipo.'
              }
            >
              <Select options={OPCIONES_TIPO_SOLICITUD} style={{ minWidth: 240 }} />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item name="activo" label="Publicado" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="mensaje_gracias" label="Mensaje de agradecimiento" extra="Lo ve el visitante al enviar. Opcional.">
        <Input maxLength={500} />
      </Form.Item>
      <Typography.Title level={5}>Campos</Typography.Title>
      <div className="formulario-campo formulario-campo-fijo" aria-label="Campo fijo: Nombre">
        <Input value="Nombre" disabled aria-label="Etiqueta del campo fijo" />
        <Tag>Texto · obligatorio · siempre presente</Tag>
      </div>
      <Form.List name="campos">
        {(campos, { add, remove, move }, { errors }) => (
          <>
            {campos.map((c, i) => (
              <div key={c.key} className="formulario-campo" role="group" aria-label={`Campo ${i + 1}`}>
                <Form.Item
                  name={[c.name, 'etiqueta']}
                  label="Etiqueta del campo"
                  rules={[{ required: true, whitespace: true, message: 'El campo Etiqueta del campo es obligatorio' }]}
                >
                  <Input maxLength={80} />
                </Form.Item>
                <Form.Item name={[c.name, 'tipo']} label="Tipo de campo" initialValue="texto">
                  <Select options={OPCIONES_TIPO_CAMPO} style={{ minWidth: 170 }} />
                </Form.Item>
                <Form.Item name={[c.name, 'obligatorio']} valuePropName="checked" label="Obligatorio" initialValue={false}>
                  <Checkbox />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() =>
                    form.getFieldValue(['campos', c.name, 'tipo']) === 'seleccion' ? (
                      <Form.Item
                        name={[c.name, 'opciones']}
                        label="Opciones"
                        className="formulario-opciones"
                        extra="Escriba cada opción y pulse Enter."
                      >
                        <Select mode="tags" open={false} tokenSeparators={[',']} aria-label="Opciones" />
                      </Form.Item>
                    ) : form.getFieldValue(['campos', c.name, 'tipo']) === 'archivo' ? (
                      <Typography.Text type="secondary" className="formulario-opciones">
                        El visitante adjunta un PDF, JPG o PNG de máximo 5 MB; un formulario admite un solo archivo.
                      </Typography.Text>
                    ) : null
                  }
                </Form.Item>
                <Space className="formulario-campo-botones" size={0}>
                  <Button
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={`Subir el campo ${i + 1}`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  />
                  <Button
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Bajar el campo ${i + 1}`}
                    disabled={i === campos.length - 1}
                    onClick={() => move(i, i + 1)}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Quitar el campo ${i + 1}`}
                    onClick={() => remove(i)}
                  />
                </Space>
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined />}
              disabled={campos.length >= MAX_CAMPOS}
              onClick={() => add({ etiqueta: '', tipo: 'texto', obligatorio: false, opciones: [] })}
            >
              Agregar campo
            </Button>
          </>
        )}
      </Form.List>
      <Alert
        className="formulario-consentimiento"
        type="info"
        showIcon
        title="Autorización de datos (siempre presente y obligatoria)"
        description={TEXTO_CONSENTIMIENTO}
      />
    </ModalForm>
  );
}

/** What a submission became, with a link to it, and why when it is not what the form asks for. */
function ResultadoEnvio({ envio: e, onIr }: { envio: EnvioFormulario; onIr: () => void }) {
  const enlace =
    e.consecutivo_cliente !== null ? (
      <Link to={`/propiedades/clientes-atendidos?abrir=${e.consecutivo_cliente}`} onClick={onIr}>
        Cliente atendido N.º {e.consecutivo_cliente}
      </Link>
    ) : e.numero_solicitud !== null ? (
      <Link to={`/propiedades/solicitudes?abrir=${e.numero_solicitud}`} onClick={onIr}>
        Solicitud N.º {e.numero_solicitud}
      </Link>
    ) : (
      '—'
    );
  return (
    <div className="formulario-resultado">
      {enlace}
      {e.nota ? <Typography.Text type="secondary">{e.nota}</Typography.Text> : null}
    </div>
  );
}

/** The submissions of a form, the newest first, with their export. */
function EnviosCajon({ formulario, onCerrar }: { formulario: Formulario; onCerrar: () => void }) {
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const envios = useEnviosFormulario(formulario.id, `page=${page}&pageSize=${pageSize}`);
  const [exportando, setExportando] = useState(false);
  const exportar = async (formato: 'xlsx' | 'csv') => {
    setExportando(true);
    try {
      await descargar(`/paginaweb/formularios/${formulario.id}/envios/exportar?formato=${formato}`);
    } finally {
      setExportando(false);
    }
  };
  return (
    <AppDrawer
      open
      title={`Envíos de «${formulario.nombre}»`}
      size="large"
      onClose={onCerrar}
      extra={<ExportarMenu onElegir={(f) => void exportar(f)} cargando={exportando} />}
    >
      {envios.error ? (
        <Alert
          type="error"
          showIcon
          title="No se pudieron cargar los envíos"
          action={<Button onClick={() => void envios.refetch()}>Reintentar</Button>}
        />
      ) : (
        <Table<EnvioFormulario>
          rowKey="id"
          size="small"
          loading={envios.isFetching}
          dataSource={envios.data?.items ?? []}
          locale={{ emptyText: <Empty description="Este formulario aún no tiene envíos" /> }}
          pagination={{ current: page, pageSize, total: envios.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          scroll={{ x: true }}
          columns={[
            { key: 'fecha', title: 'Fecha', render: (_: unknown, e) => formatFechaHora(e.creado_en) },
            { key: 'nombre', title: 'Nombre', dataIndex: 'nombre' },
            {
              key: 'respuestas',
              title: 'Respuestas',
              render: (_: unknown, e) => (
                <dl className="formulario-respuestas">
                  {e.respuestas
                    .filter((r) => r.valor !== '')
                    .map((r) => (
                      <div key={r.etiqueta}>
                        <dt>{r.etiqueta}</dt>
                        <dd>
                          {r.tipo === 'archivo' && e.archivo ? (
                            <a
                              href={`/api/archivos/formulario_envio/${e.id}/${e.archivo.id}`}
                              target="_blank"
                              rel="noopener noreferrer"
                              aria-label={`Archivo de ${e.nombre}: ${e.archivo.nombre}`}
                            >
                              <PaperClipOutlined /> {e.archivo.nombre}
                            </a>
                          ) : (
                            r.valor
                          )}
                        </dd>
                      </div>
                    ))}
                </dl>
              ),
            },
            {
              key: 'resultado',
              title: 'Se convirtió en',
              render: (_: unknown, e) => <ResultadoEnvio envio={e} onIr={onCerrar} />,
            },
          ]}
        />
      )}
    </AppDrawer>
  );
}
