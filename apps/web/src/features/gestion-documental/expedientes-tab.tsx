import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Grid, Input, Select, Space, Table, Tag, Typography } from 'antd';
import {
  DeleteOutlined,
  FilePdfOutlined,
  FolderOpenOutlined,
  LockOutlined,
  PlusOutlined,
  SafetyOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import {
  AGRUPA_EXPEDIENTE,
  ETIQUETAS_AGRUPA,
  ETIQUETAS_EXPEDIENTE as L,
  ETIQUETAS_ESTADO_EXPEDIENTE,
  ETIQUETAS_FASE,
  ETIQUETAS_RETENCION,
  ZExpedienteForm,
  ZRetencionLegal,
  type AgrupaExpediente,
  type EstadoExpediente,
  type Expediente,
  type ExpedienteDetalle,
  type ExpedienteFormIn,
  type RetencionLegalIn,
} from '@predio/contract/gestion-documental-expedientes';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { SelectContrato, SelectInmueble } from './selectores-relacionados.tsx';
import { descargar } from '../../lib/descargar.ts';
import { formatFecha } from '../../lib/format.ts';
import {
  useAgregarRadicado,
  useCerrarExpediente,
  useCrearExpediente,
  useExpediente,
  useExpedientes,
  useQuitarRadicado,
  useReabrirExpediente,
  useRetencionLegal,
  urlActa,
} from './api/expedientes.ts';
import { useOpcionesRadicado, useRadicados, useTercerosRadicado } from './api/radicados.ts';

const anios = (n: number | null) => `${n ?? 0} ${n === 1 ? 'año' : 'años'}`;
const fecha = (d: string | null) => (d ? formatFecha(`${d}T12:00:00`) : '—');
const campo = (k: keyof ExpedienteFormIn) => zodRule(ZExpedienteForm.shape[k], L[k as keyof typeof L]);

/** What the expediente groups, in words: «Inmueble 12 · Calle 10», «Tercero Ana Ruiz». */
export function queAgrupa(e: Expediente): string {
  if (e.agrupa === 'inmueble' && e.inmueble) return `Inmueble ${e.inmueble.consecutivo} · ${e.inmueble.direccion}`;
  if (e.agrupa === 'contrato' && e.contrato) return `Contrato ${e.contrato.consecutivo}`;
  if (e.agrupa === 'tercero' && e.tercero) return `Tercero ${e.tercero.nombre}`;
  return `Subserie ${e.subserie.codigo ? `${e.subserie.codigo} ` : ''}${e.subserie.nombre}`;
}

const EstadoTag = ({ e }: { e: EstadoExpediente }) => (
  <Tag color={e === 'abierto' ? 'green' : 'default'}>{ETIQUETAS_ESTADO_EXPEDIENTE[e]}</Tag>
);

/**
 * Expedientes (a tab of Gestión documental, idm 10579): the files that group radicados per inmueble,
 * contrato, tercero or subserie; opening one, adding its radicados, closing it (its retention clock).
 */
export function ExpedientesTab({ puedeEditar }: { puedeEditar: boolean }) {
  const [q, setQ] = useState('');
  const [estado, setEstado] = useState<EstadoExpediente | undefined>();
  const [abierto, setAbierto] = useState<number | null>(null);
  const [nuevo, setNuevo] = useState(false);
  const movil = Grid.useBreakpoint().md === false;
  const lista = useExpedientes({ q: q || undefined, estado, pageSize: 100 });

  return (
    <Card
      title="Expedientes"
      extra={
        puedeEditar ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNuevo(true)} aria-label="Abrir expediente">
            {movil ? 'Abrir' : 'Abrir expediente'}
          </Button>
        ) : null
      }
    >
      <Space wrap className="gd-expedientes-filtros">
        <Input.Search
          allowClear
          aria-label="Buscar expedientes"
          placeholder="Número, nombre o tercero"
          onSearch={(v) => setQ(v.trim())}
          className="gd-filtro"
        />
        <Select
          allowClear
          aria-label="Estado del expediente"
          placeholder="Abiertos y cerrados"
          value={estado}
          options={(['abierto', 'cerrado'] as const).map((e) => ({ value: e, label: ETIQUETAS_ESTADO_EXPEDIENTE[e] }))}
          onChange={(v?: EstadoExpediente) => setEstado(v)}
          className="gd-filtro"
        />
      </Space>
      {lista.isError ? (
        <ErrorDeCarga
          titulo="No se pudieron cargar los expedientes"
          error={lista.error}
          onReintentar={() => void lista.refetch()}
        />
      ) : (
        <Table<Expediente>
          rowKey="id"
          size="middle"
          loading={lista.isPending}
          dataSource={lista.data?.items ?? []}
          pagination={false}
          scroll={{ x: movil ? undefined : 900 }}
          locale={{ emptyText: <Empty description={q || estado ? 'Ningún expediente coincide.' : 'Aún no hay expedientes'} /> }}
          columns={
            movil
              ? [
                  {
                    key: 'expediente',
                    title: 'Expediente',
                    render: (_v, e) => (
                      <div className="gd-tarjeta">
                        <div className="gd-tarjeta-cabeza">
                          <Button type="link" className="gd-enlace" onClick={() => setAbierto(e.id)}>
                            {e.numero}
                          </Button>
                          <EstadoTag e={e.estado} />
                        </div>
                        <span>{e.nombre}</span>
                        <Typography.Text type="secondary">
                          {queAgrupa(e)} · {e.radicados} {e.radicados === 1 ? 'radicado' : 'radicados'}
                        </Typography.Text>
                      </div>
                    ),
                  },
                ]
              : [
                  {
                    key: 'numero',
                    title: 'Número',
                    width: 150,
                    render: (_v, e) => (
                      <Button type="link" className="gd-enlace" onClick={() => setAbierto(e.id)}>
                        {e.numero}
                      </Button>
                    ),
                  },
                  { key: 'nombre', title: 'Nombre', dataIndex: 'nombre' },
                  { key: 'agrupa', title: 'Agrupa', render: (_v, e) => queAgrupa(e) },
                  {
                    key: 'subserie',
                    title: 'Serie / subserie',
                    render: (_v, e) => `${e.serie.nombre} / ${e.subserie.nombre}`,
                  },
                  { key: 'radicados', title: 'Radicados', dataIndex: 'radicados', width: 100 },
                  { key: 'estado', title: 'Estado', width: 100, render: (_v, e) => <EstadoTag e={e.estado} /> },
                  { key: 'vence', title: 'Fin en gestión', width: 130, render: (_v, e) => fecha(e.vence_gestion) },
                ]
          }
        />
      )}
      <AppDrawer
        open={abierto !== null}
        onClose={() => setAbierto(null)}
        title="Expediente"
        size={movil ? 'default' : 'large'}
        destroyOnHidden
      >
        {abierto !== null ? <DetalleExpediente id={abierto} puedeEditar={puedeEditar} /> : null}
      </AppDrawer>
      <NuevoExpediente abierto={nuevo} onCerrar={() => setNuevo(false)} onCreado={(id) => setAbierto(id)} />
    </Card>
  );
}

