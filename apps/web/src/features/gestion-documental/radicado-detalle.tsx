import { Descriptions, Tag, Typography } from 'antd';
import {
  ETIQUETAS_RADICADO as L,
  ETIQUETAS_TIPO_RADICADO,
  TIPO_DUENO_RADICADO,
  type Radicado,
} from '@predio/contract/gestion-documental';
import { hasIdm } from '@predio/contract/menu';
import { IDM_TAREAS } from '@predio/contract/tareas';
import { Archivos } from '../../components/archivos/archivos.tsx';
import { TareasDeRegistro } from '../../components/tareas/tareas-registro.tsx';
import { usePermisos } from '../../lib/session-store.ts';
import { formatFecha, formatFechaHora } from '../../lib/format.ts';

const TEXTOS = {
  singular: 'documento',
  plural: 'documentos del radicado',
  vacio: 'Adjunte el documento radicado: el PDF o la imagen escaneada.',
  vacioSoloLectura: 'Este radicado no tiene documentos adjuntos.',
  ayuda: 'PDF o imágenes (JPG, PNG, TIFF) de hasta 25 MB cada uno.',
};
const ACEPTA = '.pdf,.jpg,.jpeg,.png,.tif,.tiff,application/pdf,image/jpeg,image/png,image/tiff';

const conCodigo = (r: { nombre: string; codigo: string | null } | null) =>
  r ? r.codigo ? `${r.codigo} · ${r.nombre}` : r.nombre : <Typography.Text type="secondary">—</Typography.Text>;

export const TipoTag = ({ tipo }: { tipo: Radicado['tipo'] }) => (
  <Tag color={tipo === 'entrada' ? 'blue' : tipo === 'salida' ? 'green' : 'default'}>{ETIQUETAS_TIPO_RADICADO[tipo]}</Tag>
);

/**
 * One radicado: its metadata, its documents (platform/archivos; read-only without idm 10579) and, for who
 * has Tareas (10584), the tasks about it with «Nueva tarea» linked to it.
 */
export function RadicadoDetalle({ r, soloLectura }: { r: Radicado; soloLectura: boolean }) {
  const conTareas = hasIdm(usePermisos(), IDM_TAREAS);
  return (
    <>
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
        <Descriptions.Item label={L.folios}>{r.folios ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Radicó">
          {r.creado_por} · {formatFechaHora(r.creado_en)}
        </Descriptions.Item>
        {r.observaciones ? (
          <Descriptions.Item label={L.observaciones} span={2}>
            {r.observaciones}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
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
      {conTareas ? (
        <section className="radicado-tareas" aria-label="Tareas del radicado">
          <Typography.Title level={5}>Tareas</Typography.Title>
          <TareasDeRegistro vinculo={{ id_radicado: r.id }} nombreVinculo={`Documento ${r.radicado}`} />
        </section>
      ) : null}
    </>
  );
}
