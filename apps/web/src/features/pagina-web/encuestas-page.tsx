import { useState } from 'react';
import { useSearchParams } from 'react-router';
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
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  BarChartOutlined,
  CopyOutlined,
  DeleteOutlined,
  LinkOutlined,
  MailOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  DISPARADORES,
  ENCUESTAS_SORT,
  ETIQUETAS_DISPARADOR,
  ETIQUETAS_ORIGEN,
  ETIQUETAS_TIPO_PREGUNTA,
  MAX_DESTINATARIOS_ENCUESTA,
  MAX_PREGUNTAS,
  TIPOS_PREGUNTA,
  conOpciones,
  type EnlaceEncuesta,
  type EnlaceEncuestaForm,
  type Encuesta,
  type EncuestaForm,
  type EnviarEncuesta,
  type ResultadoPregunta,
} from '@predio/contract/pagina-web-encuestas';
import { Acciones } from '../../components/acciones-fila.tsx';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { useAvisos } from '../../components/foco.ts';
import { definirLista, texto } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { formatFecha, formatFechaHora, formatNumero } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  consultaTercerosEncuesta,
  useBorrarEncuesta,
  useBorrarEnlace,
  useCrearEnlaces,
  useEncuestas,
  useEnviarEncuesta,
  useEnlacesEncuesta,
  useGuardarEncuesta,
  useResultadosEncuesta,
} from './pagina-web-api.ts';
import './pagina-web.css';

const PATH = '/paginaweb/encuestas';
const lista = definirLista({ filtros: { q: texto() }, orden: ENCUESTAS_SORT });
const OPCIONES_TIPO = TIPOS_PREGUNTA.map((t) => ({ value: t, label: ETIQUETAS_TIPO_PREGUNTA[t] }));
const OPCIONES_DISPARADOR = DISPARADORES.map((d) => ({ value: d, label: ETIQUETAS_DISPARADOR[d] }));
/** The trigger in a few words, for the list. */
const DISPARADOR_CORTO: Record<Encuesta['disparador'], string> = {
  ninguno: 'Manual',
  visita: 'Tras visita',
  contrato: 'Tras contrato firmado',
  mantenimiento: 'Tras mantenimiento',
};
const automatico = (e: Encuesta) =>
  e.disparador === 'ninguno' ? (
    <Tag>Manual</Tag>
  ) : (
    <Tag color="blue">
      {DISPARADOR_CORTO[e.disparador]}
      {e.dias_espera ? ` + ${e.dias_espera} d` : ''}
    </Tag>
  );

const estadoDe = (e: Encuesta) => (e.activa ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>);

