import { useState } from 'react';
import { App, Button, Card, Checkbox, Descriptions, Form, Input, Select, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import {
  ESTADOS_MANTENIMIENTO,
  ETIQUETAS_CATEGORIA,
  ETIQUETAS_ESTADO_MANTENIMIENTO,
  ETIQUETAS_PAGADOR,
  ETIQUETAS_URGENCIA,
  PAGADORES,
  URGENCIAS,
  type CostoMantenimiento,
  type EstadoMantenimiento,
  type EventoMantenimiento,
  type SolicitudMantenimiento,
  type SolicitudMantenimientoGestion,
} from '@predio/contract/zona-clientes';
import { Archivos } from '../../components/archivos/archivos.tsx';
import { CotizacionesStaff } from './cotizaciones-staff.tsx';
import { conocida, RemoteSelect } from '../../components/remote-select.tsx';
import { MoneyInput } from '../../components/resource-form/field-item.tsx';
import { consultaTerceros } from '../../components/zona-clientes/api.ts';
import { DetalleDrawer } from '../../components/lista/detalle-drawer.tsx';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import {
  useCambiarMantenimiento,
  useComentarMantenimiento,
  useCostoMantenimiento,
  useMantenimiento,
  useMantenimientos,
  useOpcionesMantenimiento,
} from './api/zona-clientes-api.ts';
import { useMantenimientoParams, type MantenimientoParams } from './mantenimiento-params.ts';

const COLOR: Record<EstadoMantenimiento, string> = {
  recibida: 'blue',
  en_revision: 'gold',
  aprobada: 'cyan',
  en_ejecucion: 'purple',
  resuelta: 'green',
  cerrada: 'default',
  rechazada: 'red',
};

export const EstadoMantenimientoTag = ({ estado }: { estado: EstadoMantenimiento }) => (
  <Tag color={COLOR[estado]}>{ETIQUETAS_ESTADO_MANTENIMIENTO[estado]}</Tag>
);

/** What a step of the request says, for staff and for the client alike. */
export function textoEvento(e: EventoMantenimiento): string {
  if (e.tipo === 'creada') return 'Solicitud recibida';
  if (e.tipo === 'estado' && e.estado)
    return `Estado: ${ETIQUETAS_ESTADO_MANTENIMIENTO[e.estado]}${e.texto ? `. ${e.texto}` : ''}`;
  return e.texto;
}

/** Zona clientes > Solicitudes de mantenimiento (idm 10550): what clients report, handled by staff. */
export function MantenimientoPage() {
  const { params, cambiar, limpiar, hayFiltros, abierto, abrir, enlace } = useMantenimientoParams();
  const lista = useMantenimientos(params);
  const opciones = useOpcionesMantenimiento();
  const columnas: ColumnaLista<SolicitudMantenimiento>[] = [
    {
      key: 'consecutivo',
      title: 'N.º',
      ordenable: true,
      width: 80,
      render: (_v, s) => <Link to={enlace(s.consecutivo)}>{s.consecutivo}</Link>,
    },
    {
      key: 'estado',
      title: 'Estado',
      ordenable: true,
      width: 190,
      render: (_v, s) => <EstadoMantenimientoTag estado={s.estado} />,
    },
    { key: 'creado_en', title: 'Recibida', ordenable: true, width: 170, render: (_v, s) => formatFechaHora(s.creado_en) },
    { key: 'cliente', title: 'Cliente', render: (_v, s) => s.cliente },
    { key: 'inmueble', title: 'Inmueble', ellipsis: true, render: (_v, s) => s.inmueble },
    { key: 'categoria', title: 'Categoría', render: (_v, s) => ETIQUETAS_CATEGORIA[s.categoria] },
    { key: 'urgencia', title: 'Urgencia', ordenable: true, width: 110, render: (_v, s) => ETIQUETAS_URGENCIA[s.urgencia] },
    {
      key: 'asignado',
      title: 'Asignada a',
      render: (_v, s) => s.asignado ?? <Typography.Text type="secondary">Sin asignar</Typography.Text>,
    },
  ];
  const filtros = (
    <>
      <Select
        aria-label="Estado"
        mode="multiple"
        maxTagCount="responsive"
        placeholder="Todos los estados"
        allowClear
        value={params.estado}
        onChange={(v) => cambiar({ estado: v })}
        options={ESTADOS_MANTENIMIENTO.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_MANTENIMIENTO[e] }))}
        style={{ minWidth: 220 }}
      />
      <Select
        aria-label="Urgencia"
        placeholder="Cualquier urgencia"
        allowClear
        value={params.urgencia ?? undefined}
        onChange={(v) => cambiar({ urgencia: v ?? null })}
        options={URGENCIAS.map((u) => ({ value: u, label: ETIQUETAS_URGENCIA[u] }))}
        style={{ minWidth: 160 }}
      />
      <Select
        aria-label="Asignada a"
        placeholder="Cualquier responsable"
        allowClear
        value={params.asignado ?? undefined}
        onChange={(v?: number) => cambiar({ asignado: v ?? null })}
        options={(opciones.data?.usuarios ?? []).map((u) => ({ value: u.id, label: u.nombre }))}
        style={{ minWidth: 200 }}
      />
    </>
  );
  const numero = typeof abierto === 'number' ? abierto : null;
  return (
    <Card title="Solicitudes de mantenimiento">
      <ListPage<SolicitudMantenimiento, NonNullable<MantenimientoParams['sort']>>
        sustantivo={{ singular: 'solicitud', plural: 'solicitudes' }}
        consulta={lista}
        columnas={columnas}
        claveColumnas="solicitudes-mantenimiento"
        estado={params}
        ordenPorDefecto={{ sort: 'consecutivo', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }, { replace: true }),
          placeholder: 'Número, cliente, inmueble o texto',
        }}
        filtros={filtros}
        filtrosActivos={[params.estado.length, params.urgencia, params.asignado].filter(Boolean).length}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        vacio={{ texto: 'Aún no hay solicitudes de mantenimiento: llegan desde la zona clientes' }}
        tarjeta={(s) => (
          <>
            <div>
              <Link to={enlace(s.consecutivo)}>
                {s.consecutivo} · {ETIQUETAS_CATEGORIA[s.categoria]}
              </Link>{' '}
              <EstadoMantenimientoTag estado={s.estado} />
            </div>
            <div>{s.inmueble}</div>
            <Typography.Text type="secondary">
              {s.cliente} · {formatFechaHora(s.creado_en)}
            </Typography.Text>
          </>
        )}
        filaClave={(s) => s.consecutivo}
        tituloError="No se pudo cargar la lista de solicitudes de mantenimiento"
      />
      <DetalleMantenimiento numero={numero} onCerrar={() => abrir(null)} />
    </Card>
  );
}

