import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CheckCircleOutlined, EyeOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_GENERAR_CARTA as G,
  type Carta,
  type GenerarCartaIn,
  type PlantillaCartaFormIn,
  type PlantillaCartaResumen,
} from '@predio/contract/gestion-documental-cartas';
import type { GrupoCampos } from '@predio/contract/documentos';
import type { Radicado } from '@predio/contract/gestion-documental';
import { Acciones } from '../../components/acciones-fila.tsx';
import { AppModal } from '../../components/app-modal.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { useOpcionesRadicado, useRadicado, useTercerosRadicado } from './api/radicados.ts';
import {
  revisarCarta,
  useBorrarPlantillaCarta,
  useCamposCarta,
  useCartas,
  useGenerarCarta,
  useGuardarPlantillaCarta,
  useOpcionesCarta,
  usePlantillaCarta,
  usePlantillasCarta,
  vistaPreviaCarta,
} from './api/cartas.ts';
import './gestion-documental.css';

const EditorPlantilla = lazy(() =>
  import('../../components/editor-plantilla/editor-plantilla.tsx').then((m) => ({ default: m.EditorPlantilla })),
);

/** antd's Select sizes to its content inside a Space: a fixed width that still fits a phone. */
const ANCHO_MEDIO = 'min(260px, calc(100vw - 96px))';
const mensajeDe = (e: unknown) => (e instanceof Error ? e.message : String(e));
const conCodigo = (o: { nombre: string; codigo: string | null }) => (o.codigo ? `${o.codigo} · ${o.nombre}` : o.nombre);
const obligatorio = (label: string) => [{ required: true, whitespace: true, message: `El campo ${label} es obligatorio` }];
/** For a choice (a number): antd's `whitespace` would check it as text and refuse it. */
const elegido = (label: string) => [{ required: true, message: `El campo ${label} es obligatorio` }];
export const enlaceRadicado = (id: number) => `/gestion-documental/gestion-documental?abrir=${id}`;

/** The editor as a form control: antd's Form.Item hands it value and onChange. */
function CampoContenido({ value, onChange, campos }: { value?: string; onChange?: (v: string) => void; campos: GrupoCampos[] }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <EditorPlantilla
        value={value ?? '<p></p>'}
        onChange={(v) => onChange?.(v)}
        campos={campos}
        etiqueta="Contenido de la carta"
      />
    </Suspense>
  );
}

/**
 * Plantillas de cartas (idm 10580): letters written with merge fields; «Generar carta» fills one for a
 * tercero, files it as a radicado de salida with its PDF on the letterhead and can e-mail it.
 */