/** Página web > Encuestas (idm 10587): surveys, their one-answer links and their results. */
export function EncuestasPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, PATH);
  const encuestas = useEncuestas(lista.consulta(params, true));
  const borrar = useBorrarEncuesta();
  const [editando, setEditando] = useState<Encuesta | 'nueva' | null>(null);
  const [enlaces, setEnlaces] = useState<Encuesta | null>(null);
  const [enviando, setEnviando] = useState<Encuesta | null>(null);
  // The report links here with ?resultados=<id>: the results open on arrival.
  const [url, setUrl] = useSearchParams();
  const resultados = Number(url.get('resultados')) || null;
  const verResultados = (id: number | null) =>
    setUrl(
      (p) => {
        const n = new URLSearchParams(p);
        if (id) n.set('resultados', String(id));
        else n.delete('resultados');
        return n;
      },
      { replace: true },
    );

  const acciones = (e: Encuesta) => (
    <Acciones
      titulo={e.titulo}
      onEditar={() => setEditando(e)}
      confirmar={{
        pregunta: `¿Eliminar la encuesta «${e.titulo}»?`,
        detalle:
          e.respuestas > 0
            ? `Se borran también sus ${e.enlaces} enlaces y sus ${e.respuestas} respuestas.`
            : `Se borran también sus ${e.enlaces} enlaces.`,
      }}
      onEliminar={() => borrar.mutateAsync(e.id)}
    >
      <Tooltip title="Enviar por correo">
        <Button
          type="text"
          icon={<MailOutlined />}
          aria-label={`Enviar «${e.titulo}» por correo`}
          disabled={!e.activa}
          onClick={() => setEnviando(e)}
        />
      </Tooltip>
      <Tooltip title="Enlaces">
        <Button type="text" icon={<LinkOutlined />} aria-label={`Enlaces de «${e.titulo}»`} onClick={() => setEnlaces(e)} />
      </Tooltip>
      <Tooltip title="Resultados">
        <Button
          type="text"
          icon={<BarChartOutlined />}
          aria-label={`Resultados de «${e.titulo}»`}
          onClick={() => verResultados(e.id)}
        />
      </Tooltip>
    </Acciones>
  );

  const columnas: ColumnaLista<Encuesta>[] = [
    { key: 'titulo', dataIndex: 'titulo', title: 'Título', ordenable: true, fija: true },
    { key: 'preguntas', title: 'Preguntas', responsive: ['md'], render: (_: unknown, e) => e.preguntas.length },
    { key: 'enlaces', dataIndex: 'enlaces', title: 'Enlaces', responsive: ['md'] },
    { key: 'respuestas', dataIndex: 'respuestas', title: 'Respuestas', ordenable: true },
    { key: 'estado', title: 'Estado', render: (_: unknown, e) => estadoDe(e) },
    { key: 'automatico', title: 'Envío automático', responsive: ['lg'], render: (_: unknown, e) => automatico(e) },
    {
      key: 'acciones',
      fija: true,
      title: <span className="pagina-web-sr-only">Acciones</span>,
      render: (_: unknown, e) => acciones(e),
    },
  ];

  return (
    <Card title="Encuestas">
      <ListPage<Encuesta, (typeof ENCUESTAS_SORT)[number]>
        sustantivo={{ singular: 'encuesta', plural: 'encuestas' }}
        consulta={encuestas}
        columnas={columnas}
        claveColumnas="encuestas"
        estado={params}
        ordenPorDefecto={{ sort: 'creado_en', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }), placeholder: 'Buscar por título' }}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
            Nueva encuesta
          </Button>
        }
        vacio={{ texto: 'Aún no hay encuestas' }}
        tarjeta={(e) => (
          <div className="pagina-web-tarjeta apilada">
            <div>
              <strong>{e.titulo}</strong>
              <div>
                {estadoDe(e)}
                {automatico(e)}
              </div>
              <div>
                {e.respuestas} respuestas · {e.enlaces} enlaces
              </div>
            </div>
            {acciones(e)}
          </div>
        )}
        filaClave={(e) => e.id}
        tituloError="No se pudo cargar la lista de encuestas"
      />
      {editando !== null ? (
        <EncuestaDialogo
          key={editando === 'nueva' ? 'nueva' : editando.id}
          encuesta={editando === 'nueva' ? null : editando}
          onCerrar={() => setEditando(null)}
        />
      ) : null}
      {enlaces ? <EnlacesCajon encuesta={enlaces} onCerrar={() => setEnlaces(null)} /> : null}
      {enviando ? <EnviarDialogo encuesta={enviando} onCerrar={() => setEnviando(null)} /> : null}
      {resultados ? (
        <ResultadosCajon
          id={resultados}
          titulo={encuestas.data?.items.find((e) => e.id === resultados)?.titulo}
          onCerrar={() => verResultados(null)}
        />
      ) : null}
    </Card>
  );
}

const NUEVA: Partial<EncuestaForm> = {
  titulo: '',
  descripcion: '',
  activa: true,
  disparador: 'ninguno',
  dias_espera: 0,
  dias_vigencia: 30,
  preguntas: [
    { pregunta: '¿Qué tan satisfecho quedó con la atención?', tipo: 'escala', obligatoria: true, opciones: [] },
    { pregunta: '¿Nos recomendaría a un amigo?', tipo: 'si_no', obligatoria: true, opciones: [] },
    { pregunta: '¿Qué podemos mejorar?', tipo: 'texto', obligatoria: false, opciones: [] },
  ],
};