function DetalleMantenimiento({ numero, onCerrar }: { numero: number | null; onCerrar: () => void }) {
  const consulta = useMantenimiento(numero);
  return (
    <DetalleDrawer<SolicitudMantenimientoGestion>
      abierto={numero !== null}
      onCerrar={onCerrar}
      titulo={numero ? `Solicitud de mantenimiento ${numero}` : 'Solicitud de mantenimiento'}
      consulta={consulta}
      nombre="la solicitud"
      pestanas={(s) => [
        { key: 'datos', label: 'Datos', children: <Gestion s={s} /> },
        {
          key: 'cotizaciones',
          label: `Cotizaciones${s.cotizaciones.length ? ` (${s.cotizaciones.length})` : ''}`,
          children: <CotizacionesStaff s={s} />,
        },
        {
          key: 'fotos',
          label: 'Fotos',
          children: (
            <Archivos
              tipo="solicitud_mantenimiento"
              dueno={String(s.consecutivo)}
              categoria="foto"
              acepta="image/jpeg,image/png,image/webp"
              textos={{
                singular: 'foto',
                plural: 'fotos',
                vacio: 'Sin fotos: el cliente no adjuntó ninguna. Puede subir las del resultado aquí.',
                vacioSoloLectura: 'Sin fotos.',
                ayuda: 'Fotos JPG, PNG o WEBP de hasta 15 MB.',
              }}
            />
          ),
        },
      ]}
    />
  );
}

/** The repair's cost, who pays it and the supplier (an approved quote fills them in when still empty). */
function CostoForm({ s }: { s: SolicitudMantenimientoGestion }) {
  const { message } = App.useApp();
  const guardar = useCostoMantenimiento(s.consecutivo);
  const [form] = Form.useForm<CostoMantenimiento>();
  return (
    <Form
      form={form}
      layout="vertical"
      name="costo-mantenimiento"
      style={{ marginTop: 16 }}
      initialValues={{ costo: s.costo, paga: s.paga, id_proveedor: s.id_proveedor }}
      onFinish={(v) =>
        guardar.mutate(
          { costo: v.costo ?? null, paga: v.paga ?? null, id_proveedor: v.id_proveedor ?? null },
          { onSuccess: () => void message.success('Costo guardado') },
        )
      }
    >
      <Typography.Title level={5}>Costo y quién paga</Typography.Title>
      <Form.Item name="costo" label="Costo">
        <MoneyInput />
      </Form.Item>
      <Form.Item
        name="paga"
        label="Quién paga"
        dependencies={['costo']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_r, v) =>
              getFieldValue('costo') != null && !v
                ? Promise.reject(new Error('El campo Quién paga es obligatorio cuando hay un costo'))
                : Promise.resolve(),
          }),
        ]}
        extra="El cliente ve quién paga; el valor, solo si lo paga él."
      >
        <Select allowClear options={PAGADORES.map((p) => ({ value: p, label: ETIQUETAS_PAGADOR[p] }))} />
      </Form.Item>
      <Form.Item name="id_proveedor" label="Proveedor">
        <RemoteSelect
          fuente="zona-clientes:terceros"
          opciones={consultaTerceros}
          conocidas={conocida(s.id_proveedor, s.proveedor)}
          placeholder="Busque por nombre o NIT"
        />
      </Form.Item>
      <Button htmlType="submit" loading={guardar.isPending}>
        Guardar costo
      </Button>
    </Form>
  );
}