export function PlantillasCartasPage() {
  const lista = usePlantillasCarta();
  const borrar = useBorrarPlantillaCarta();
  const { message } = App.useApp();
  const [editando, setEditando] = useState<{ id: number | null } | null>(null);
  const [generando, setGenerando] = useState<AbrirGenerar | null>(null);
  const [ultima, setUltima] = useState<Carta | null>(null);
  // «Responder con carta» from a radicado de entrada opens the form answering it (?responder=<id>).
  const [sp, setSp] = useSearchParams();
  const responder = Number(sp.get('responder')) || null;
  const entrada = useRadicado(responder);
  const opcionesCarta = useOpcionesCarta();
  const modelo = opcionesCarta.data?.plantillas.find((p) => p.nombre === 'Respuesta a comunicación recibida');
  const abiertoGenerar: AbrirGenerar | null =
    generando ??
    (responder !== null && entrada.data && opcionesCarta.data
      ? { responde_a: entrada.data, ...(modelo ? { id_plantilla: modelo.id } : {}) }
      : null);

  return (
    <Space orientation="vertical" size={16} className="trd-pagina">
      <Card title="Plantillas de cartas">
        <Typography.Paragraph type="secondary">
          Cartas con campos combinables (tercero, inmueble, contrato, empresa, radicado y fecha en letras). Al generar una carta
          queda radicada como salida, con su PDF en el membrete de la empresa, y puede enviarse por correo.
        </Typography.Paragraph>
        <Space wrap className="gd-cartas-botones">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando({ id: null })}>
            Nueva plantilla
          </Button>
          <Button icon={<FileTextOutlined />} onClick={() => setGenerando({})}>
            Generar carta
          </Button>
        </Space>
        {ultima ? (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setUltima(null)}
            className="gd-config-alerta"
            title={
              <span>
                Carta radicada con el número <Link to={enlaceRadicado(ultima.radicado.id)}>{ultima.radicado.radicado}</Link>
                {ultima.email ? ` y enviada a ${ultima.email}` : ''}.
              </span>
            }
          />
        ) : null}
        {lista.isError ? (
          <ErrorDeCarga
            titulo="No se pudieron cargar las plantillas"
            error={lista.error}
            onReintentar={() => void lista.refetch()}
          />
        ) : (
          <Table<PlantillaCartaResumen>
            size="small"
            rowKey="id"
            loading={lista.isPending}
            dataSource={lista.data ?? []}
            scroll={{ x: 720 }}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            aria-label="Plantillas de cartas"
            locale={{ emptyText: 'Aún no hay plantillas' }}
            columns={[
              {
                key: 'nombre',
                title: 'Nombre',
                render: (_v, p) => (
                  <Space size={4} wrap>
                    <span>{p.nombre}</span>
                    {p.activa ? null : <Tag>Inactiva</Tag>}
                  </Space>
                ),
              },
              { key: 'asunto', title: 'Asunto', dataIndex: 'asunto' },
              { key: 'cartas', title: 'Cartas', dataIndex: 'cartas', width: 80 },
              {
                key: 'actualizado',
                title: 'Modificada',
                width: 170,
                render: (_v, p) => `${formatFechaHora(p.actualizado)} · ${p.actualizado_por}`,
              },
              {
                key: 'fila',
                title: '',
                width: 190,
                render: (_v, p) => (
                  <Space size={4}>
                    <Button
                      size="small"
                      disabled={!p.activa}
                      onClick={() => setGenerando({ id_plantilla: p.id })}
                      aria-label={`Generar carta con ${p.nombre}`}
                    >
                      Generar
                    </Button>
                    <Acciones
                      titulo={p.nombre}
                      onEditar={() => setEditando({ id: p.id })}
                      confirmar={{ pregunta: '¿Eliminar la plantilla?', detalle: `Se elimina «${p.nombre}».` }}
                      onEliminar={() => borrar.mutateAsync(p.id).then(() => message.success('Plantilla eliminada'))}
                    />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <CartasGeneradas />
      {editando ? <EditarPlantilla id={editando.id} onCerrar={() => setEditando(null)} /> : null}
      <GenerarCarta
        abierto={abiertoGenerar}
        onCerrar={() => {
          setGenerando(null);
          if (responder !== null) setSp({}, { replace: true });
        }}
        onGenerada={(c) => {
          setUltima(c);
          void message.success(
            c.responde_a
              ? `Carta radicada: ${c.radicado.radicado}, en respuesta a ${c.responde_a.radicado}`
              : `Carta radicada: ${c.radicado.radicado}`,
          );
        }}
      />
    </Space>
  );
}

type ValoresPlantilla = PlantillaCartaFormIn;

function EditarPlantilla({ id, onCerrar }: { id: number | null; onCerrar: () => void }) {
  const plantilla = usePlantillaCarta(id);
  const campos = useCamposCarta();
  const guardar = useGuardarPlantillaCarta();
  const { message } = App.useApp();
  const [form] = Form.useForm<ValoresPlantilla>();
  const [problemas, setProblemas] = useState<string[] | null>(null);
  const [previa, setPrevia] = useState<string | null>(null);
  const cargando = (id !== null && plantilla.isPending) || campos.isPending;

  const revisar = async () => {
    try {
      const r = await revisarCarta(form.getFieldValue('contenido') ?? '');
      setProblemas(r.problemas.map((p) => (p.linea ? `Línea ${p.linea}: ${p.mensaje}` : p.mensaje)));
    } catch (e) {
      setProblemas([mensajeDe(e)]);
    }
  };
  const verPrevia = async () => {
    try {
      setPrevia((await vistaPreviaCarta(form.getFieldValue('contenido') ?? '')).html);
    } catch (e) {
      setProblemas([mensajeDe(e)]);
    }
  };

  return (
    <>
      <ModalForm<ValoresPlantilla>
        open
        width={960}
        title={id === null ? 'Nueva plantilla de carta' : `Plantilla «${plantilla.data?.nombre ?? ''}»`}
        form={form}
        valores={
          plantilla.data
            ? {
                nombre: plantilla.data.nombre,
                asunto: plantilla.data.asunto,
                contenido: plantilla.data.contenido,
                activa: plantilla.data.activa,
              }
            : { nombre: '', asunto: '', contenido: '<p></p>', activa: true }
        }
        guardando={guardar.isPending}
        onCerrar={onCerrar}
        onGuardar={async (v) => {
          await guardar.mutateAsync({ id, body: { ...v, activa: v.activa ?? true } });
          void message.success('Plantilla guardada');
        }}
      >
        {cargando ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            <Space wrap align="start">
              <Form.Item name="nombre" label="Nombre" rules={obligatorio('Nombre')}>
                <Input maxLength={120} className="gd-campo-ancho" />
              </Form.Item>
              <Form.Item name="asunto" label="Asunto" rules={obligatorio('Asunto')}>
                <Input maxLength={300} className="gd-campo-ancho" />
              </Form.Item>
              <Form.Item name="activa" label="Activa" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            {campos.isError ? (
              <ErrorDeCarga titulo="No se pudieron cargar los campos" onReintentar={() => void campos.refetch()} />
            ) : (
              <Form.Item
                name="contenido"
                label="Contenido"
                rules={[{ required: true, message: 'El campo Contenido es obligatorio' }]}
              >
                <CampoContenido campos={campos.data ?? []} />
              </Form.Item>
            )}
            {problemas !== null ? (
              problemas.length === 0 ? (
                <Alert type="success" showIcon title="La plantilla no tiene errores." className="gd-config-alerta" />
              ) : (
                <Alert
                  type="warning"
                  showIcon
                  title="Errores en la plantilla"
                  className="gd-config-alerta"
                  description={
                    <ul className="gd-lista-problemas">
                      {problemas.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  }
                />
              )
            ) : null}
            <Space wrap>
              <Button icon={<CheckCircleOutlined />} onClick={() => void revisar()}>
                Revisar campos
              </Button>
              <Button icon={<EyeOutlined />} onClick={() => void verPrevia()}>
                Vista previa
              </Button>
            </Space>
          </>
        )}
      </ModalForm>
      <AppModal
        open={previa !== null}
        title="Vista previa con datos de ejemplo"
        footer={null}
        width={900}
        onCancel={() => setPrevia(null)}
      >
        {previa !== null ? <SafeHtml html={previa} className="gd-carta-previa" /> : null}
      </AppModal>
    </>
  );
}

type AbrirGenerar = { id_plantilla?: number; responde_a?: Radicado };
type ValoresGenerar = Omit<GenerarCartaIn, 'id_tercero' | 'id_area' | 'id_plantilla'> & {
  id_plantilla?: number;
  id_tercero?: number;
  id_area?: number;
};

function GenerarCarta({
  abierto,
  onCerrar,
  onGenerada,
}: {
  abierto: AbrirGenerar | null;
  onCerrar: () => void;
  onGenerada: (c: Carta) => void;
}) {
  const [form] = Form.useForm<ValoresGenerar>();
  const opciones = useOpcionesCarta();
  const maestros = useOpcionesRadicado();
  const generar = useGenerarCarta();
  const [buscar, setBuscar] = useState('');
  const terceros = useTercerosRadicado(buscar);
  const serie = Form.useWatch('id_serie', form);
  const enviar = Form.useWatch('enviar_correo', form);
  const m = maestros.data;
  const entrada = abierto?.responde_a;

  return (
    <ModalForm<ValoresGenerar>
      open={abierto !== null}
      width={640}
      title="Generar carta"
      okText="Generar y radicar"
      form={form}
      valores={{
        id_plantilla: abierto?.id_plantilla,
        enviar_correo: false,
        asunto: '',
        email: '',
        // Answering: to the entrada's sender, from the área it was filed to.
        ...(entrada ? { id_area: entrada.area.id, ...(entrada.tercero ? { id_tercero: entrada.tercero.id } : {}) } : {}),
      }}
      guardando={generar.isPending}
      onCerrar={onCerrar}
      onGuardar={async (v) => {
        const c = await generar.mutateAsync({
          ...v,
          id_plantilla: v.id_plantilla as number,
          id_tercero: v.id_tercero as number,
          id_area: v.id_area as number,
          inmueble: v.inmueble ?? null,
          id_contrato: v.id_contrato ?? null,
          id_serie: v.id_serie ?? null,
          id_subserie: v.id_subserie ?? null,
          id_tipo_documental: v.id_tipo_documental ?? null,
          id_responde_a: entrada?.id ?? null,
        });
        onGenerada(c);
      }}
    >
      {entrada ? (
        <Alert
          type="info"
          showIcon
          className="gd-config-alerta"
          title={`${G.id_responde_a}: ${entrada.radicado}`}
          description={`«${entrada.asunto}». Al generarla, el radicado queda «Respondido» y enlazado con esta carta.`}
        />
      ) : null}
      <Form.Item name="id_plantilla" label={G.id_plantilla} rules={elegido(G.id_plantilla)}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={opciones.isPending}
          options={(opciones.data?.plantillas ?? []).map((p) => ({ value: p.id, label: p.nombre }))}
        />
      </Form.Item>
      <Form.Item name="id_tercero" label={G.id_tercero} rules={elegido(G.id_tercero)}>
        <Select
          showSearch={{ filterOption: false, onSearch: setBuscar }}
          placeholder="Busque por nombre o documento"
          options={[
            ...(entrada?.tercero && !(terceros.data ?? []).some((t) => t.id === entrada.tercero?.id) ? [entrada.tercero] : []),
            ...(terceros.data ?? []),
          ].map((t) => ({ value: t.id, label: `${t.nombre} · ${t.nro_id}` }))}
          notFoundContent={terceros.isFetching ? 'Buscando…' : 'Sin coincidencias'}
        />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="inmueble" label={G.inmueble} extra="Número del inmueble (opcional).">
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name="id_contrato" label={G.id_contrato}>
          <Select
            allowClear
            style={{ width: ANCHO_MEDIO }}
            showSearch={{ optionFilterProp: 'label' }}
            options={(opciones.data?.contratos ?? []).map((c) => ({
              value: c.id,
              label: `${c.numero} · inmueble ${c.inmueble}`,
            }))}
          />
        </Form.Item>
      </Space>
      <Form.Item name="asunto" label={G.asunto} extra="Vacío: el asunto de la plantilla.">
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item name="id_area" label={G.id_area} rules={elegido(G.id_area)}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={maestros.isPending}
          options={(m?.areas ?? []).map((a) => ({ value: a.id, label: conCodigo(a) }))}
        />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="id_serie" label={G.id_serie}>
          <Select
            allowClear
            style={{ width: ANCHO_MEDIO }}
            showSearch={{ optionFilterProp: 'label' }}
            options={(m?.series ?? []).map((s) => ({ value: s.id, label: conCodigo(s) }))}
            onChange={() => form.setFieldValue('id_subserie', undefined)}
          />
        </Form.Item>
        <Form.Item name="id_subserie" label={G.id_subserie}>
          <Select
            allowClear
            style={{ width: ANCHO_MEDIO }}
            disabled={!serie}
            placeholder={serie ? undefined : 'Elija primero la serie'}
            showSearch={{ optionFilterProp: 'label' }}
            options={(m?.subseries ?? []).filter((s) => s.id_serie === serie).map((s) => ({ value: s.id, label: conCodigo(s) }))}
          />
        </Form.Item>
      </Space>
      <Form.Item name="id_tipo_documental" label={G.id_tipo_documental}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(m?.tipos_documentales ?? []).map((t) => ({ value: t.id, label: t.nombre }))}
        />
      </Form.Item>
      <Form.Item name="enviar_correo" valuePropName="checked">
        <Checkbox>Enviar la carta por correo al destinatario</Checkbox>
      </Form.Item>
      {enviar ? (
        <Form.Item name="email" label={G.email} extra="Vacío: el correo del tercero.">
          <Input type="email" maxLength={200} />
        </Form.Item>
      ) : null}
    </ModalForm>
  );
}

function CartasGeneradas() {
  const cartas = useCartas();
  return (
    <Card title="Cartas generadas">
      {cartas.isError ? (
        <ErrorDeCarga titulo="No se pudieron cargar las cartas" error={cartas.error} onReintentar={() => void cartas.refetch()} />
      ) : (
        <Table<Carta>
          size="small"
          rowKey="id"
          loading={cartas.isPending}
          dataSource={cartas.data ?? []}
          scroll={{ x: 760 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          aria-label="Cartas generadas"
          locale={{ emptyText: 'Aún no se han generado cartas' }}
          columns={[
            {
              key: 'radicado',
              title: 'Radicado',
              width: 170,
              render: (_v, c) => <Link to={enlaceRadicado(c.radicado.id)}>{c.radicado.radicado}</Link>,
            },
            { key: 'fecha', title: 'Generada', width: 150, render: (_v, c) => formatFechaHora(c.creado_en) },
            { key: 'tercero', title: 'Destinatario', render: (_v, c) => `${c.tercero.nombre} · ${c.tercero.nro_id}` },
            {
              key: 'responde_a',
              title: 'Responde a',
              width: 170,
              render: (_v, c) => (c.responde_a ? <Link to={enlaceRadicado(c.responde_a.id)}>{c.responde_a.radicado}</Link> : '—'),
            },
            { key: 'asunto', title: 'Asunto', dataIndex: 'asunto' },
            { key: 'plantilla', title: 'Plantilla', dataIndex: 'plantilla' },
            { key: 'email', title: 'Correo', render: (_v, c) => c.email ?? '—' },
          ]}
        />
      )}
    </Card>
  );
}
