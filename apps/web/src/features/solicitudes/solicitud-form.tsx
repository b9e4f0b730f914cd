import { useMemo, useState } from 'react';
import { Alert, App, Button, Col, DatePicker, Form, Input, Radio, Row, Select, Space, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CANALES,
  ETIQUETAS_SOLICITUD as L,
  PORTALES_SOLICITUD,
  TIPOS_SOLICITUD,
  ZSolicitudCampos,
  ZSolicitudForm,
  type Canal,
  type PortalSolicitud,
  type SolicitudDetalle,
  type SolicitudFormEntrada,
  type TipoSolicitud,
} from '@predio/contract/solicitudes';
import { ApiError } from '../../lib/http.ts';
import { marcarContrato } from '../../lib/marcar-contrato.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useAsignables } from './api/get-asignables.ts';
import { useInmueblesOpciones } from './api/get-inmuebles-opciones.ts';
import { useGuardarSolicitud } from './api/guardar-solicitud.ts';
import { TerceroSelect } from './tercero-select.tsx';

export type Valores = {
  canal: Canal | undefined;
  portal: PortalSolicitud | null;
  tipo: TipoSolicitud | undefined;
  solicitante: 'tercero' | 'contacto';
  id_tercero: number | null;
  contacto_nombre: string;
  contacto_telefono: string;
  contacto_email: string;
  consecutivo_inmueble: number | null;
  id_asignado: number | null;
  fecha_recepcion: Dayjs | null;
  mensaje: string;
};
type Campo = keyof Valores;

function iniciales(s: SolicitudDetalle | null): Valores {
  return {
    canal: s?.canal,
    portal: s?.portal ?? null,
    tipo: s?.tipo,
    solicitante: s && !s.tercero ? 'contacto' : 'tercero',
    id_tercero: s?.tercero?.id ?? null,
    contacto_nombre: s?.contacto_nombre ?? '',
    contacto_telefono: s?.contacto_telefono ?? '',
    contacto_email: s?.contacto_email ?? '',
    consecutivo_inmueble: s?.inmueble?.consecutivo ?? null,
    id_asignado: s?.asignado?.id ?? null,
    fecha_recepcion: s ? dayjs(s.fecha_recepcion) : dayjs(),
    mensaje: s?.mensaje ?? '',
  };
}

/** The form's values as the contract's body; the contact is kept even when a tercero is chosen. */
export function aContrato(v: Valores, nueva: boolean): SolicitudFormEntrada {
  return {
    canal: v.canal as Canal,
    portal: v.canal === 'portal' ? v.portal : null,
    tipo: v.tipo as TipoSolicitud,
    id_tercero: v.solicitante === 'tercero' ? v.id_tercero : null,
    contacto_nombre: v.contacto_nombre ?? '',
    contacto_telefono: v.contacto_telefono ?? '',
    contacto_email: v.contacto_email ?? '',
    consecutivo_inmueble: v.consecutivo_inmueble,
    fecha_recepcion: v.fecha_recepcion ? v.fecha_recepcion.toISOString() : null,
    mensaje: v.mensaje ?? '',
    ...(nueva ? { id_asignado: v.id_asignado } : {}),
  };
}

const CAMPOS_FORM = new Set<string>([...Object.keys(ZSolicitudCampos.shape), 'id_asignado']);
// The contract's messages already name the field ("El campo Mensaje es obligatorio").
const regla = (campo: keyof typeof ZSolicitudCampos.shape): FormRule => ({
  validator: (_r, value: unknown) => {
    const r = ZSolicitudCampos.shape[campo].safeParse(value ?? undefined);
    return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? 'no es válido'));
  },
});

/** Searchable select that asks the server as the person types. */
function useBusqueda() {
  const [texto, setTexto] = useState('');
  const [abierto, setAbierto] = useState(false);
  const q = useDebouncedValue(texto, 250);
  return { q, abierto, setTexto, setAbierto };
}

type Props = {
  solicitud: SolicitudDetalle | null;
  onGuardada: (d: SolicitudDetalle) => void;
  onCancelar: () => void;
};