function Gestion({ s }: { s: SolicitudMantenimientoGestion }) {
  const { message } = App.useApp();
  const opciones = useOpcionesMantenimiento();
  const cambiarM = useCambiarMantenimiento(s.consecutivo);
  const comentarM = useComentarMantenimiento(s.consecutivo);
  const [estado, setEstado] = useState<EstadoMantenimiento>(s.estado);
  const [nota, setNota] = useState('');
  const [comentario, setComentario] = useState('');
  const [visible, setVisible] = useState(true);
  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Estado">
          <EstadoMantenimientoTag estado={s.estado} />
        </Descriptions.Item>
        <Descriptions.Item label="Cliente">{s.cliente}</Descriptions.Item>
        <Descriptions.Item label="Inmueble">{s.inmueble}</Descriptions.Item>
        <Descriptions.Item label="Categoría">{ETIQUETAS_CATEGORIA[s.categoria]}</Descriptions.Item>
        <Descriptions.Item label="Urgencia">{ETIQUETAS_URGENCIA[s.urgencia]}</Descriptions.Item>
        <Descriptions.Item label="Descripción">{s.descripcion}</Descriptions.Item>
        <Descriptions.Item label="Permiso para ingresar">{s.permiso_ingreso ? 'Sí' : 'No'}</Descriptions.Item>
        {s.disponibilidad ? <Descriptions.Item label="Disponibilidad">{s.disponibilidad}</Descriptions.Item> : null}
        <Descriptions.Item label="Recibida">{formatFechaHora(s.creado_en)}</Descriptions.Item>
      </Descriptions>
      <CostoForm s={s} />
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label="Asignada a" htmlFor="mant-asignado">
          <Select
            id="mant-asignado"
            allowClear
            placeholder="Sin asignar"
            value={s.id_asignado ?? undefined}
            options={(opciones.data?.usuarios ?? []).map((u) => ({ value: u.id, label: u.nombre }))}
            onChange={(v?: number) =>
              cambiarM.mutate({ id_asignado: v ?? null }, { onSuccess: () => void message.success('Asignación guardada') })
            }
          />
        </Form.Item>
        <Form.Item label="Nuevo estado" htmlFor="mant-estado">
          <Select
            id="mant-estado"
            value={estado}
            onChange={setEstado}
            options={ESTADOS_MANTENIMIENTO.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_MANTENIMIENTO[e] }))}
          />
        </Form.Item>
        <Form.Item label="Nota para el cliente" htmlFor="mant-nota">
          <Input.TextArea id="mant-nota" rows={2} value={nota} onChange={(e) => setNota(e.target.value)} maxLength={2000} />
        </Form.Item>
        <Button
          type="primary"
          loading={cambiarM.isPending}
          disabled={estado === s.estado}
          onClick={() =>
            cambiarM.mutate(
              { estado, nota },
              {
                onSuccess: () => {
                  setNota('');
                  void message.success('Estado cambiado');
                },
              },
            )
          }
        >
          Cambiar estado
        </Button>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Seguimiento
      </Typography.Title>
      <Timeline
        items={s.eventos.map((e) => ({
          key: e.id,
          color: e.visible_cliente ? 'blue' : 'gray',
          content: (
            <>
              <div>{textoEvento(e)}</div>
              <Typography.Text type="secondary">
                {formatFechaHora(e.creado_en)} · {e.autor}
                {e.visible_cliente ? '' : ' · interno'}
              </Typography.Text>
            </>
          ),
        }))}
      />
      <Form layout="vertical">
        <Form.Item label="Comentario" htmlFor="mant-comentario">
          <Input.TextArea
            id="mant-comentario"
            rows={2}
            value={comentario}
            onChange={(e) => setComentario(e.target.value)}
            maxLength={4000}
          />
        </Form.Item>
        <Checkbox checked={visible} onChange={(e) => setVisible(e.target.checked)}>
          Visible para el cliente
        </Checkbox>
        <div style={{ marginTop: 8 }}>
          <Button
            loading={comentarM.isPending}
            disabled={comentario.trim() === ''}
            onClick={() =>
              comentarM.mutate({ texto: comentario, visible_cliente: visible }, { onSuccess: () => setComentario('') })
            }
          >
            Agregar comentario
          </Button>
        </div>
      </Form>
    </>
  );
}
