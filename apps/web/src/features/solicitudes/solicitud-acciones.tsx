import { useMemo, useState } from 'react';
import { Alert, App, Form, Input, Select, Typography } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { useDuplicadosTercero } from '../../components/nuevo-tercero/api.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { GESTIONES, type Gestion } from '@predio/contract/inmuebles';
import {
  ESTADOS_CERRADOS,
  ESTADOS_SOLICITUD,
  ETIQUETAS_GESTION,
  ETIQUETAS_SOLICITUD as L,
  gestionDeTipo,
  type EstadoSolicitud,
  type SolicitudDetalle,
} from '@predio/contract/solicitudes';
import { TIPOS_DCTO, componerNombre } from '@predio/contract/terceros';
import { ApiError } from '../../lib/http.ts';
import { useAgregarNotaSolicitud } from './api/agregar-nota-solicitud.ts';
import { useAsignarSolicitud } from './api/asignar-solicitud.ts';
import { useCambiarEstadoSolicitud } from './api/cambiar-estado-solicitud.ts';
import { useConvertirSolicitud } from './api/convertir-solicitud.ts';
import { useCrearTerceroContacto } from './api/crear-tercero-contacto.ts';
import { useAsignables } from './api/get-asignables.ts';
import { useGuardarSolicitud } from './api/guardar-solicitud.ts';
import { TerceroSelect } from './tercero-select.tsx';

export type Accion = 'asignar' | 'estado' | 'nota' | 'tercero' | 'convertir';
type Props = { solicitud: SolicitudDetalle; onCerrar: () => void };

/** Runs a call and puts the server's field errors beside the fields; true when it worked. */
async function conErrores<V extends object>(
  form: ReturnType<typeof Form.useForm<V>>[0],
  fn: () => Promise<unknown>,
  avisar: (m: string) => void,
): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const nombres = Object.keys(form.getFieldsValue(true) as object);
    const propios = e.campos.filter((c) => nombres.includes(c.campo));
    if (propios.length > 0) form.setFields(propios.map((c) => ({ name: c.campo as never, errors: [c.mensaje] })));
    else avisar(e.message);
    return false;
  }
}

