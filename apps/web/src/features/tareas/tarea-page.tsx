import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Mentions,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ESTADOS_TAREA,
  ETIQUETAS_ESTADO_TAREA,
  ETIQUETAS_RECURRENCIA,
  etiquetaCampoTarea,
  type EstadoTarea,
  type Tarea,
} from '@predio/contract/tareas';
import { EditOutlined } from '@ant-design/icons';
import { hasIdm } from '@predio/contract/menu';
import { IDM_BUSCAR_GESTION_DOCUMENTAL, IDM_GESTION_DOCUMENTAL } from '@predio/contract/gestion-documental';
import { Archivos } from '../../components/archivos/archivos.tsx';
import { EditorTextoRicoDiferido } from '../../components/texto-rico/editor-diferido.tsx';
import { TextoRico } from '../../components/texto-rico/texto-rico.tsx';
import { usePermisos } from '../../lib/session-store.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import {
  useAgregarItem,
  useCambiarTarea,
  useComentar,
  useMarcarItem,
  useOpcionesTareas,
  useTarea,
} from '../../components/tareas/api.ts';
import { COLOR_ESTADO, Vence } from '../../components/tareas/comun.tsx';
import { Listado, ListadoItem, ListadoItemMeta } from '../../components/listado/listado.tsx';
import '../../components/tareas/tareas.css';

function ListaChequeo({ t }: { t: Tarea }) {
  const marcar = useMarcarItem(t.consecutivo);
  const agregar = useAgregarItem(t.consecutivo);
  const [texto, setTexto] = useState('');
  const [obligatorio, setObligatorio] = useState(false);
  const cerrada = t.estado === 'terminada' || t.estado === 'cancelada';
  return (
    <Card size="small" title={`Lista de chequeo (${t.items_hechos}/${t.items_total})`}>
      {t.items.length === 0 && <Typography.Text type="secondary">Sin ítems.</Typography.Text>}
      <Space orientation="vertical" style={{ width: '100%' }}>
        {t.items.map((i) => (
          <Checkbox
            key={i.id}
            checked={i.hecho}
            disabled={cerrada || marcar.isPending}
            onChange={(e) => marcar.mutate({ idItem: i.id, hecho: e.target.checked })}
          >
            {i.texto}
            {i.obligatorio && (
              <span className="tareas-item-obligatorio" title="Obligatorio para terminar">
                * obligatorio
              </span>
            )}
            {i.hecho && i.hecho_por && (
              <Typography.Text type="secondary">
                {' '}
                — {i.hecho_por}, {formatFechaHora(i.hecho_en!)}
              </Typography.Text>
            )}
          </Checkbox>
        ))}
      </Space>
      {!cerrada && (
        <Space.Compact style={{ width: '100%', marginTop: 12 }}>
          <Input
            aria-label="Nuevo ítem"
            placeholder="Nuevo ítem"
            value={texto}
            maxLength={300}
            onChange={(e) => setTexto(e.target.value)}
            onPressEnter={() => texto.trim() && agregar.mutate({ texto, obligatorio }, { onSuccess: () => setTexto('') })}
          />
          <Button
            disabled={!texto.trim()}
            loading={agregar.isPending}
            onClick={() => agregar.mutate({ texto, obligatorio }, { onSuccess: () => setTexto('') })}
          >
            Agregar
          </Button>
        </Space.Compact>
      )}
      {!cerrada && (
        <Space style={{ marginTop: 8 }}>
          <Switch size="small" checked={obligatorio} onChange={setObligatorio} aria-label="Obligatorio" /> Obligatorio
        </Space>
      )}
    </Card>
  );
}

/** A comment with its @mentions marked. */
function TextoComentario({ texto, nombres }: { texto: string; nombres: string[] }) {
  if (!nombres.length) return <span className="tareas-comentario">{texto}</span>;
  const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const partes = texto.split(new RegExp(`(@(?:${nombres.map(escapar).join('|')}))`, 'g'));
  return (
    <span className="tareas-comentario">
      {partes.map((p, i) =>
        p.startsWith('@') && nombres.includes(p.slice(1)) ? (
          <span key={i} className="tareas-mencion">
            {p}
          </span>
        ) : (
          p
        ),
      )}
    </span>
  );
}