function NuevoExpediente({
  abierto,
  onCerrar,
  onCreado,
}: {
  abierto: boolean;
  onCerrar: () => void;
  onCreado: (id: number) => void;
}) {
  const [form] = Form.useForm<ExpedienteFormIn>();
  const crear = useCrearExpediente();
  const opciones = useOpcionesRadicado();
  const [buscarTercero, setBuscarTercero] = useState('');
  const terceros = useTercerosRadicado(buscarTercero);
  const agrupa = Form.useWatch('agrupa', form) as AgrupaExpediente | undefined;
  const serie = Form.useWatch('id_serie', form) as number | undefined;
  return (
    <ModalForm<ExpedienteFormIn>
      open={abierto}
      title="Abrir expediente"
      okText="Abrir"
      form={form}
      valores={{ agrupa: 'inmueble', observaciones: '' }}
      guardando={crear.isPending}
      onCerrar={onCerrar}
      onGuardar={async (v) => onCreado((await crear.mutateAsync(v)).id)}
      formProps={{ layout: 'vertical' }}
    >
      <Form.Item name="nombre" label={L.nombre} rules={[campo('nombre')]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="agrupa" label={L.agrupa} rules={[campo('agrupa')]}>
        <Select options={AGRUPA_EXPEDIENTE.map((a) => ({ value: a, label: ETIQUETAS_AGRUPA[a] }))} />
      </Form.Item>
      <Form.Item name="id_serie" label={L.id_serie} rules={[campo('id_serie')]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={(opciones.data?.series ?? []).map((s) => ({
            value: s.id,
            label: s.codigo ? `${s.codigo} ${s.nombre}` : s.nombre,
          }))}
          onChange={() => form.setFieldValue('id_subserie', undefined)}
        />
      </Form.Item>
      <Form.Item
        name="id_subserie"
        label={L.id_subserie}
        rules={[campo('id_subserie')]}
        extra="Su retención (TRD) corre desde que el expediente se cierra."
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={(opciones.data?.subseries ?? [])
            .filter((s) => s.id_serie === serie)
            .map((s) => ({ value: s.id, label: s.codigo ? `${s.codigo} ${s.nombre}` : s.nombre }))}
        />
      </Form.Item>
      {agrupa === 'inmueble' ? (
        <Form.Item
          name="inmueble"
          label={L.inmueble}
          rules={[campo('inmueble'), { required: true, message: `El campo ${L.inmueble} es obligatorio` }]}
        >
          <SelectInmueble />
        </Form.Item>
      ) : null}
      {agrupa === 'contrato' ? (
        <Form.Item
          name="id_contrato"
          label={L.id_contrato}
          rules={[campo('id_contrato'), { required: true, message: `El campo ${L.id_contrato} es obligatorio` }]}
        >
          <SelectContrato />
        </Form.Item>
      ) : null}
      <Form.Item
        name="id_tercero"
        label={L.id_tercero}
        rules={[
          campo('id_tercero'),
          ...(agrupa === 'tercero' ? [{ required: true, message: `El campo ${L.id_tercero} es obligatorio` }] : []),
        ]}
      >
        <Select
          allowClear
          showSearch={{ filterOption: false, onSearch: setBuscarTercero }}
          placeholder="Buscar por nombre o documento"
          options={(terceros.data ?? []).map((t) => ({ value: t.id, label: `${t.nombre} · ${t.nro_id}` }))}
        />
      </Form.Item>
      <Form.Item name="observaciones" label={L.observaciones} rules={[campo('observaciones')]}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
    </ModalForm>
  );
}

export function DetalleExpediente({ id, puedeEditar }: { id: number; puedeEditar: boolean }) {
  const e = useExpediente(id);
  if (e.isError)
    return <ErrorDeCarga titulo="No se pudo abrir el expediente" error={e.error} onReintentar={() => void e.refetch()} />;
  if (!e.data) return <Typography.Text type="secondary">Cargando…</Typography.Text>;
  return <Detalle e={e.data} puedeEditar={puedeEditar} />;
}

function Detalle({ e, puedeEditar }: { e: ExpedienteDetalle; puedeEditar: boolean }) {
  const avisos = useAvisos();
  const { message } = App.useApp();
  const cerrar = useCerrarExpediente();
  const reabrir = useReabrirExpediente();
  const quitar = useQuitarRadicado();
  const editable = puedeEditar && e.estado === 'abierto';
  const ss = e.subserie;
  return (
    <div className="gd-expediente">
      <Typography.Title level={4}>
        {e.numero} · {e.nombre} <EstadoTag e={e.estado} />
        {e.fase !== 'gestion' ? <Tag color={e.fase === 'eliminado' ? 'red' : 'blue'}>{ETIQUETAS_FASE[e.fase]}</Tag> : null}
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Agrupa">{queAgrupa(e)}</Descriptions.Item>
        {e.agrupa !== 'tercero' && e.tercero ? <Descriptions.Item label="Tercero">{e.tercero.nombre}</Descriptions.Item> : null}
        <Descriptions.Item label="Serie / subserie">
          {e.serie.nombre} / {ss.nombre}
        </Descriptions.Item>
        <Descriptions.Item label="Retención (TRD)">
          {anios(ss.anios_gestion)} en gestión, {anios(ss.anios_central)} en central
        </Descriptions.Item>
        <Descriptions.Item label="Abierto">{fecha(e.abierto_en)}</Descriptions.Item>
        {e.estado === 'cerrado' ? (
          <>
            <Descriptions.Item label="Cerrado">
              {fecha(e.cerrado_en)} · {e.cerrado_por}
            </Descriptions.Item>
            <Descriptions.Item label="Fin en archivo de gestión">{fecha(e.vence_gestion)}</Descriptions.Item>
            <Descriptions.Item label="Fin en archivo central">{fecha(e.vence_central)}</Descriptions.Item>
          </>
        ) : null}
        {e.estado === 'cerrado' ? <Descriptions.Item label="Fase">{ETIQUETAS_FASE[e.fase]}</Descriptions.Item> : null}
        {e.transferido_en ? (
          <Descriptions.Item label="Transferido al central">
            {fecha(e.transferido_en)} · {e.transferido_por}
          </Descriptions.Item>
        ) : null}
        {e.dispuesto_en ? (
          <Descriptions.Item label={e.fase === 'eliminado' ? 'Eliminado' : 'Conservado'}>
            {fecha(e.dispuesto_en)} · {e.dispuesto_por}
            {e.motivo_disposicion ? ` · ${e.motivo_disposicion}` : ''}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Retención legal">
          {e.retencion_legal ? (
            <>
              <Tag color="red" icon={<SafetyOutlined />}>
                Activa
              </Tag>
              {e.motivo_retencion}
            </>
          ) : (
            'No'
          )}
        </Descriptions.Item>
        {e.observaciones ? <Descriptions.Item label="Observaciones">{e.observaciones}</Descriptions.Item> : null}
      </Descriptions>
      {puedeEditar ? (
        <Space wrap className="gd-expediente-acciones">
          {e.estado === 'abierto' ? (
            <Button
              icon={<LockOutlined />}
              disabled={e.radicados === 0}
              title={e.radicados === 0 ? 'Agregue algún radicado antes de cerrarlo' : undefined}
              onClick={() =>
                avisos.confirm({
                  title: `¿Cerrar el expediente ${e.numero}?`,
                  content: `Empieza su retención: ${anios(ss.anios_gestion)} en el archivo de gestión y luego ${anios(ss.anios_central)} en el central. Un expediente cerrado no recibe radicados.`,
                  okText: 'Cerrar expediente',
                  cancelText: 'Cancelar',
                  onOk: () => cerrar.mutateAsync(e.id).then(() => message.success('Expediente cerrado')),
                })
              }
            >
              Cerrar expediente
            </Button>
          ) : e.fase === 'gestion' ? (
            <Button
              icon={<UnlockOutlined />}
              loading={reabrir.isPending}
              onClick={() =>
                avisos.confirm({
                  title: `¿Abrir de nuevo el expediente ${e.numero}?`,
                  content: 'Su tiempo de retención se detiene hasta que se cierre otra vez.',
                  okText: 'Abrir de nuevo',
                  cancelText: 'Cancelar',
                  onOk: () => reabrir.mutateAsync(e.id).then(() => message.success('Expediente abierto')),
                })
              }
            >
              Abrir de nuevo
            </Button>
          ) : null}
          {e.fase !== 'eliminado' ? <BotonRetencionLegal e={e} /> : null}
        </Space>
      ) : null}
      {e.tiene_acta ? (
        <Button
          icon={<FilePdfOutlined />}
          className="gd-expediente-acciones"
          onClick={() => void descargar(urlActa(e.id)).catch((x: Error) => void message.error(x.message))}
        >
          Descargar acta de eliminación
        </Button>
      ) : null}
      <Typography.Title level={5} className="gd-expediente-subtitulo">
        Radicados ({e.radicados})
      </Typography.Title>
      {editable ? <AgregarRadicado e={e} /> : null}
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={e.documentos}
        locale={{ emptyText: <Empty description="Aún no tiene radicados" /> }}
        columns={[
          {
            key: 'radicado',
            title: 'Radicado',
            render: (_v, r) => (
              <Link to={`/gestion-documental/gestion-documental?abrir=${r.id}`}>
                <FolderOpenOutlined /> {r.radicado}
              </Link>
            ),
          },
          { key: 'fecha', title: 'Fecha', width: 100, render: (_v, r) => fecha(r.fecha) },
          { key: 'asunto', title: 'Asunto', dataIndex: 'asunto' },
          ...(editable
            ? [
                {
                  key: 'quitar',
                  width: 48,
                  render: (_v: unknown, r: ExpedienteDetalle['documentos'][number]) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Sacar el radicado ${r.radicado} del expediente`}
                      onClick={() =>
                        avisos.confirm({
                          title: '¿Sacar el radicado del expediente?',
                          content: `El radicado ${r.radicado} queda sin expediente; no se borra.`,
                          okText: 'Sacar',
                          okButtonProps: { danger: true },
                          cancelText: 'Cancelar',
                          onOk: () => quitar.mutateAsync({ id: e.id, id_radicado: r.id }),
                        })
                      }
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

function AgregarRadicado({ e }: { e: ExpedienteDetalle }) {
  const [q, setQ] = useState('');
  const [elegido, setElegido] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const agregar = useAgregarRadicado();
  const candidatos = useRadicados({ q: q || undefined, id_serie: e.serie.id, pageSize: 20 }, '/gestion-documental/radicados');
  const ya = new Set(e.documentos.map((d) => d.id));
  return (
    <div className="gd-expediente-agregar">
      <Space.Compact block>
        <Select
          aria-label="Radicado para agregar"
          placeholder={`Buscar un radicado de la serie ${e.serie.nombre}`}
          value={elegido}
          showSearch={{ filterOption: false, onSearch: setQ }}
          onChange={(v: number) => setElegido(v)}
          options={(candidatos.data?.items ?? [])
            .filter((r) => !ya.has(r.id))
            .map((r) => ({ value: r.id, label: `${r.radicado} · ${r.asunto}` }))}
          className="gd-expediente-select"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={elegido === undefined}
          loading={agregar.isPending}
          onClick={() => {
            setError(null);
            agregar
              .mutateAsync({ id: e.id, id_radicado: elegido! })
              .then(() => setElegido(undefined))
              .catch((x: Error) => setError(x.message));
          }}
        >
          Agregar
        </Button>
      </Space.Compact>
      {error ? <Alert type="error" showIcon title={error} className="gd-expediente-error" /> : null}
    </div>
  );
}

/** Sets the legal hold (asks its reason) or lifts it (asks first): while on, the expediente is not eliminated. */
function BotonRetencionLegal({ e }: { e: ExpedienteDetalle }) {
  const [pidiendo, setPidiendo] = useState(false);
  const cambiar = useRetencionLegal();
  const avisos = useAvisos();
  const { message } = App.useApp();
  if (e.retencion_legal)
    return (
      <Button
        icon={<SafetyOutlined />}
        onClick={() =>
          avisos.confirm({
            title: `¿Levantar la retención legal del expediente ${e.numero}?`,
            content: 'Cumplido su tiempo en el archivo central, podrá eliminarse según su disposición final.',
            okText: 'Levantar retención',
            cancelText: 'Cancelar',
            onOk: () => cambiar.mutateAsync({ id: e.id, activa: false }).then(() => message.success('Retención legal levantada')),
          })
        }
      >
        Levantar retención legal
      </Button>
    );
  return (
    <>
      <Button icon={<SafetyOutlined />} onClick={() => setPidiendo(true)}>
        Activar retención legal
      </Button>
      <ModalForm<RetencionLegalIn>
        open={pidiendo}
        title={`Retención legal del expediente ${e.numero}`}
        okText="Activar retención"
        valores={{ activa: true, motivo: '' }}
        guardando={cambiar.isPending}
        onCerrar={() => setPidiendo(false)}
        onGuardar={async (v) => {
          await cambiar.mutateAsync({ id: e.id, activa: true, motivo: v.motivo });
          void message.success('Retención legal activada');
        }}
        formProps={{ layout: 'vertical' }}
      >
        <Typography.Paragraph>
          Mientras esté activa, el expediente no se puede eliminar aunque haya cumplido su tiempo de retención.
        </Typography.Paragraph>
        <Form.Item name="activa" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          name="motivo"
          label={ETIQUETAS_RETENCION.motivo_retencion}
          rules={[
            { required: true, whitespace: true, message: `El campo ${ETIQUETAS_RETENCION.motivo_retencion} es obligatorio` },
            zodRule(ZRetencionLegal.shape.motivo, ETIQUETAS_RETENCION.motivo_retencion),
          ]}
          extra="Por ejemplo, el proceso judicial o la solicitud de la autoridad."
        >
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
      </ModalForm>
    </>
  );
}
