import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, Select, Space, Tag, Timeline, Typography } from 'antd';
import { EditOutlined, MailOutlined, PrinterOutlined, SwapOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import {
  ETIQUETAS_RADICADO as L,
  ETIQUETAS_TIPO_RADICADO,
  TIPO_DUENO_RADICADO,
  type Radicado,
} from '@predio/contract/gestion-documental';
import { ETIQUETAS_CAMBIO_ESTADO as LE, esAnulado, type CambioEstadoIn } from '@predio/contract/gestion-documental-estados';
import { IDM_PLANTILLAS_CARTAS } from '@predio/contract/gestion-documental-cartas';
import { hasIdm } from '@predio/contract/menu';
import { IDM_TAREAS } from '@predio/contract/tareas';
import { Archivos } from '../../components/archivos/archivos.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { TareasDeRegistro } from '../../components/tareas/tareas-registro.tsx';
import { usePermisos } from '../../lib/session-store.ts';
import { descargar } from '../../lib/descargar.ts';
import { formatFecha, formatFechaHora } from '../../lib/format.ts';
import { useCambiarEstado, useEstadosRadicado } from './api/estados.ts';
import { RadicadoForm } from './radicado-form.tsx';
import { RadicadoVersiones } from './radicado-versiones.tsx';

const TEXTOS = {
  singular: 'documento',
  plural: 'documentos del radicado',
  vacio: 'Adjunte el documento radicado: el PDF o la imagen escaneada.',
  vacioSoloLectura: 'Este radicado no tiene documentos adjuntos.',
  ayuda: 'PDF o imágenes (JPG, PNG, TIFF) de hasta 25 MB cada uno.',
};
const ACEPTA = '.pdf,.jpg,.jpeg,.png,.tif,.tiff,application/pdf,image/jpeg,image/png,image/tiff';

const enlaceRadicado = (id: number) => `/gestion-documental/gestion-documental?abrir=${id}`;
const conCodigo = (r: { nombre: string; codigo: string | null } | null) =>
  r ? r.codigo ? `${r.codigo} · ${r.nombre}` : r.nombre : <Typography.Text type="secondary">—</Typography.Text>;

export const TipoTag = ({ tipo }: { tipo: Radicado['tipo'] }) => (
  <Tag color={tipo === 'entrada' ? 'blue' : tipo === 'salida' ? 'green' : 'default'}>{ETIQUETAS_TIPO_RADICADO[tipo]}</Tag>
);

/**
 * One radicado: its metadata (corrected with «Editar datos»), its estado and history («Cambiar estado» along
 * the allowed transitions), its documents (platform/archivos; read-only without idm 10579) and, for who
 * has Tareas (10584), the tasks about it with «Nueva tarea» linked to it.
 */
export function RadicadoDetalle({ r, soloLectura }: { r: Radicado; soloLectura: boolean }) {
  const permisos = usePermisos();
  const conTareas = hasIdm(permisos, IDM_TAREAS);
  const conCartas = hasIdm(permisos, IDM_PLANTILLAS_CARTAS);
  const navigate = useNavigate();
  const estados = useEstadosRadicado(r.id);
  const [editando, setEditando] = useState(false);
  const [cambiando, setCambiando] = useState(false);
  const [imprimiendo, setImprimiendo] = useState(false);
  const { message } = App.useApp();
  const siguientes = estados.data?.siguientes ?? [];
  const anulado = esAnulado(r.estado?.nombre);
  if (editando)
    return (
      <RadicadoForm
        radicado={r}
        onRadicado={() => {
          setEditando(false);
          void message.success('Radicado actualizado');
        }}
        onCancelar={() => setEditando(false)}
      />
    );
  return (
    <>
      <Space wrap className="radicado-acciones">
        {soloLectura ? null : (
          <>
            <Button icon={<SwapOutlined />} disabled={siguientes.length === 0} onClick={() => setCambiando(true)}>
              Cambiar estado
            </Button>
            <Button icon={<EditOutlined />} disabled={anulado} onClick={() => setEditando(true)}>
              Editar datos
            </Button>
          </>
        )}
        {!soloLectura && r.tipo === 'entrada' && conCartas && !anulado ? (
          <Button
            icon={<MailOutlined />}
            onClick={() => void navigate(`/gestion-documental/plantillas-cartas?responder=${r.id}`)}
          >
            Responder con carta
          </Button>
        ) : null}
        <Button
          icon={<PrinterOutlined />}
          loading={imprimiendo}
          onClick={() => {
            setImprimiendo(true);
            descargar(`/gestion-documental/radicados/${r.id}/etiqueta`, 30_000)
              .catch((e: unknown) => void message.error(e instanceof Error ? e.message : 'No se pudo generar la etiqueta'))
              .finally(() => setImprimiendo(false));
          }}
        >
          Imprimir etiqueta
        </Button>
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} bordered className="radicado-datos">
        <Descriptions.Item label="Radicado">
          <strong>{r.radicado}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={L.tipo}>
          <TipoTag tipo={r.tipo} />
        </Descriptions.Item>
        <Descriptions.Item label={L.fecha}>{formatFecha(`${r.fecha}T12:00:00`)}</Descriptions.Item>
        <Descriptions.Item label={L.id_estado}>
          {r.estado ? <Tag color={r.estado.color ?? undefined}>{r.estado.nombre}</Tag> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={L.asunto} span={2}>
          {r.asunto}
        </Descriptions.Item>
        <Descriptions.Item label={L.id_tercero} span={2}>
          {r.tercero ? `${r.tercero.nombre} · ${r.tercero.nro_id}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={L.id_area}>{conCodigo(r.area)}</Descriptions.Item>
        <Descriptions.Item label={L.id_tipo_documental}>{conCodigo(r.tipo_documental)}</Descriptions.Item>
        <Descriptions.Item label={L.id_serie}>{conCodigo(r.serie)}</Descriptions.Item>
        <Descriptions.Item label={L.id_subserie}>{conCodigo(r.subserie)}</Descriptions.Item>
        <Descriptions.Item label={L.inmueble}>
          {r.inmueble ? `${r.inmueble.consecutivo} · ${r.inmueble.direccion}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={L.id_contrato}>{r.contrato?.numero ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={L.id_responsable}>{r.responsable?.nombre ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Responder a más tardar">{r.vence ? formatFecha(`${r.vence}T12:00:00`) : '—'}</Descriptions.Item>
        <Descriptions.Item label={L.folios}>{r.folios ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Radicó">
          {r.creado_por} · {formatFechaHora(r.creado_en)}
        </Descriptions.Item>
        {r.responde_a ? (
          <Descriptions.Item label="Responde a" span={2}>
            <Link to={enlaceRadicado(r.responde_a.id)}>{r.responde_a.radicado}</Link>
          </Descriptions.Item>
        ) : null}
        {r.respuestas.length > 0 ? (
          <Descriptions.Item label="Respondido con" span={2}>
            <Space size={8} wrap>
              {r.respuestas.map((x) => (
                <Link key={x.id} to={enlaceRadicado(x.id)}>
                  {x.radicado}
                </Link>
              ))}
            </Space>
          </Descriptions.Item>
        ) : null}
        {r.modificado_por && r.modificado_en ? (
          <Descriptions.Item label="Modificó" span={2}>
            {r.modificado_por} · {formatFechaHora(r.modificado_en)}
          </Descriptions.Item>
        ) : null}
        {r.observaciones ? (
          <Descriptions.Item label={L.observaciones} span={2}>
            {r.observaciones}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <section className="radicado-estados" aria-label="Historial de estados">
        <Typography.Title level={5}>Historial de estados</Typography.Title>
        {estados.data && estados.data.historial.length === 0 ? (
          <Typography.Text type="secondary">Sin cambios de estado.</Typography.Text>
        ) : (
          <Timeline
            items={(estados.data?.historial ?? []).map((h) => ({
              key: h.id,
              color: h.estado.color ?? 'blue',
              content: (
                <div>
                  <div>
                    {h.anterior ? `${h.anterior.nombre} → ` : 'Radicado en '}
                    <strong>{h.estado.nombre}</strong>
                  </div>
                  <Typography.Text type="secondary">
                    {h.usuario} · {formatFechaHora(h.creado_en)}
                  </Typography.Text>
                  {h.nota ? <div className="radicado-nota">{h.nota}</div> : null}
                </div>
              ),
            }))}
          />
        )}
      </section>
      <CambiarEstado r={r} abierto={cambiando} onCerrar={() => setCambiando(false)} siguientes={siguientes} />
      <div className="radicado-archivos">
        <Archivos
          tipo={TIPO_DUENO_RADICADO}
          dueno={String(r.id)}
          categoria="documento"
          textos={TEXTOS}
          acepta={ACEPTA}
          soloLectura={soloLectura}
        />
      </div>
      <RadicadoVersiones
        idRadicado={r.id}
        soloLectura={soloLectura}
        bloqueo={anulado ? 'El radicado está anulado: sus documentos no admiten nuevas versiones.' : null}
      />
      {conTareas ? (
        <section className="radicado-tareas" aria-label="Tareas del radicado">
          <Typography.Title level={5}>Tareas</Typography.Title>
          <TareasDeRegistro vinculo={{ id_radicado: r.id }} nombreVinculo={`Documento ${r.radicado}`} />
        </section>
      ) : null}
    </>
  );
}

type ValoresEstado = { id_estado?: number; nota?: string };

/** «Cambiar estado»: the estados the transitions allow from here; annulling asks for the reason. */
function CambiarEstado(props: {
  r: Radicado;
  abierto: boolean;
  onCerrar: () => void;
  siguientes: { id: number; nombre: string }[];
}) {
  const [form] = Form.useForm<ValoresEstado>();
  const cambiar = useCambiarEstado(props.r.id);
  const { message } = App.useApp();
  const elegido = Form.useWatch('id_estado', form);
  const anula = esAnulado(props.siguientes.find((e) => e.id === elegido)?.nombre);
  return (
    <ModalForm<ValoresEstado>
      open={props.abierto}
      title={`Cambiar estado del radicado ${props.r.radicado}`}
      okText={anula ? 'Anular radicado' : 'Cambiar estado'}
      form={form}
      valores={{ nota: '' }}
      guardando={cambiar.isPending}
      onCerrar={props.onCerrar}
      onGuardar={async (v) => {
        const body: CambioEstadoIn = { id_estado: v.id_estado!, nota: v.nota ?? '' };
        const r = await cambiar.mutateAsync(body);
        void message.success(`Radicado ${r.radicado}: ${r.estado?.nombre ?? ''}`);
      }}
    >
      <Typography.Paragraph type="secondary">
        Estado actual: {props.r.estado ? props.r.estado.nombre : 'sin estado'}. El número del radicado no cambia.
      </Typography.Paragraph>
      <Form.Item
        name="id_estado"
        label={LE.id_estado}
        rules={[{ required: true, message: `El campo ${LE.id_estado} es obligatorio` }]}
      >
        <Select options={props.siguientes.map((e) => ({ value: e.id, label: e.nombre }))} />
      </Form.Item>
      <Form.Item
        name="nota"
        label={anula ? 'Motivo de la anulación' : LE.nota}
        rules={anula ? [{ required: true, whitespace: true, message: 'Escriba el motivo de la anulación' }] : []}
      >
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
    </ModalForm>
  );
}