/** One form for create and edit. Assignment on create only: afterwards it has its own action with history. */
export function SolicitudForm({ solicitud, onGuardada, onCancelar }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const guardar = useGuardarSolicitud();
  const [conflicto, setConflicto] = useState<string | null>(null);
  const inicial = useMemo(() => iniciales(solicitud), [solicitud]);
  const canal = Form.useWatch('canal', form) ?? inicial.canal;
  const solicitante = Form.useWatch('solicitante', form) ?? inicial.solicitante;

  const bi = useBusqueda();
  const inmuebles = useInmueblesOpciones(bi.q, bi.abierto || bi.q !== '');
  const opcionesInmueble = useMemo(() => {
    const xs = (inmuebles.data ?? []).map((i) => ({ value: i.consecutivo, label: `${i.consecutivo} · ${i.direccion}` }));
    const actual = solicitud?.inmueble;
    if (actual && !xs.some((x) => x.value === actual.consecutivo))
      xs.unshift({ value: actual.consecutivo, label: `${actual.consecutivo} · ${actual.direccion}` });
    return xs;
  }, [inmuebles.data, solicitud]);

  const asignables = useAsignables();

  function mostrarErrores(campos: { campo: string; mensaje: string }[]) {
    const conocidos = campos.filter((c) => CAMPOS_FORM.has(c.campo));
    form.setFields(conocidos.map((c) => ({ name: c.campo as Campo, errors: [c.mensaje] })));
    const resto = campos.filter((c) => !CAMPOS_FORM.has(c.campo));
    if (resto.length > 0) void message.error(resto.map((c) => c.mensaje).join('; '));
  }

  async function enviar() {
    setConflicto(null);
    const valores = aContrato(form.getFieldsValue(true) as Valores, solicitud === null);
    const r = ZSolicitudForm.safeParse({ id_asignado: null, ...valores });
    if (!r.success) {
      mostrarErrores(r.error.issues.map((i) => ({ campo: String(i.path[0] ?? ''), mensaje: i.message })));
      void message.error('Revise los campos marcados');
      return;
    }
    try {
      const d = await guardar.mutateAsync({ numero: solicitud?.numero ?? null, version: solicitud?.version ?? null, valores });
      void message.success(solicitud ? 'Solicitud guardada' : `Solicitud ${d.numero} registrada`);
      onGuardada(d);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.campos.some((c) => c.campo === 'version')) setConflicto(e.message);
      else if (e.campos.length > 0) mostrarErrores(e.campos);
      else void message.error(e.message);
    }
  }

  return (
    <Form<Valores>
      form={form}
      layout="vertical"
      initialValues={inicial}
      onFinish={() => void enviar()}
      scrollToFirstError
      onFinishFailed={() => {
        const valores = aContrato(form.getFieldsValue(true) as Valores, solicitud === null);
        const r = ZSolicitudForm.safeParse({ id_asignado: null, ...valores });
        if (!r.success) marcarContrato(form, r.error.issues, CAMPOS_FORM);
      }}
    >
      {conflicto ? <Alert type="warning" showIcon title={conflicto} className="solicitud-aviso" /> : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="canal" label={L.canal} rules={[{ required: true, message: `El campo ${L.canal} es obligatorio` }]}>
            <Select options={CANALES.map((c) => ({ value: c.value, label: c.label }))} placeholder="¿Por dónde llegó?" />
          </Form.Item>
        </Col>
        {canal === 'portal' ? (
          <Col xs={24} md={12}>
            <Form.Item
              name="portal"
              label={L.portal}
              rules={[{ required: true, message: `El campo ${L.portal} es obligatorio` }]}
            >
              <Select options={PORTALES_SOLICITUD.map((c) => ({ value: c.value, label: c.label }))} placeholder="¿Cuál portal?" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="tipo" label={L.tipo} rules={[{ required: true, message: `El campo ${L.tipo} es obligatorio` }]}>
            <Select options={TIPOS_SOLICITUD.map((c) => ({ value: c.value, label: c.label }))} placeholder="¿Qué pide?" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="fecha_recepcion" label={L.fecha_recepcion}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              className="solicitud-ancho"
              disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
              allowClear={false}
            />
          </Form.Item>
        </Col>
      </Row>

      <Form.Item name="solicitante" label="Solicitante">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'tercero', label: 'Tercero registrado' },
            { value: 'contacto', label: 'Aún no es tercero' },
          ]}
        />
      </Form.Item>
      {solicitante === 'tercero' ? (
        <Form.Item
          name="id_tercero"
          label={L.id_tercero}
          rules={[{ required: true, message: `Elija el ${L.id_tercero} o marque «Aún no es tercero»` }]}
        >
          <TerceroSelect aria-label={L.id_tercero} actual={solicitud?.tercero ?? null} />
        </Form.Item>
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={24}>
            <Form.Item name="contacto_nombre" label={L.contacto_nombre} rules={[regla('contacto_nombre')]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contacto_telefono" label={L.contacto_telefono} rules={[regla('contacto_telefono')]}>
              <Input autoComplete="off" inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contacto_email" label={L.contacto_email} rules={[regla('contacto_email')]}>
              <Input autoComplete="off" inputMode="email" />
            </Form.Item>
          </Col>
        </Row>
      )}

      <Row gutter={16}>
        <Col xs={24} md={solicitud ? 24 : 12}>
          <Form.Item
            name="consecutivo_inmueble"
            label={L.consecutivo_inmueble}
            extra={
              inmuebles.isError ? 'No se pudieron buscar inmuebles (requiere el permiso de Inmuebles disponibles).' : undefined
            }
          >
            <Select
              aria-label={L.consecutivo_inmueble}
              placeholder="Consecutivo o dirección"
              options={opcionesInmueble}
              allowClear
              showSearch={{ filterOption: false, onSearch: bi.setTexto }}
              onOpenChange={bi.setAbierto}
              loading={inmuebles.isFetching}
              notFoundContent={inmuebles.isFetching ? 'Buscando…' : 'Sin resultados'}
            />
          </Form.Item>
        </Col>
        {solicitud ? null : (
          <Col xs={24} md={12}>
            <Form.Item name="id_asignado" label={L.id_asignado} extra="Si la asigna, queda en estado Asignada y se le avisa.">
              <Select
                aria-label={L.id_asignado}
                placeholder="Sin asignar"
                allowClear
                loading={asignables.isPending}
                options={(asignables.data ?? []).map((u) => ({ value: u.id, label: u.nombre }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item name="mensaje" label={L.mensaje} rules={[regla('mensaje')]} required>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} showCount />
      </Form.Item>
      <div className="solicitud-botones">
        <Space wrap>
          <Button onClick={onCancelar}>Cancelar</Button>
          <Button type="primary" htmlType="submit" loading={guardar.isPending}>
            {solicitud ? 'Guardar cambios' : 'Registrar solicitud'}
          </Button>
        </Space>
      </div>
    </Form>
  );
}