/** The builder: title, then the questions in order. Once answered, the questions stay (the server says so). */
function EncuestaDialogo({ encuesta, onCerrar }: { encuesta: Encuesta | null; onCerrar: () => void }) {
  const guardar = useGuardarEncuesta();
  const [form] = Form.useForm<EncuestaForm>();
  const respondida = (encuesta?.respuestas ?? 0) > 0;
  return (
    <ModalForm<EncuestaForm>
      open
      form={form}
      width={760}
      title={encuesta ? `Encuesta «${encuesta.titulo}»` : 'Nueva encuesta'}
      valores={encuesta ?? NUEVA}
      onGuardar={(v) => guardar.mutateAsync({ id: encuesta?.id ?? null, body: { ...v, preguntas: v.preguntas ?? [] } })}
      onCerrar={onCerrar}
      guardando={guardar.isPending}
    >
      <Form.Item
        name="titulo"
        label="Título"
        rules={[{ required: true, whitespace: true, message: 'El campo Título es obligatorio' }]}
      >
        <Input maxLength={160} />
      </Form.Item>
      <Form.Item name="descripcion" label="Descripción" extra="Se muestra encima de las preguntas.">
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item name="activa" label="Activa" valuePropName="checked" extra="Una encuesta inactiva no se puede responder.">
        <Switch />
      </Form.Item>
      <Typography.Title level={5}>Envío por correo</Typography.Title>
      <Form.Item
        name="disparador"
        label="Envío automático"
        initialValue="ninguno"
        extra="Cada hora se envía a quien corresponda, una sola vez por visita, contrato o solicitud. Solo cuentan los registros posteriores a esta elección."
      >
        <Select options={OPCIONES_DISPARADOR} />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item noStyle shouldUpdate={(a, b) => a.disparador !== b.disparador}>
          {() => (
            <Form.Item name="dias_espera" label="Días de espera" initialValue={0} extra="Tras la visita, la firma o el cierre.">
              <InputNumber min={0} max={90} disabled={form.getFieldValue('disparador') === 'ninguno'} addonAfter="días" />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item
          name="dias_vigencia"
          label="Vigencia del enlace"
          initialValue={30}
          extra="Después el enlace ya no se puede responder."
        >
          <InputNumber min={1} max={365} addonAfter="días" />
        </Form.Item>
      </Space>
      <Typography.Title level={5}>Preguntas</Typography.Title>
      {respondida ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`Esta encuesta ya tiene ${encuesta!.respuestas} respuestas: sus preguntas no se pueden cambiar.`}
        />
      ) : null}
      <Form.List name="preguntas">
        {(preguntas, { add, remove, move }, { errors }) => (
          <>
            {preguntas.map((c, i) => (
              <div key={c.key} className="formulario-campo" role="group" aria-label={`Pregunta ${i + 1}`}>
                <Form.Item
                  name={[c.name, 'pregunta']}
                  label="Pregunta"
                  rules={[{ required: true, whitespace: true, message: 'El campo Pregunta es obligatorio' }]}
                >
                  <Input maxLength={200} disabled={respondida} />
                </Form.Item>
                <Form.Item name={[c.name, 'tipo']} label="Tipo de pregunta" initialValue="escala">
                  <Select options={OPCIONES_TIPO} style={{ minWidth: 190 }} disabled={respondida} />
                </Form.Item>
                <Form.Item name={[c.name, 'obligatoria']} valuePropName="checked" label="Obligatoria" initialValue>
                  <Checkbox disabled={respondida} />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() =>
                    conOpciones(form.getFieldValue(['preguntas', c.name, 'tipo'])) ? (
                      <Form.Item
                        name={[c.name, 'opciones']}
                        label="Opciones"
                        className="formulario-opciones"
                        extra="Escriba cada opción y pulse Enter."
                      >
                        <Select mode="tags" open={false} tokenSeparators={[',']} aria-label="Opciones" disabled={respondida} />
                      </Form.Item>
                    ) : null
                  }
                </Form.Item>
                {respondida ? null : (
                  <Space className="formulario-campo-botones" size={0}>
                    <Button
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={`Subir la pregunta ${i + 1}`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    />
                    <Button
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={`Bajar la pregunta ${i + 1}`}
                      disabled={i === preguntas.length - 1}
                      onClick={() => move(i, i + 1)}
                    />
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Quitar la pregunta ${i + 1}`}
                      onClick={() => remove(i)}
                    />
                  </Space>
                )}
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            {respondida ? null : (
              <Button
                icon={<PlusOutlined />}
                disabled={preguntas.length >= MAX_PREGUNTAS}
                onClick={() => add({ pregunta: '', tipo: 'escala', obligatoria: true, opciones: [] })}
              >
                Agregar pregunta
              </Button>
            )}
          </>
        )}
      </Form.List>
    </ModalForm>
  );
}

/** The links of a survey: make new ones (for a person, or several to hand out), copy, delete unanswered. */
function EnlacesCajon({ encuesta, onCerrar }: { encuesta: Encuesta; onCerrar: () => void }) {
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const enlaces = useEnlacesEncuesta(encuesta.id, `page=${page}&pageSize=${pageSize}`);
  const crear = useCrearEnlaces();
  const borrar = useBorrarEnlace();
  const avisos = useAvisos();
  const { message } = App.useApp();
  const idEmpresa = useSession((s) => s.claims?.idempresa ?? 0);
  const [form] = Form.useForm<EnlaceEncuestaForm>();
  const [error, setError] = useState<string | null>(null);
  const urlDe = (l: EnlaceEncuesta) => `${window.location.origin}/sitio/${idEmpresa}/encuestas/${l.token}`;
  const copiar = async (l: EnlaceEncuesta) => {
    try {
      await navigator.clipboard.writeText(urlDe(l));
      void message.success('Enlace copiado');
    } catch {
      void message.info(urlDe(l));
    }
  };
  const enviar = async (v: EnlaceEncuestaForm) => {
    setError(null);
    try {
      await crear.mutateAsync({
        id: encuesta.id,
        body: { destinatario: v.destinatario ?? '', email: v.email ?? '', cantidad: v.cantidad ?? 1 },
      });
      form.resetFields();
      setPage(1);
    } catch (e) {
      if (e instanceof ApiError) setError(erroresEnCampos(form, e));
      else throw e;
    }
  };
  return (
    <AppDrawer open title={`Enlaces de «${encuesta.titulo}»`} size="large" onClose={onCerrar}>
      <Typography.Paragraph type="secondary">
        Cada enlace se responde una sola vez. Cree uno por persona (por ejemplo, después de una visita) o varios para repartir.
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form<EnlaceEncuestaForm> form={form} layout="vertical" onFinish={(v) => void enviar(v)} initialValues={{ cantidad: 1 }}>
        <Space wrap align="end">
          <Form.Item name="destinatario" label="Destinatario">
            <Input maxLength={120} placeholder="Opcional" />
          </Form.Item>
          <Form.Item name="email" label="Correo electrónico">
            <Input maxLength={120} placeholder="Opcional" />
          </Form.Item>
          <Form.Item name="cantidad" label="Cantidad">
            <InputNumber min={1} max={200} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={crear.isPending}>
              Crear enlaces
            </Button>
          </Form.Item>
        </Space>
      </Form>
      {enlaces.error ? (
        <Alert
          type="error"
          showIcon
          title="No se pudieron cargar los enlaces"
          action={<Button onClick={() => void enlaces.refetch()}>Reintentar</Button>}
        />
      ) : (
        <Table<EnlaceEncuesta>
          rowKey="id"
          size="small"
          loading={enlaces.isFetching}
          dataSource={enlaces.data?.items ?? []}
          locale={{ emptyText: <Empty description="Esta encuesta aún no tiene enlaces" /> }}
          pagination={{ current: page, pageSize, total: enlaces.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          scroll={{ x: true }}
          columns={[
            { key: 'creado', title: 'Creado', render: (_: unknown, l) => formatFechaHora(l.creado_en) },
            {
              key: 'destinatario',
              title: 'Destinatario',
              render: (_: unknown, l) => [l.destinatario, l.email].filter(Boolean).join(' · ') || '—',
            },
            { key: 'origen', title: 'Origen', render: (_: unknown, l) => ETIQUETAS_ORIGEN[l.origen] },
            {
              key: 'estado',
              title: 'Estado',
              render: (_: unknown, l) =>
                l.respondida_en ? (
                  <Tag color="green">Respondida {formatFechaHora(l.respondida_en)}</Tag>
                ) : l.vence_en && Date.parse(l.vence_en) < Date.now() ? (
                  <Tag color="red">Vencido el {formatFecha(l.vence_en)}</Tag>
                ) : (
                  <Tag>Sin responder{l.vence_en ? ` · vence el ${formatFecha(l.vence_en)}` : ''}</Tag>
                ),
            },
            {
              key: 'acciones',
              title: <span className="pagina-web-sr-only">Acciones</span>,
              render: (_: unknown, l) => (
                <Space size={0}>
                  <Tooltip title="Copiar enlace">
                    <Button
                      type="text"
                      icon={<CopyOutlined />}
                      aria-label={`Copiar el enlace ${l.id}`}
                      onClick={() => void copiar(l)}
                    />
                  </Tooltip>
                  <Tooltip title="Abrir">
                    <Button
                      type="text"
                      icon={<LinkOutlined />}
                      aria-label={`Abrir el enlace ${l.id}`}
                      href={urlDe(l)}
                      target="_blank"
                      rel="noopener"
                    />
                  </Tooltip>
                  {l.respondida_en ? null : (
                    <Tooltip title="Eliminar">
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Eliminar el enlace ${l.id}`}
                        onClick={() =>
                          avisos.confirm({
                            title: '¿Eliminar este enlace?',
                            content: 'Quien lo tenga ya no podrá responder la encuesta.',
                            okText: 'Eliminar',
                            okButtonProps: { danger: true },
                            cancelText: 'Cancelar',
                            onOk: () => borrar.mutateAsync({ id: encuesta.id, enlace: l.id }),
                          })
                        }
                      />
                    </Tooltip>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
    </AppDrawer>
  );
}

/** One question's result: bars per value (a scale, yes/no, options) or the latest texts. */
function Resultado({ p }: { p: ResultadoPregunta }) {
  const max = Math.max(1, ...p.conteos.map((c) => c.n));
  return (
    <section className="encuesta-resultado" aria-label={`Pregunta ${p.indice}`}>
      <Typography.Text strong>
        {p.indice}. {p.pregunta}
      </Typography.Text>
      <div className="encuesta-resultado-datos">
        {ETIQUETAS_TIPO_PREGUNTA[p.tipo]} · {p.respuestas} respuestas
        {p.promedio !== null ? ` · promedio ${formatNumero(p.promedio)} / ${p.tipo === 'nps' ? 10 : 5}` : ''}
        {p.nps !== null ? ` · NPS ${p.nps > 0 ? '+' : ''}${formatNumero(p.nps)}` : ''}
      </div>
      {p.tipo === 'texto' ? (
        p.textos.length ? (
          <ul className="encuesta-textos">
            {p.textos.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">Sin comentarios.</Typography.Text>
        )
      ) : (
        <dl className="encuesta-barras">
          {p.conteos.map((c) => (
            <div key={c.valor}>
              <dt>{c.valor}</dt>
              <dd>
                <span className="encuesta-barra" style={{ width: `${(100 * c.n) / max}%` }} />
                <span>
                  {c.n}
                  {p.respuestas ? ` (${Math.round((100 * c.n) / p.respuestas)} %)` : ''}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function ResultadosCajon({ id, titulo, onCerrar }: { id: number; titulo: string | undefined; onCerrar: () => void }) {
  const r = useResultadosEncuesta(id);
  return (
    <AppDrawer open title={titulo ? `Resultados de «${titulo}»` : 'Resultados de la encuesta'} size="large" onClose={onCerrar}>
      {r.isLoading ? (
        <Spin />
      ) : r.error ? (
        <Alert
          type="error"
          showIcon
          title="No se pudieron cargar los resultados"
          action={<Button onClick={() => void r.refetch()}>Reintentar</Button>}
        />
      ) : r.data ? (
        <>
          <Typography.Paragraph>
            {r.data.respuestas} respuestas de {r.data.enlaces} enlaces.
          </Typography.Paragraph>
          {r.data.respuestas === 0 ? <Empty description="Aún no hay respuestas" /> : null}
          {r.data.respuestas > 0 ? r.data.preguntas.map((p) => <Resultado key={p.indice} p={p} />) : null}
        </>
      ) : null}
    </AppDrawer>
  );
}

/** «Enviar»: terceros with an e-mail, each sent a personal link that answers once and expires. */
function EnviarDialogo({ encuesta, onCerrar }: { encuesta: Encuesta; onCerrar: () => void }) {
  const enviar = useEnviarEncuesta();
  const { message } = App.useApp();
  return (
    <ModalForm<EnviarEncuesta>
      open
      title={`Enviar «${encuesta.titulo}» por correo`}
      okText="Enviar"
      valores={{ terceros: [] }}
      onGuardar={async (v) => {
        const r = await enviar.mutateAsync({ id: encuesta.id, body: { terceros: v.terceros ?? [] } });
        void message.success(`Encuesta enviada a ${r.enviados === 1 ? r.destinatarios[0] : `${r.enviados} personas`}`);
      }}
      onCerrar={onCerrar}
      guardando={enviar.isPending}
    >
      <Typography.Paragraph type="secondary">
        Cada persona recibe un correo con un enlace personal: se responde una sola vez y vence en {encuesta.dias_vigencia} días.
      </Typography.Paragraph>
      <Form.Item
        name="terceros"
        label="Destinatarios"
        rules={[{ required: true, type: 'array', min: 1, message: 'Elija al menos un tercero' }]}
        extra={`Terceros con correo electrónico; hasta ${MAX_DESTINATARIOS_ENCUESTA}.`}
      >
        <RemoteSelect
          multiple
          fuente="encuestas:terceros"
          opciones={consultaTercerosEncuesta}
          placeholder="Busque por nombre o documento"
          aria-label="Destinatarios"
        />
      </Form.Item>
    </ModalForm>
  );
}