function Comentarios({ t }: { t: Tarea }) {
  const opciones = useOpcionesTareas();
  const comentar = useComentar(t.consecutivo);
  const [texto, setTexto] = useState('');
  const usuarios = opciones.data?.usuarios ?? [];
  const nombres = usuarios.map((u) => u.nombre);
  // Who the text still mentions: «@Nombre» of a user of the company.
  const menciones = usuarios.filter((u) => texto.includes(`@${u.nombre}`)).map((u) => u.id);
  const enviar = () => comentar.mutate({ texto, menciones }, { onSuccess: () => setTexto('') });
  return (
    <Card size="small" title={`Comentarios (${t.comentarios.length})`}>
      <Listado
        dataSource={t.comentarios}
        locale={{ emptyText: 'Aún no hay comentarios' }}
        renderItem={(c) => (
          <ListadoItem>
            <ListadoItemMeta
              title={
                <Space>
                  <strong>{c.usuario}</strong>
                  <Typography.Text type="secondary">{formatFechaHora(c.creado_en)}</Typography.Text>
                </Space>
              }
              description={<TextoComentario texto={c.texto} nombres={nombres} />}
            />
          </ListadoItem>
        )}
      />
      <Mentions
        aria-label="Comentario"
        placeholder="Escriba un comentario; @ para mencionar a alguien"
        value={texto}
        onChange={setTexto}
        rows={3}
        options={usuarios.map((u) => ({ value: u.nombre, label: u.nombre }))}
      />
      <Button type="primary" style={{ marginTop: 8 }} disabled={!texto.trim()} loading={comentar.isPending} onClick={enviar}>
        Comentar
      </Button>
    </Card>
  );
}

function Historial({ t }: { t: Tarea }) {
  if (!t.historial.length) return <Empty description="Sin cambios" />;
  return (
    <Timeline
      items={t.historial.slice(0, 100).map((h) => ({
        key: h.id,
        content: (
          <>
            <Typography.Text type="secondary">
              {formatFechaHora(h.fecha)} · {h.usuario}
            </Typography.Text>
            <div>
              <strong>{etiquetaCampoTarea(h.campo)}</strong>: {h.antes ? `${h.antes} → ` : ''}
              {h.despues || '—'}
            </div>
          </>
        ),
      }))}
    />
  );
}

/** The radicado where the user may open it: its drawer (who files, 10579), the search (10581), or its number. */
function EnlaceRadicado({ r }: { r: NonNullable<Tarea['radicado']> }) {
  const permisos = usePermisos();
  const texto = `${r.radicado} · ${r.asunto}`;
  if (hasIdm(permisos, IDM_GESTION_DOCUMENTAL))
    return <Link to={`/gestion-documental/gestion-documental?abrir=${r.id}`}>{texto}</Link>;
  if (hasIdm(permisos, IDM_BUSCAR_GESTION_DOCUMENTAL))
    return <Link to={`/gestion-documental/buscar-gestion-documental/${encodeURIComponent(r.radicado)}`}>{texto}</Link>;
  return <>{texto}</>;
}

