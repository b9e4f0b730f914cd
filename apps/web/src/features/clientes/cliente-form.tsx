import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Dropdown,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { SectionTabs } from '../../components/section-tabs.tsx';
import type { Dayjs } from 'dayjs';
import {
  ESTADOS_ABIERTOS,
  ESTADOS_CLIENTE,
  ETIQUETA_ESTADO_CLIENTE,
  ETIQUETA_GESTION_CLIENTE,
  ETIQUETAS_CLIENTE as L,
  RESULTADOS_CIERRE,
  ZClienteCampos,
  ZClienteForm,
  etiquetaResultado,
  type ClienteDetalle,
  type ClienteFormEntrada,
  type ResultadoCierre,
  type RolConversion,
} from '@predio/contract/clientes';
import { GESTIONES, TIPOS_INMUEBLE } from '@predio/contract/inmuebles';
import { ApiError } from '../../lib/http.ts';
import { marcarContrato } from '../../lib/marcar-contrato.ts';
import { formatFecha, formatFechaHora } from '../../lib/format.ts';
import { usePermisos, useSession } from '../../lib/session-store.ts';
import { useAccionCliente } from './api/acciones-cliente.ts';
import { useCliente } from './api/get-cliente.ts';
import { useAsesores } from './api/get-opciones.ts';
import { useGuardarCliente } from './api/guardar-cliente.ts';
import { CoincidenciasPanel } from './coincidencias-panel.tsx';
import { aDayjs, COLOR_ESTADO, deDayjs, formatoPesos, hoy, leerPesos } from './formato.ts';
import { RemoteSelect, conocida } from '../../components/remote-select.tsx';
import { consultaMaestro } from '../../components/opciones-maestro.ts';
import { TerceroSelect, type TerceroElegido } from './tercero-select.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { hasIdm } from '@predio/contract/menu';
import { IDM_TAREAS } from '@predio/contract/tareas';
import { TareasDeRegistro } from '../../components/tareas/tareas-registro.tsx';
import { CitasDeRegistro } from '../../components/agenda/citas-registro.tsx';
import { MensajesDeRegistro } from '../../components/redactar-correo/mensajes-registro.tsx';
import { IDM_AGENDA } from '@predio/contract/agenda';

type Abierto = number | 'nuevo' | null;

export function ClienteDrawer({
  abierto,
  onCerrar,
  onAbrir,
}: {
  abierto: Abierto;
  onCerrar: () => void;
  onAbrir: (c: number) => void;
}) {
  const pantalla = Grid.useBreakpoint();
  const consecutivo = typeof abierto === 'number' ? abierto : null;
  const detalle = useCliente(consecutivo);
  const titulo =
    abierto === 'nuevo'
      ? 'Nuevo cliente atendido'
      : detalle.data
        ? `Cliente atendido ${detalle.data.consecutivo} · ${detalle.data.tercero.nombre}`
        : 'Cliente atendido';
  return (
    <AppDrawer open={abierto !== null} onClose={onCerrar} title={titulo} size={pantalla.md ? 960 : '100%'} destroyOnHidden>
      {abierto === 'nuevo' ? (
        <ClienteForm key="nuevo" cliente={null} onGuardado={onAbrir} onCancelar={onCerrar} />
      ) : detalle.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : detalle.isError ? (
        <ErrorDeCarga
          titulo={`No se pudo abrir el cliente atendido ${consecutivo}`}
          error={detalle.error}
          onReintentar={() => void detalle.refetch()}
        />
      ) : (
        <ClienteTabs key={detalle.data.consecutivo} cliente={detalle.data} onCerrar={onCerrar} />
      )}
    </AppDrawer>
  );
}