export function AsignarModal({ solicitud, onCerrar }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ id_asignado: number | null; nota: string }>();
  const asignables = useAsignables();
  const asignar = useAsignarSolicitud();
  const opciones = (asignables.data ?? [])
    .filter((u) => u.id !== solicitud.asignado?.id)
    .map((u) => ({ value: u.id, label: u.nombre }));
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const hecho = await conErrores(
      form,
      () => asignar.mutateAsync({ numero: solicitud.numero, id_asignado: v.id_asignado!, nota: v.nota ?? '' }),
      (m) => void message.error(m),
    );
    if (hecho) {
      void message.success(`Solicitud ${solicitud.numero} asignada`);
      onCerrar();
    }
  };
  return (
    <AppModal
      open
      title={solicitud.asignado ? `Reasignar la solicitud ${solicitud.numero}` : `Asignar la solicitud ${solicitud.numero}`}
      okText="Asignar"
      cancelText="Cancelar"
      onOk={() => void ok()}
      onCancel={onCerrar}
      confirmLoading={asignar.isPending}
      destroyOnHidden
      className="solicitud-modal"
    >
      <Form form={form} layout="vertical" initialValues={{ id_asignado: null, nota: '' }}>
        <Form.Item
          name="id_asignado"
          label={L.id_asignado}
          rules={[{ required: true, message: `El campo ${L.id_asignado} es obligatorio` }]}
          extra="Se le avisará en la aplicación."
        >
          <Select
            aria-label={L.id_asignado}
            options={opciones}
            loading={asignables.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Elija un usuario"
          />
        </Form.Item>
        <Form.Item name="nota" label={L.nota}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

export function EstadoModal({ solicitud, onCerrar }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ estado: EstadoSolicitud | undefined; observacion: string }>();
  const cambiar = useCambiarEstadoSolicitud();
  const estado = Form.useWatch('estado', form);
  const cierra = estado !== undefined && ESTADOS_CERRADOS.includes(estado);
  // 'Asignada' comes from assigning; 'Nueva' only while nobody holds it.
  const opciones = ESTADOS_SOLICITUD.filter(
    (e) => e.value !== solicitud.estado && e.value !== 'asignada' && !(e.value === 'nueva' && solicitud.asignado),
  ).map((e) => ({
    value: e.value,
    label: e.label,
    disabled: e.value === 'en_tramite' && !solicitud.asignado,
    title: e.value === 'en_tramite' && !solicitud.asignado ? 'Asígnela primero' : e.label,
  }));
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const hecho = await conErrores(
      form,
      () => cambiar.mutateAsync({ numero: solicitud.numero, estado: v.estado!, observacion: v.observacion ?? '' }),
      (m) => void message.error(m),
    );
    if (hecho) {
      void message.success(`Solicitud ${solicitud.numero}: ${ESTADOS_SOLICITUD.find((e) => e.value === v.estado)?.label}`);
      onCerrar();
    }
  };
  return (
    <AppModal
      open
      title={`Cambiar el estado de la solicitud ${solicitud.numero}`}
      okText="Cambiar estado"
      cancelText="Cancelar"
      onOk={() => void ok()}
      onCancel={onCerrar}
      confirmLoading={cambiar.isPending}
      destroyOnHidden
      className="solicitud-modal"
    >
      <Form form={form} layout="vertical" initialValues={{ observacion: '' }}>
        <Form.Item name="estado" label="Nuevo estado" rules={[{ required: true, message: 'Elija el nuevo estado' }]}>
          <Select aria-label="Nuevo estado" options={opciones} placeholder="Elija el estado" />
        </Form.Item>
        <Form.Item
          name="observacion"
          label={L.observacion}
          rules={[
            {
              required: cierra,
              whitespace: true,
              message: `El campo ${L.observacion} es obligatorio para cerrar la solicitud: cuente cómo se resolvió o por qué se descarta`,
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            placeholder={cierra ? 'Cómo se resolvió o por qué se descarta' : 'Opcional'}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

export function NotaModal({ solicitud, onCerrar }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ nota: string }>();
  const agregar = useAgregarNotaSolicitud();
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const hecho = await conErrores(
      form,
      () => agregar.mutateAsync({ numero: solicitud.numero, nota: v.nota }),
      (m) => void message.error(m),
    );
    if (hecho) {
      void message.success('Nota agregada');
      onCerrar();
    }
  };
  return (
    <AppModal
      open
      title={`Nota en la solicitud ${solicitud.numero}`}
      okText="Agregar nota"
      cancelText="Cancelar"
      onOk={() => void ok()}
      onCancel={onCerrar}
      confirmLoading={agregar.isPending}
      destroyOnHidden
      className="solicitud-modal"
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="nota"
          label={L.nota}
          rules={[{ required: true, whitespace: true, message: `El campo ${L.nota} es obligatorio` }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

type ValoresTercero = {
  tipo_dcto: number;
  nro_id: string;
  nombre1: string;
  nombre2: string;
  apellido1: string;
  apellido2: string;
  celular: string;
  email: string;
};

/** "Ana María Pérez Gómez" → first names and surnames, the way a Colombian name usually reads. */
export function partirNombre(nombre: string): Pick<ValoresTercero, 'nombre1' | 'nombre2' | 'apellido1' | 'apellido2'> {
  const p = nombre.trim().split(/\s+/).filter(Boolean);
  if (p.length <= 1) return { nombre1: p[0] ?? '', nombre2: '', apellido1: '', apellido2: '' };
  if (p.length === 2) return { nombre1: p[0]!, nombre2: '', apellido1: p[1]!, apellido2: '' };
  if (p.length === 3) return { nombre1: p[0]!, nombre2: '', apellido1: p[1]!, apellido2: p[2]! };
  return { nombre1: p[0]!, nombre2: p.slice(1, -2).join(' '), apellido1: p.at(-2)!, apellido2: p.at(-1)! };
}

const CAMPOS_TERCERO: { name: keyof ValoresTercero; label: string }[] = [
  { name: 'nro_id', label: 'Número de identificación' },
  { name: 'nombre1', label: 'Primer nombre' },
  { name: 'nombre2', label: 'Segundo nombre' },
  { name: 'apellido1', label: 'Primer apellido' },
  { name: 'apellido2', label: 'Segundo apellido' },
  { name: 'celular', label: 'Celular' },
  { name: 'email', label: 'Correo electrónico' },
];

/** Creates the contact as a tercero (terceros API) and links it to the request. */
export function CrearTerceroModal({ solicitud, onCerrar }: Props) {
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<ValoresTercero>();
  const crear = useCrearTerceroContacto();
  const guardar = useGuardarSolicitud();
  const [creado, setCreado] = useState<number | null>(null);
  // A request from the website often comes from someone already in terceros: offer them before a copy.
  const nro = Form.useWatch('nro_id', form) ?? '';
  const email = Form.useWatch('email', form) ?? solicitud.contacto_email;
  const celular = Form.useWatch('celular', form) ?? solicitud.contacto_telefono;
  const criterios = useDebouncedValue(
    useMemo(() => ({ nro_id: nro.trim(), email: email.trim(), celular: celular.trim() }), [nro, email, celular]),
    400,
  );
  const duplicados = useDuplicadosTercero(criterios);
  const valoresSolicitud = (idTercero: number) => ({
    canal: solicitud.canal,
    portal: solicitud.portal,
    tipo: solicitud.tipo,
    id_tercero: idTercero,
    contacto_nombre: solicitud.contacto_nombre,
    contacto_telefono: solicitud.contacto_telefono,
    contacto_email: solicitud.contacto_email,
    consecutivo_inmueble: solicitud.inmueble?.consecutivo ?? null,
    fecha_recepcion: solicitud.fecha_recepcion,
    mensaje: solicitud.mensaje,
  });
  const vincular = async (a: { id: number; nombre: string }) => {
    try {
      await guardar.mutateAsync({ numero: solicitud.numero, version: solicitud.version, valores: valoresSolicitud(a.id) });
      void message.success(`Solicitud vinculada a ${a.nombre}`);
      onCerrar();
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
  };
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    let id = creado;
    if (id === null) {
      const hecho = await conErrores(
        form,
        async () => {
          const g = await crear.mutateAsync({
            ...v,
            tipo_contribuyente: 2,
            // A requester is a client; one who comes to consign a property is an owner too.
            cliente: true,
            propietario: solicitud.tipo === 'consignar',
          });
          id = g.tercero.id;
          setCreado(id);
          if (g.advertencias.length > 0)
            notification.warning({
              title: 'Posible tercero repetido',
              description: g.advertencias.map((a) => a.mensaje).join(' '),
              duration: 8,
            });
        },
        (m) => void message.error(m),
      );
      if (!hecho) return;
    }
    await guardar.mutateAsync({ numero: solicitud.numero, version: solicitud.version, valores: valoresSolicitud(id!) });
    void message.success(`Tercero ${componerNombre(v)} creado y vinculado a la solicitud`);
    onCerrar();
  };
  return (
    <AppModal
      open
      title="Crear tercero con los datos del contacto"
      okText="Crear tercero"
      cancelText="Cancelar"
      onOk={() => void ok().catch((e: unknown) => void message.error(e instanceof Error ? e.message : String(e)))}
      onCancel={onCerrar}
      confirmLoading={crear.isPending || guardar.isPending}
      destroyOnHidden
      className="solicitud-modal"
    >
      {creado === null && (duplicados.data ?? []).length > 0 ? (
        <Alert
          type="warning"
          showIcon
          className="solicitud-aviso-tercero"
          title="Puede que ya esté en terceros"
          description={
            <ul className="solicitud-lista-terceros">
              {(duplicados.data ?? []).map((a) => (
                <li key={`${a.campo}-${a.id}`}>
                  {a.mensaje} <Typography.Link onClick={() => void vincular(a)}>Vincular a {a.nombre}</Typography.Link>
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          tipo_dcto: 13,
          nro_id: '',
          ...partirNombre(solicitud.contacto_nombre),
          celular: solicitud.contacto_telefono,
          email: solicitud.contacto_email,
        }}
      >
        <Form.Item name="tipo_dcto" label="Tipo de documento">
          <Select options={TIPOS_DCTO.filter((t) => t.value !== 31).map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        {CAMPOS_TERCERO.map((c) => (
          <Form.Item
            key={c.name}
            name={c.name}
            label={c.label}
            rules={
              c.name === 'nro_id' || c.name === 'nombre1' || c.name === 'apellido1'
                ? [{ required: true, whitespace: true, message: `El campo ${c.label} es obligatorio` }]
                : []
            }
          >
            <Input autoComplete="off" disabled={creado !== null} />
          </Form.Item>
        ))}
      </Form>
    </AppModal>
  );
}

/** The request becomes a cliente atendido: the tercero is required, the gestión comes from the tipo when it says it. */
export function ConvertirModal({ solicitud, onCerrar }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ id_tercero: number | null; gestion: Gestion | null }>();
  const convertir = useConvertirSolicitud();
  const gestion = gestionDeTipo(solicitud.tipo);
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    let consecutivo: number | undefined;
    const hecho = await conErrores(
      form,
      async () => {
        const d = await convertir.mutateAsync({ numero: solicitud.numero, id_tercero: v.id_tercero, gestion: v.gestion });
        consecutivo = d.cliente_atendido?.consecutivo;
      },
      (m) => void message.error(m),
    );
    if (hecho) {
      void message.success(`Cliente atendido ${consecutivo ?? ''} creado desde la solicitud ${solicitud.numero}`);
      onCerrar();
    }
  };
  return (
    <AppModal
      open
      title={`Convertir la solicitud ${solicitud.numero} en cliente atendido`}
      okText="Convertir"
      cancelText="Cancelar"
      onOk={() => void ok()}
      onCancel={onCerrar}
      confirmLoading={convertir.isPending}
      destroyOnHidden
      className="solicitud-modal"
    >
      <Form form={form} layout="vertical" initialValues={{ id_tercero: solicitud.tercero?.id ?? null, gestion }}>
        <Form.Item
          name="id_tercero"
          label={L.id_tercero}
          rules={[
            { required: true, message: `El campo ${L.id_tercero} es obligatorio: elíjalo o créelo con los datos del contacto` },
          ]}
          extra={solicitud.tercero ? undefined : 'La solicitud no tiene tercero: elija uno o use «Crear tercero».'}
        >
          <TerceroSelect aria-label={L.id_tercero} actual={solicitud.tercero} />
        </Form.Item>
        <Form.Item
          name="gestion"
          label="Gestión que busca"
          rules={solicitud.inmueble ? [] : [{ required: true, message: 'Elija la gestión que busca el cliente' }]}
          extra={!gestion && solicitud.inmueble ? 'Sin elegir, se toma la del inmueble relacionado.' : undefined}
        >
          <Select
            aria-label="Gestión que busca"
            allowClear
            placeholder={solicitud.inmueble ? 'La del inmueble relacionado' : 'Elija la gestión'}
            options={GESTIONES.map((g) => ({ value: g, label: ETIQUETAS_GESTION[g] }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          Asesor: {solicitud.asignado?.nombre ?? 'sin asesor (la solicitud no está asignada)'}.
          {solicitud.inmueble ? ' El tipo y el municipio del inmueble relacionado quedan como requisitos.' : ''}
        </Typography.Paragraph>
      </Form>
    </AppModal>
  );
}