function Datos({ t }: { t: Tarea }) {
  const cambiar = useCambiarTarea();
  const opciones = useOpcionesTareas();
  const o = opciones.data;
  const usuarios = (o?.usuarios ?? []).map((u) => ({ value: u.id, label: u.nombre }));
  const enviar = (cambios: Parameters<typeof cambiar.mutate>[0]['cambios']) =>
    cambiar.mutate({ consecutivo: t.consecutivo, cambios });
  return (
    <Card size="small">
      <Form layout="vertical">
        <Form.Item label="Estado">
          <Select<EstadoTarea>
            aria-label="Estado"
            value={t.estado}
            loading={cambiar.isPending}
            options={ESTADOS_TAREA.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_TAREA[e] }))}
            onChange={(estado) => enviar({ estado })}
          />
        </Form.Item>
        <Form.Item label="Vence">
          <DatePicker
            aria-label="Vence"
            showTime={{ format: 'h:mm a' }}
            style={{ width: '100%' }}
            format={(d) => formatFechaHora(d.toDate())}
            value={t.vence_en ? dayjs(t.vence_en) : null}
            onChange={(d) => enviar({ vence_en: d ? d.format() : null, confirmar: true })}
          />
        </Form.Item>
        <Form.Item label="Responsables">
          <Select
            mode="multiple"
            aria-label="Responsables"
            value={t.responsables.map((r) => r.id)}
            options={usuarios}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(responsables: number[]) => responsables.length && enviar({ responsables })}
          />
        </Form.Item>
        <Form.Item label="Seguidores">
          <Select
            mode="multiple"
            aria-label="Seguidores"
            value={t.seguidores.map((r) => r.id)}
            options={usuarios}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(seguidores: number[]) => enviar({ seguidores })}
          />
        </Form.Item>
        <Form.Item label="Prioridad">
          <Select
            allowClear
            aria-label="Prioridad"
            value={t.prioridad?.id}
            options={(o?.prioridades ?? []).map((p) => ({ value: p.id, label: p.nombre }))}
            onChange={(v?: number) => enviar({ id_prioridad: v ?? null })}
          />
        </Form.Item>
      </Form>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Categoría">{t.categoria?.nombre ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Solicitante">{t.solicitante?.nombre ?? '—'}</Descriptions.Item>
        {t.recurrencia && <Descriptions.Item label="Se repite">{ETIQUETAS_RECURRENCIA[t.recurrencia]}</Descriptions.Item>}
        {t.inmueble && (
          <Descriptions.Item label="Inmueble">
            <Link to={`/propiedades/inmueble/${t.inmueble.consecutivo}`}>
              {t.inmueble.consecutivo} · {t.inmueble.direccion}
            </Link>
          </Descriptions.Item>
        )}
        {t.tercero && <Descriptions.Item label="Tercero">{t.tercero.nombre}</Descriptions.Item>}
        {t.id_cliente_atendido && <Descriptions.Item label="Cliente atendido">{t.id_cliente_atendido}</Descriptions.Item>}
        {t.numero_solicitud && <Descriptions.Item label="Solicitud">{t.numero_solicitud}</Descriptions.Item>}
        {t.radicado && (
          <Descriptions.Item label="Documento">
            <EnlaceRadicado r={t.radicado} />
          </Descriptions.Item>
        )}
        {t.id_cita && (
          <Descriptions.Item label="Cita">
            <Link to={`/archivo/agenda?cita=${t.id_cita}`}>Ver la cita {t.id_cita} en la agenda</Link>
          </Descriptions.Item>
        )}
        <Descriptions.Item label="Creada">{formatFechaHora(t.creado_en)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The description as its author formatted it, and «Editar» with the same editor as the new task's form. */
function Descripcion({ t }: { t: Tarea }) {
  const cambiar = useCambiarTarea();
  const [borrador, setBorrador] = useState<string | null>(null);
  if (borrador === null && !t.descripcion && !t.puede_editar) return null;
  const guardar = () =>
    cambiar.mutate(
      { consecutivo: t.consecutivo, cambios: { descripcion: borrador ?? '', version: t.version } },
      { onSuccess: () => setBorrador(null) },
    );
  return (
    <Card
      size="small"
      title="Descripción"
      extra={
        borrador === null && t.puede_editar ? (
          <Button size="small" icon={<EditOutlined />} onClick={() => setBorrador(t.descripcion)}>
            Editar
          </Button>
        ) : null
      }
    >
      {borrador !== null ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <EditorTextoRicoDiferido etiqueta="Descripción" value={borrador} onChange={setBorrador} />
          <Space>
            <Button type="primary" loading={cambiar.isPending} onClick={guardar}>
              Guardar descripción
            </Button>
            <Button onClick={() => setBorrador(null)}>Cancelar</Button>
          </Space>
        </Space>
      ) : t.descripcion ? (
        <TextoRico valor={t.descripcion} className="tareas-descripcion" />
      ) : (
        <Typography.Text type="secondary">Sin descripción.</Typography.Text>
      )}
    </Card>
  );
}

/** Tareas > Tarea n.º (idm 10584): the task with its checklist, comments, attachments and history. */
export function TareaPage() {
  const consecutivo = Number(useParams().consecutivo);
  const tarea = useTarea(consecutivo);
  if (tarea.isPending) return <Skeleton active />;
  if (tarea.error)
    return <ErrorDeCarga error={tarea.error} onReintentar={() => void tarea.refetch()} titulo="No se pudo cargar la tarea" />;
  const t = tarea.data;
  return (
    <Card
      title={
        <Space wrap>
          <span>
            Tarea {t.consecutivo} · {t.titulo}
          </span>
          <Tag color={COLOR_ESTADO[t.estado]}>{ETIQUETAS_ESTADO_TAREA[t.estado]}</Tag>
          {t.prioridad && <Tag color={t.prioridad.color ?? undefined}>{t.prioridad.nombre}</Tag>}
        </Space>
      }
      extra={<Link to="/tareas/asignar-tareas">Volver a tareas</Link>}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <div>
          Vence: <Vence t={t} />
        </div>
        {t.vencida && <Alert type="error" showIcon title="Esta tarea está vencida." />}
      </Space>
      <div className="tareas-detalle" style={{ marginTop: 12 }}>
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Descripcion t={t} />
          <ListaChequeo t={t} />
          <Comentarios t={t} />
          <Card size="small" title="Adjuntos">
            <Archivos
              tipo="tarea"
              dueno={String(t.consecutivo)}
              categoria="adjunto"
              textos={{
                singular: 'adjunto',
                plural: 'adjuntos',
                vacio: 'Aún no hay adjuntos: arrastre archivos aquí.',
                vacioSoloLectura: 'Sin adjuntos.',
                ayuda: 'Cualquier archivo de hasta 25 MB.',
              }}
            />
          </Card>
          <Card size="small" title="Historial">
            <Historial t={t} />
          </Card>
        </Space>
        <Datos t={t} />
      </div>
    </Card>
  );
}