function ClienteTabs({ cliente, onCerrar }: { cliente: ClienteDetalle; onCerrar: () => void }) {
  const [pestana, setPestana] = useState('datos');
  // On a phone the three long titles overflowed into «…»; the short ones fit.
  const movil = Grid.useBreakpoint().md === false;
  const permisos = usePermisos();
  return (
    <SectionTabs
      activeKey={pestana}
      onChange={setPestana}
      items={[
        {
          key: 'datos',
          label: movil ? 'Datos' : 'Datos y requisitos',
          children: <ClienteForm cliente={cliente} onGuardado={() => setPestana('coincidencias')} onCancelar={onCerrar} />,
        },
        { key: 'seguimiento', label: `Seguimiento (${cliente.notas.length})`, children: <Seguimiento cliente={cliente} /> },
        {
          key: 'coincidencias',
          label: movil ? 'Coincidencias' : 'Inmuebles que coinciden',
          children: <CoincidenciasPanel cliente={cliente} />,
        },
        ...(hasIdm(permisos, IDM_AGENDA)
          ? [{ key: 'citas', label: 'Citas', children: <CitasDeRegistro registro={{ tipo: 'cliente', id: cliente.id }} /> }]
          : []),
        ...(hasIdm(permisos, IDM_TAREAS)
          ? [{ key: 'tareas', label: 'Tareas', children: <TareasDeRegistro vinculo={{ id_cliente_atendido: cliente.id }} /> }]
          : []),
        {
          key: 'correos',
          label: 'Correos',
          children: <MensajesDeRegistro registro={{ entidad: 'cliente', clave: cliente.consecutivo }} />,
        },
      ]}
    />
  );
}

type Valores = Omit<ClienteFormEntrada, 'fecha_ingreso'> & { fecha_ingreso: Dayjs | null };

function iniciales(c: ClienteDetalle | null): Partial<Valores> {
  if (!c)
    return {
      gestion: 'arriendo',
      estado: 'activo',
      fecha_ingreso: aDayjs(hoy()),
      tipos: [],
      municipios: [],
      barrios: [],
      zonas: [],
      estratos: [],
      caracteristicas: [],
    };
  const { fecha_ingreso, ...resto } = c;
  // A closed lead's form is read-only and shows 'Cerrado'; it is reopened from Seguimiento.
  return { ...resto, estado: resto.estado as Valores['estado'], fecha_ingreso: aDayjs(fecha_ingreso) };
}

const CAMPOS_FORM = new Set(Object.keys(ZClienteCampos.shape));

