import { useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { DetalleDrawer } from '../../components/lista/detalle-drawer.tsx';
import {
  CheckCircleOutlined,
  CommentOutlined,
  EditOutlined,
  SwapOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { hasIdm } from '@predio/contract/menu';
import {
  ESTADOS_CERRADOS,
  etiquetaCanal,
  etiquetaEstado,
  etiquetaPortal,
  etiquetaTipo,
  type HistorialSolicitud,
  type SolicitudDetalle,
} from '@predio/contract/solicitudes';
import { IDM_CLIENTES_ATENDIDOS } from '@predio/contract/clientes';
import { formatFechaHora } from '../../lib/format.ts';
import { usePermisos } from '../../lib/session-store.ts';
import { usePuedeCrearTercero } from '../../components/nuevo-tercero/api.ts';
import { useSolicitud } from './api/get-solicitud.ts';
import { AsignarModal, ConvertirModal, CrearTerceroModal, EstadoModal, NotaModal, type Accion } from './solicitud-acciones.tsx';
import { SolicitudForm } from './solicitud-form.tsx';
import type { Abierta } from './solicitudes-params.ts';
import { IDM_TAREAS } from '@predio/contract/tareas';
import { TareasDeRegistro } from '../../components/tareas/tareas-registro.tsx';
import { CitasDeRegistro } from '../../components/agenda/citas-registro.tsx';
import { MensajesDeRegistro } from '../../components/redactar-correo/mensajes-registro.tsx';
import { IDM_AGENDA } from '@predio/contract/agenda';

export const COLOR_ESTADO: Record<string, string> = {
  nueva: 'blue',
  asignada: 'geekblue',
  en_tramite: 'gold',
  resuelta: 'green',
  descartada: 'default',
};

export const EstadoTag = ({ estado }: { estado: string }) => <Tag color={COLOR_ESTADO[estado]}>{etiquetaEstado(estado)}</Tag>;

function textoHistorial(h: HistorialSolicitud): { titulo: ReactNode; color: string } {
  switch (h.tipo) {
    case 'creacion':
      return { titulo: 'Solicitud registrada', color: 'blue' };
    case 'asignacion':
      return {
        titulo: h.asignado_anterior
          ? `Reasignada de ${h.asignado_anterior} a ${h.asignado_nuevo}`
          : `Asignada a ${h.asignado_nuevo}`,
        color: 'blue',
      };
    case 'estado':
      return {
        titulo: (
          <>
            Estado: {etiquetaEstado(h.estado_anterior)} → <strong>{etiquetaEstado(h.estado_nuevo)}</strong>
          </>
        ),
        color: h.estado_nuevo === 'resuelta' ? 'green' : h.estado_nuevo === 'descartada' ? 'gray' : 'orange',
      };
    case 'nota':
      return { titulo: 'Nota', color: 'gray' };
    case 'edicion':
      return { titulo: 'Datos modificados', color: 'gray' };
    case 'conversion':
      return { titulo: 'Convertida en cliente atendido', color: 'green' };
  }
}

export function Historial({ items }: { items: HistorialSolicitud[] }) {
  if (items.length === 0) return <Empty description="Sin historial" />;
  return (
    <Timeline
      className="solicitud-historial"
      items={items.map((h) => {
        const t = textoHistorial(h);
        return {
          key: h.id,
          color: t.color,
          content: (
            <div>
              <div>{t.titulo}</div>
              {h.nota ? <Typography.Paragraph className="solicitud-nota">{h.nota}</Typography.Paragraph> : null}
              <Typography.Text type="secondary" className="solicitud-quien">
                {h.usuario} · {formatFechaHora(h.fecha)}
              </Typography.Text>
            </div>
          ),
        };
      })}
    />
  );
}

function Detalle({ s, onEditar, onAccion }: { s: SolicitudDetalle; onEditar: () => void; onAccion: (a: Accion) => void }) {
  const permisos = usePermisos();
  const puedeCrearTercero = usePuedeCrearTercero();
  const cerrada = ESTADOS_CERRADOS.includes(s.estado);
  const contacto = [s.contacto_nombre, s.contacto_telefono, s.contacto_email].filter(Boolean).join(' · ');
  return (
    <>
      <Space wrap className="solicitud-acciones">
        <Button icon={<SwapOutlined />} onClick={() => onAccion('estado')}>
          Cambiar estado
        </Button>
        {cerrada ? null : (
          <Button icon={<UserSwitchOutlined />} onClick={() => onAccion('asignar')}>
            {s.asignado ? 'Reasignar' : 'Asignar'}
          </Button>
        )}
        <Button icon={<CommentOutlined />} onClick={() => onAccion('nota')}>
          Agregar nota
        </Button>
        <Button icon={<EditOutlined />} onClick={onEditar}>
          Editar
        </Button>
        {!s.cliente_atendido && hasIdm(permisos, IDM_CLIENTES_ATENDIDOS) ? (
          <Button icon={<TeamOutlined />} onClick={() => onAccion('convertir')}>
            Convertir en cliente atendido
          </Button>
        ) : null}
        {!s.tercero && puedeCrearTercero ? (
          <Button icon={<UserAddOutlined />} onClick={() => onAccion('tercero')}>
            Crear tercero
          </Button>
        ) : null}
      </Space>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        bordered
        styles={{ label: { whiteSpace: 'nowrap' } }}
        className="solicitud-datos"
        items={[
          { key: 'estado', label: 'Estado', children: <EstadoTag estado={s.estado} /> },
          { key: 'tipo', label: 'Tipo', children: etiquetaTipo(s.tipo) },
          {
            key: 'canal',
            label: 'Canal',
            children: `${etiquetaCanal(s.canal)}${s.portal ? ` · ${etiquetaPortal(s.portal)}` : ''}`,
          },
          { key: 'fecha', label: 'Recibida', children: formatFechaHora(s.fecha_recepcion) },
          {
            key: 'tercero',
            label: 'Tercero',
            children: s.tercero ? (
              <span>
                {s.tercero.nombre} <Typography.Text type="secondary">({s.tercero.nro_id})</Typography.Text>
                {s.tercero.celular || s.tercero.email ? (
                  <div>
                    <Typography.Text type="secondary">
                      {[s.tercero.celular, s.tercero.email].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </div>
                ) : null}
              </span>
            ) : (
              <Typography.Text type="secondary">Aún no es tercero</Typography.Text>
            ),
          },
          ...(contacto ? [{ key: 'contacto', label: 'Contacto', children: contacto }] : []),
          {
            key: 'inmueble',
            label: 'Inmueble',
            children: s.inmueble ? `${s.inmueble.consecutivo} · ${s.inmueble.direccion}` : '—',
          },
          {
            key: 'asignado',
            label: 'Asignado a',
            children: s.asignado?.nombre ?? <Typography.Text type="secondary">Sin asignar</Typography.Text>,
          },
          ...(s.cliente_atendido
            ? [
                {
                  key: 'cliente',
                  label: 'Cliente atendido',
                  children: (
                    <Link to={`/propiedades/clientes-atendidos?abrir=${s.cliente_atendido.consecutivo}`}>
                      Cliente atendido {s.cliente_atendido.consecutivo}
                    </Link>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={5}>Mensaje</Typography.Title>
      <Typography.Paragraph className="solicitud-mensaje">{s.mensaje}</Typography.Paragraph>
      {s.observacion && cerrada ? (
        <Alert
          type={s.estado === 'resuelta' ? 'success' : 'info'}
          showIcon
          icon={<CheckCircleOutlined />}
          title={`Observación de cierre (${etiquetaEstado(s.estado).toLowerCase()})`}
          description={s.observacion}
          className="solicitud-cierre"
        />
      ) : null}
      <Typography.Title level={5} className="solicitud-titulo-historial">
        Historial
      </Typography.Title>
      <Historial items={s.historial} />
      {hasIdm(permisos, IDM_AGENDA) ? (
        <>
          <Typography.Title level={5}>Citas</Typography.Title>
          <CitasDeRegistro registro={{ tipo: 'solicitud', id: s.numero }} />
        </>
      ) : null}
      {hasIdm(permisos, IDM_TAREAS) ? (
        <>
          <Typography.Title level={5}>Tareas</Typography.Title>
          <TareasDeRegistro vinculo={{ numero_solicitud: s.numero }} />
        </>
      ) : null}
      <Typography.Title level={5}>Correos</Typography.Title>
      <MensajesDeRegistro registro={{ entidad: 'solicitud', clave: s.numero }} />
      <Typography.Text type="secondary" className="solicitud-meta">
        Registrada por {s.creado_por} el {formatFechaHora(s.creado_en)}
        {s.modificado_por && s.modificado_en
          ? ` · modificada por ${s.modificado_por} el ${formatFechaHora(s.modificado_en)}`
          : ''}
      </Typography.Text>
    </>
  );
}

type Props = { abierta: Abierta; onCerrar: () => void; onAbrir: (numero: number) => void };

/** The request's drawer: its data, history and actions, or the create/edit form. */
export function SolicitudDrawer({ abierta, onCerrar, onAbrir }: Props) {
  const numero = typeof abierta === 'number' ? abierta : null;
  const detalle = useSolicitud(numero);
  const [editando, setEditando] = useState(false);
  const [accion, setAccion] = useState<Accion | null>(null);
  const cerrar = () => {
    setEditando(false);
    onCerrar();
  };
  const titulo =
    abierta === 'nueva'
      ? 'Nueva solicitud'
      : numero === null
        ? 'Solicitud'
        : editando
          ? `Editar la solicitud ${numero}`
          : `Solicitud ${numero}`;

  const s = detalle.data;
  const cerrarAccion = () => setAccion(null);
  return (
    <DetalleDrawer
      abierto={abierta !== null}
      onCerrar={cerrar}
      titulo={titulo}
      consulta={numero === null ? undefined : detalle}
      nombre={`la solicitud ${numero}`}
      contenido={(d) =>
        editando ? (
          <SolicitudForm
            key={`${d.numero}-${d.version}`}
            solicitud={d}
            onGuardada={() => setEditando(false)}
            onCancelar={() => setEditando(false)}
          />
        ) : (
          <Detalle s={d} onEditar={() => setEditando(true)} onAccion={setAccion} />
        )
      }
    >
      {abierta === 'nueva' ? (
        <SolicitudForm key="nueva" solicitud={null} onGuardada={(d) => onAbrir(d.numero)} onCancelar={cerrar} />
      ) : null}
      {s && accion === 'asignar' ? <AsignarModal solicitud={s} onCerrar={cerrarAccion} /> : null}
      {s && accion === 'estado' ? <EstadoModal solicitud={s} onCerrar={cerrarAccion} /> : null}
      {s && accion === 'nota' ? <NotaModal solicitud={s} onCerrar={cerrarAccion} /> : null}
      {s && accion === 'tercero' ? <CrearTerceroModal solicitud={s} onCerrar={cerrarAccion} /> : null}
      {s && accion === 'convertir' ? <ConvertirModal solicitud={s} onCerrar={cerrarAccion} /> : null}
    </DetalleDrawer>
  );
}