function ClienteForm({
  cliente,
  onGuardado,
  onCancelar,
}: {
  cliente: ClienteDetalle | null;
  onGuardado: (consecutivo: number) => void;
  onCancelar: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const guardar = useGuardarCliente();
  const asesores = useAsesores();
  const [tercero, setTercero] = useState<TerceroElegido | null>(cliente ? cliente.tercero : null);
  const [conflicto, setConflicto] = useState<string | null>(null);
  const municipios = Form.useWatch('municipios', form) ?? [];
  const cerrado = cliente?.estado === 'cerrado';
  const porDefecto = asesores.data?.find((a) => a.porDefecto) ?? null;
  const yo = useSession((s) => s.claims?.idUsuario);

  // A new lead starts with the asesor the server would give it (the user, or the company's default).
  useEffect(() => {
    if (!cliente && porDefecto && !form.isFieldTouched('id_asesor')) form.setFieldValue('id_asesor', porDefecto.id);
  }, [cliente, porDefecto, form]);

  const aEntrada = (v: Valores) => ({ ...v, fecha_ingreso: deDayjs(v.fecha_ingreso) ?? undefined }) as ClienteFormEntrada;

  async function enviar(v: Valores) {
    const entrada = aEntrada(v);
    const ok = ZClienteForm.safeParse(entrada);
    if (!ok.success) {
      form.setFields(ok.error.issues.map((i) => ({ name: String(i.path[0]) as keyof Valores, errors: [i.message] })));
      void message.error('Revise los campos marcados');
      return;
    }
    try {
      const d = await guardar.mutateAsync({
        consecutivo: cliente?.consecutivo ?? null,
        version: cliente?.version ?? null,
        valores: entrada,
      });
      void message.success(cliente ? 'Cliente atendido guardado' : `Cliente atendido ${d.consecutivo} creado`);
      onGuardado(d.consecutivo);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.campos.some((c) => c.campo === 'version')) setConflicto(e.message);
      else if (e.campos.some((c) => CAMPOS_FORM.has(c.campo))) {
        form.setFields(
          e.campos.filter((c) => CAMPOS_FORM.has(c.campo)).map((c) => ({ name: c.campo as keyof Valores, errors: [c.mensaje] })),
        );
        void message.error('Revise los campos marcados');
      } else void message.error(e.message);
    }
  }

  return (
    <Form<Valores>
      form={form}
      layout="vertical"
      initialValues={iniciales(cliente)}
      onFinish={(v) => void enviar(v)}
      scrollToFirstError
      onFinishFailed={() => {
        const r = ZClienteForm.safeParse(aEntrada(form.getFieldsValue(true) as Valores));
        if (!r.success) marcarContrato(form, r.error.issues, CAMPOS_FORM);
      }}
      disabled={cerrado}
      className="cliente-form"
    >
      {cerrado ? (
        <Alert
          type="info"
          showIcon
          className="cliente-aviso"
          title={`Cerrado el ${formatFecha(cliente.fecha_cierre)}: ${etiquetaResultado(cliente.resultado)}`}
          description="Para modificarlo, reábralo en la pestaña Seguimiento."
        />
      ) : null}
      {conflicto ? <Alert type="error" showIcon className="cliente-aviso" title={conflicto} /> : null}
      <Typography.Title level={5}>Cliente</Typography.Title>
      <Row gutter={12}>
        <Col xs={24} md={14}>
          <Form.Item
            name="id_tercero"
            label={L.id_tercero}
            rules={[{ required: true, message: 'Elija o cree el tercero del cliente' }]}
          >
            <TerceroSelect elegido={tercero} onElegido={setTercero} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item name="fecha_ingreso" label={L.fecha_ingreso}>
            <DatePicker format="DD/MM/YYYY" className="cliente-ancho" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item name="estado" label={L.estado}>
            <Select
              options={(cerrado ? ESTADOS_CLIENTE : ESTADOS_ABIERTOS).map((e) => ({
                value: e,
                label: ETIQUETA_ESTADO_CLIENTE[e],
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="gestion" label={L.gestion} rules={[{ required: true, message: 'Elija qué busca el cliente' }]}>
            <Select options={GESTIONES.map((g) => ({ value: g, label: ETIQUETA_GESTION_CLIENTE[g] }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="id_asesor"
            label={L.id_asesor}
            extra={
              cliente || asesores.isPending
                ? undefined
                : porDefecto
                  ? `Por defecto: ${porDefecto.id === yo ? 'usted' : `${porDefecto.nombre}, el asesor por defecto de la empresa`}`
                  : 'La empresa no tiene asesor por defecto (Archivo › Compañía)'
            }
          >
            <Select
              allowClear
              placeholder="Sin asesor"
              loading={asesores.isPending}
              options={(asesores.data ?? []).map((a) => ({ value: a.id, label: a.nombre }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="id_medio" label={L.id_medio}>
            <RemoteSelect
              fuente="clientes:mediospublicitarios"
              opciones={consultaMaestro('mediospublicitarios')}
              conocidas={conocida(cliente?.id_medio, cliente?.medio)}
              placeholder="¿Cómo nos conoció?"
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>Requisitos</Typography.Title>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="tipos" label={L.tipos}>
            <Select
              mode="multiple"
              allowClear
              placeholder="Cualquiera"
              options={TIPOS_INMUEBLE.map((t) => ({ value: t, label: t.charAt(0).toUpperCase() + t.slice(1) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="municipios" label={L.municipios}>
            <RemoteSelect
              multiple
              fuente="clientes:municipios"
              opciones={consultaMaestro('municipios')}
              conocidas={cliente?.etiquetas.municipios}
              placeholder="Cualquiera"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="barrios" label={L.barrios}>
            <RemoteSelect
              multiple
              fuente="clientes:barrios"
              opciones={consultaMaestro('barrios', municipios.length === 1 ? { id_municipio: String(municipios[0]) } : {})}
              conocidas={cliente?.etiquetas.barrios}
              placeholder="Cualquiera"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="zonas" label={L.zonas}>
            <RemoteSelect
              multiple
              fuente="clientes:zonas"
              opciones={consultaMaestro('zonas')}
              conocidas={cliente?.etiquetas.zonas}
              placeholder="Cualquiera"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="precio_min" label={L.precio_min}>
            <InputNumber<number> min={0} className="cliente-ancho" formatter={formatoPesos} parser={leerPesos} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="precio_max" label={L.precio_max}>
            <InputNumber<number> min={0} className="cliente-ancho" formatter={formatoPesos} parser={leerPesos} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="area_min" label={L.area_min}>
            <InputNumber<number> min={0} className="cliente-ancho" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="area_max" label={L.area_max}>
            <InputNumber<number> min={0} className="cliente-ancho" />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name="habitaciones_min" label={L.habitaciones_min}>
            <InputNumber<number> min={0} max={200} className="cliente-ancho" placeholder="Mín." />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name="banos_min" label={L.banos_min}>
            <InputNumber<number> min={0} max={200} className="cliente-ancho" placeholder="Mín." />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name="parqueaderos_min" label={L.parqueaderos_min}>
            <InputNumber<number> min={0} max={1000} className="cliente-ancho" placeholder="Mín." />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="estratos" label={L.estratos}>
            <Select
              mode="multiple"
              allowClear
              placeholder="Cualquiera"
              options={[1, 2, 3, 4, 5, 6].map((e) => ({ value: e, label: `Estrato ${e}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="caracteristicas" label={L.caracteristicas}>
            <RemoteSelect
              multiple
              fuente="clientes:caracteristicas"
              opciones={consultaMaestro('caracteristicas')}
              conocidas={cliente?.etiquetas.caracteristicas}
              placeholder="Ninguna en particular"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="observaciones" label={L.observaciones}>
            <Input.TextArea rows={3} maxLength={5000} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Space className="cliente-botones">
        <Button onClick={onCancelar} disabled={false}>
          Cancelar
        </Button>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          {cliente ? 'Guardar cambios' : 'Crear cliente atendido'}
        </Button>
      </Space>
    </Form>
  );
}

function Seguimiento({ cliente }: { cliente: ClienteDetalle }) {
  const { message } = App.useApp();
  const modal = useAvisos();
  const accion = useAccionCliente();
  const [nota, setNota] = useState('');
  const [cerrando, setCerrando] = useState(false);
  const cerrado = cliente.estado === 'cerrado';

  const ejecutar = async (a: Parameters<typeof accion.mutateAsync>[0], ok: string) => {
    try {
      await accion.mutateAsync(a);
      void message.success(ok);
      return true;
    } catch (e) {
      void message.error(e instanceof Error ? e.message : 'No se pudo completar la acción');
      return false;
    }
  };

  const convertir = (rol: RolConversion) =>
    modal.confirm({
      title: `¿Marcar a ${cliente.tercero.nombre} como ${rol}?`,
      content: `El tercero ${cliente.tercero.nro_id} quedará con el rol ${rol} (queda en la auditoría).`,
      okText: `Marcar como ${rol}`,
      cancelText: 'Cancelar',
      onOk: () =>
        ejecutar({ tipo: 'convertir', consecutivo: cliente.consecutivo, rol }, `${cliente.tercero.nombre} ahora es ${rol}`),
    });

  return (
    <div>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} className="cliente-aviso">
        <Descriptions.Item label="Estado">
          <Tag color={COLOR_ESTADO[cliente.estado]}>{ETIQUETA_ESTADO_CLIENTE[cliente.estado]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Ingreso">{formatFecha(cliente.fecha_ingreso)}</Descriptions.Item>
        {cerrado ? (
          <>
            <Descriptions.Item label="Resultado">{etiquetaResultado(cliente.resultado)}</Descriptions.Item>
            <Descriptions.Item label="Fecha de cierre">{formatFecha(cliente.fecha_cierre)}</Descriptions.Item>
            {cliente.observacion_cierre ? (
              <Descriptions.Item label="Observación">{cliente.observacion_cierre}</Descriptions.Item>
            ) : null}
          </>
        ) : null}
        <Descriptions.Item label="Roles del tercero">
          {cliente.tercero.propietario ? <Tag color="green">Propietario</Tag> : null}
          {cliente.tercero.arrendatario ? <Tag color="blue">Arrendatario</Tag> : null}
          {!cliente.tercero.propietario && !cliente.tercero.arrendatario ? 'Ninguno' : null}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap className="cliente-aviso">
        {cerrado ? (
          <Button
            onClick={() => void ejecutar({ tipo: 'reabrir', consecutivo: cliente.consecutivo }, 'Cliente reabierto')}
            loading={accion.isPending}
          >
            Reabrir
          </Button>
        ) : (
          <Button danger onClick={() => setCerrando(true)}>
            Cerrar cliente…
          </Button>
        )}
        <Dropdown
          menu={{
            items: [
              { key: 'propietario', label: 'Propietario', disabled: cliente.tercero.propietario },
              { key: 'arrendatario', label: 'Arrendatario', disabled: cliente.tercero.arrendatario },
            ],
            onClick: ({ key }) => convertir(key as RolConversion),
          }}
        >
          <Button>Convertir en…</Button>
        </Dropdown>
      </Space>
      {cerrado ? null : (
        <div className="cliente-nota">
          <Input.TextArea
            aria-label="Nueva nota de seguimiento"
            placeholder="Qué se habló, qué sigue…"
            rows={2}
            maxLength={2000}
            value={nota}
            onChange={(e) => setNota(e.target.value)}
          />
          <Button
            type="primary"
            disabled={!nota.trim()}
            loading={accion.isPending}
            onClick={() =>
              void ejecutar({ tipo: 'nota', consecutivo: cliente.consecutivo, texto: nota }, 'Nota agregada').then(
                (ok) => ok && setNota(''),
              )
            }
          >
            Agregar nota
          </Button>
        </div>
      )}
      {cliente.notas.length === 0 ? (
        <Typography.Paragraph type="secondary">Aún no hay notas de seguimiento.</Typography.Paragraph>
      ) : (
        <Timeline
          items={cliente.notas.map((n) => ({
            key: n.id,
            content: (
              <div>
                <Typography.Text type="secondary">
                  {formatFechaHora(n.fecha)} · {n.usuario}
                </Typography.Text>
                <div className="cliente-nota-texto">{n.texto}</div>
              </div>
            ),
          }))}
        />
      )}
      <CerrarModal
        abierto={cerrando}
        nombre={cliente.tercero.nombre}
        fechaIngreso={cliente.fecha_ingreso}
        cargando={accion.isPending}
        onCancelar={() => setCerrando(false)}
        onCerrar={async (v) => {
          if (await ejecutar({ tipo: 'cerrar', consecutivo: cliente.consecutivo, ...v }, 'Cliente cerrado')) setCerrando(false);
        }}
      />
    </div>
  );
}

type ValoresCierre = { resultado: ResultadoCierre; observacion: string; fecha_cierre: Dayjs };

export function CerrarModal({
  abierto,
  nombre,
  fechaIngreso,
  cargando,
  onCancelar,
  onCerrar,
}: {
  abierto: boolean;
  nombre: string;
  fechaIngreso: string;
  cargando: boolean;
  onCancelar: () => void;
  onCerrar: (v: { resultado: ResultadoCierre; observacion: string; fecha_cierre: string }) => Promise<void>;
}) {
  const [form] = Form.useForm<ValoresCierre>();
  return (
    <AppModal
      open={abierto}
      title={`Cerrar el cliente ${nombre}`}
      okText="Cerrar cliente"
      okButtonProps={{ danger: true }}
      cancelText="Cancelar"
      confirmLoading={cargando}
      destroyOnHidden
      onCancel={onCancelar}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        await onCerrar({ resultado: v.resultado, observacion: v.observacion ?? '', fecha_cierre: deDayjs(v.fecha_cierre)! });
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ fecha_cierre: aDayjs(hoy()) }}>
        <Form.Item name="resultado" label="Resultado" rules={[{ required: true, message: 'Elija el resultado del cierre' }]}>
          <Select options={RESULTADOS_CIERRE.map((r) => ({ value: r.key, label: r.label }))} placeholder="¿Cómo terminó?" />
        </Form.Item>
        <Form.Item
          name="fecha_cierre"
          label="Fecha de cierre"
          rules={[{ required: true, message: 'La fecha de cierre es obligatoria' }]}
        >
          <DatePicker
            format="DD/MM/YYYY"
            className="cliente-ancho"
            disabledDate={(d) => d.isAfter(aDayjs(hoy())!, 'day') || d.isBefore(aDayjs(fechaIngreso)!, 'day')}
          />
        </Form.Item>
        <Form.Item name="observacion" label="Observación">
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
