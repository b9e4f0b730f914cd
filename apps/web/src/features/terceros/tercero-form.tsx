import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { MailOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  ColorPicker,
  DatePicker,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
  type FormRule,
} from 'antd';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { useQueryClient } from '@tanstack/react-query';
import {
  CORRESPONDENCIA,
  ETIQUETAS as L,
  PERSONA_JURIDICA,
  ROLES,
  TIPO_DCTO_NIT,
  TIPOS_CONTRIBUYENTE,
  TIPOS_DCTO,
  ZTerceroCampos,
  ZTerceroForm,
  type Advertencia,
  type CampoTercero,
  type TerceroDetalle,
} from '@predio/contract/terceros';
import { PersonPhoto } from '../../components/person-photo.tsx';
import { ApiError } from '../../lib/http.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useDuplicados } from './api/get-duplicados.ts';
import { useTercero } from './api/get-tercero.ts';
import { tercerosKeys } from './api/get-terceros.ts';
import { useGuardarTercero } from './api/guardar-tercero.ts';
import { aContrato, ayudaNit, valoresDe, valoresIniciales, type ValoresForm } from './form-values.ts';
import { RemoteSelect, conocida } from '../../components/remote-select.tsx';
import { consultaMaestro } from '../../components/opciones-maestro.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { hasIdm } from '@predio/contract/menu';
import { IDM_TAREAS } from '@predio/contract/tareas';
import { usePermisos } from '../../lib/session-store.ts';
import { TareasDeRegistro } from '../../components/tareas/tareas-registro.tsx';
import { CitasDeRegistro } from '../../components/agenda/citas-registro.tsx';
import { MensajesDeRegistro } from '../../components/redactar-correo/mensajes-registro.tsx';
import { IDM_AGENDA } from '@predio/contract/agenda';
import { IDM_CONFIGURAR_ZONA_CLIENTES } from '@predio/contract/zona-clientes';
import { InvitarDialogo } from '../../components/zona-clientes/invitar-dialogo.tsx';

/** Which tab holds each field, to open the tab of the first error. */
const PESTANAS = {
  identificacion: [
    'tipo_contribuyente',
    'tipo_dcto',
    'nro_id',
    'nombre1',
    'nombre2',
    'apellido1',
    'apellido2',
    'razon_social',
    'nro_id_old',
    'tipo',
    'cumpleanos',
    'cliente_VIP',
    'activo',
    'observaciones',
    ...ROLES.map((r) => r.key),
  ],
  contacto: [
    'telefonos',
    'telefono_res',
    'telefono_of',
    'indicativo_Celular',
    'celular',
    'celular_Corporativo',
    'email',
    'email_Corporativo',
    'direccion',
    'id_municipio',
    'id_barrio',
    'codPostal',
    'codPais',
    'aut_Manejo_Datos_Personales',
    'id_medio_aut_datos',
    'fecha_aut_datos',
  ],
  correspondencia: [
    'correspondencia',
    'encargado_correspondencia',
    'ubicacion_carpeta',
    'direccion_correspondencia',
    'municipio_correspondencia',
    'barrio_correspondencia',
    'urbanizacion_correspondencia',
  ],
  encargado: ['encargado_Nombre', 'encargado_Telefono', 'encargado_Celular', 'encargado_Email', 'encargado_Obs'],
  facturacion: [
    'fecha_consig',
    'pjecomision',
    'generar_extracto',
    'tres_x_mil',
    'consolidar_facturacion',
    'auditoria',
    'marca_de_control',
  ],
  agenda: ['coloragenda', 'desactivadoEnAgenda'],
} satisfies Record<string, CampoTercero[]>;
type Pestana = keyof typeof PESTANAS;
const pestanaDe = (campo: string) =>
  (Object.keys(PESTANAS) as Pestana[]).find((p) => (PESTANAS[p] as string[]).includes(campo)) ?? 'identificacion';

/** One field's own rule, from the contract (cross-field rules run on save). */
const regla = (campo: CampoTercero): FormRule => ({
  validator: async (_r, v: unknown) => {
    if (v === undefined || v === null || typeof v === 'object') return;
    const r = ZTerceroCampos.shape[campo].safeParse(v);
    if (!r.success) throw new Error(r.error.issues[0]?.message ?? 'valor inválido');
  },
});

type Props = {
  abierto: number | 'nuevo' | null;
  onCerrar: () => void;
  onAbrir: (id: number) => void;
};

export function TerceroFormDrawer({ abierto, onCerrar, onAbrir }: Props) {
  const pantalla = Grid.useBreakpoint();
  const id = typeof abierto === 'number' ? abierto : null;
  const detalle = useTercero(id);
  const titulo = abierto === 'nuevo' ? 'Nuevo tercero' : detalle.data ? `Tercero: ${detalle.data.nombre}` : 'Tercero';
  return (
    <AppDrawer
      open={abierto !== null}
      onClose={onCerrar}
      title={titulo}
      size={pantalla.md ? 920 : '100%'}
      destroyOnHidden
      styles={{ body: { paddingTop: 8 } }}
    >
      {abierto === 'nuevo' ? (
        <TerceroForm key="nuevo" tercero={null} onGuardado={onAbrir} onAbrir={onAbrir} onCancelar={onCerrar} />
      ) : detalle.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : detalle.isError ? (
        <ErrorDeCarga titulo="No se pudo cargar el tercero" error={detalle.error} onReintentar={() => void detalle.refetch()} />
      ) : (
        <TerceroForm
          key={`${detalle.data.id}-${detalle.data.version}`}
          tercero={detalle.data}
          onGuardado={onAbrir}
          onAbrir={onAbrir}
          onCancelar={onCerrar}
        />
      )}
    </AppDrawer>
  );
}

type FormProps = {
  tercero: TerceroDetalle | null;
  onGuardado: (id: number) => void;
  onAbrir: (id: number) => void;
  onCancelar: () => void;
};

/** One form for create and edit, grouped in the tabs of the issue. */
function TerceroForm({ tercero, onGuardado, onAbrir, onCancelar }: FormProps) {
  const { message, notification } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ValoresForm>();
  const permisos = usePermisos();
  const [pestana, setPestana] = useState<Pestana>('identificacion');
  const [conflicto, setConflicto] = useState<string | null>(null);
  const [invitando, setInvitando] = useState(false);
  const guardar = useGuardarTercero();
  const iniciales = useMemo(() => (tercero ? valoresDe(tercero) : valoresIniciales()), [tercero]);

  const tipoPersona = Form.useWatch('tipo_contribuyente', form) ?? iniciales.tipo_contribuyente;
  const tipoDcto = Form.useWatch('tipo_dcto', form) ?? iniciales.tipo_dcto;
  const nroId = (Form.useWatch('nro_id', form) as string | undefined) ?? '';
  const email = (Form.useWatch('email', form) as string | undefined) ?? '';
  const celular = (Form.useWatch('celular', form) as string | undefined) ?? '';
  const idMunicipio = Form.useWatch('id_municipio', form) as number | null | undefined;
  const autoriza = Form.useWatch('aut_Manejo_Datos_Personales', form) as boolean | undefined;
  const juridica = tipoPersona === PERSONA_JURIDICA;

  const nit = tipoDcto === TIPO_DCTO_NIT ? ayudaNit(nroId) : null;
  // Memoised: a fresh object each render would restart the debounce and re-render the form forever.
  const criterios = useMemo(
    () => ({ nro_id: nroId.trim(), email: email.trim(), celular: celular.trim() }),
    [nroId, email, celular],
  );
  const busqueda = useDebouncedValue(criterios, 400);
  const duplicados = useDuplicados({ ...busqueda, ...(tercero ? { excluir: tercero.id } : {}) });
  const advertencias = (duplicados.data ?? []).filter((a) => a.nro_id !== tercero?.nro_id);

  useEffect(() => {
    // A company is identified by its NIT.
    if (juridica && form.getFieldValue('tipo_dcto') !== TIPO_DCTO_NIT) form.setFieldValue('tipo_dcto', TIPO_DCTO_NIT);
  }, [juridica, form]);

  function mostrarErrores(campos: { campo: string; mensaje: string }[]) {
    const conocidos = campos.filter((c) => c.campo in ZTerceroCampos.shape);
    form.setFields(conocidos.map((c) => ({ name: c.campo as CampoTercero, errors: [c.mensaje] })));
    if (conocidos[0]) setPestana(pestanaDe(conocidos[0].campo));
  }

  async function enviar() {
    setConflicto(null);
    const valores = aContrato(form.getFieldsValue(true) as ValoresForm);
    const r = ZTerceroForm.safeParse(valores);
    if (!r.success) {
      mostrarErrores(r.error.issues.map((i) => ({ campo: String(i.path[0] ?? ''), mensaje: i.message })));
      void message.error('Revise los campos marcados');
      return;
    }
    try {
      const g = await guardar.mutateAsync({ id: tercero?.id ?? null, version: tercero?.version ?? null, valores });
      void message.success(tercero ? 'Tercero guardado' : 'Tercero creado');
      if (g.advertencias.length > 0)
        notification.warning({
          title: 'Posible tercero repetido',
          description: g.advertencias.map((a) => a.mensaje).join(' '),
          duration: 8,
        });
      onGuardado(g.tercero.id);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.campos.some((c) => c.campo === 'version')) setConflicto(e.message);
      else if (e.campos.length > 0) mostrarErrores(e.campos);
      else void message.error(e.message);
    }
  }

  const campo = (name: CampoTercero, hijo: ReactNode, extra: { span?: number; ayuda?: ReactNode; booleano?: boolean } = {}) => (
    <Col xs={24} md={extra.span ?? 12}>
      <Form.Item
        name={name}
        label={L[name]}
        rules={extra.booleano ? [] : [regla(name)]}
        valuePropName={extra.booleano ? 'checked' : 'value'}
        extra={extra.ayuda}
      >
        {hijo}
      </Form.Item>
    </Col>
  );
  const texto = (name: CampoTercero, span?: number) => campo(name, <Input autoComplete="off" />, { span });
  const si = (name: CampoTercero, span = 8) => campo(name, <Switch />, { span, booleano: true });

  const ayudaNroId =
    nit === null ? undefined : nit.ok === false ? (
      <Typography.Text type="danger">El dígito de verificación correcto es {nit.dv}</Typography.Text>
    ) : (
      <span>
        Dígito de verificación: <strong aria-label="Dígito de verificación calculado">{nit.dv}</strong>
        {nit.ok === null ? ` — escríbalo así: ${nroId.trim()}-${nit.dv}` : ''}
      </span>
    );

  const identificacion = (
    <>
      {tercero ? (
        <div className="tercero-foto">
          <PersonPhoto
            nroId={tercero.nro_id}
            nombre={tercero.nombre}
            foto={tercero.foto}
            size={112}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: tercerosKeys.all })}
          />
        </div>
      ) : (
        <Typography.Paragraph type="secondary">Guarde el tercero para agregarle una foto.</Typography.Paragraph>
      )}
      <Row gutter={16}>
        {campo('tipo_contribuyente', <Select options={TIPOS_CONTRIBUYENTE.map((t) => ({ value: t.value, label: t.label }))} />)}
        {campo(
          'tipo_dcto',
          <Select
            disabled={juridica}
            options={TIPOS_DCTO.map((t) => ({
              value: t.value,
              label: t.sigla === t.label ? t.label : `${t.sigla} — ${t.label}`,
            }))}
          />,
        )}
        {campo('nro_id', <Input autoComplete="off" placeholder={tipoDcto === TIPO_DCTO_NIT ? '900123456-8' : ''} />, {
          ayuda: ayudaNroId,
        })}
        {texto('nro_id_old')}
        {juridica ? (
          texto('razon_social', 24)
        ) : (
          <>
            {texto('nombre1')}
            {texto('nombre2')}
            {texto('apellido1')}
            {texto('apellido2')}
          </>
        )}
      </Row>
      <Typography.Title level={5}>Roles</Typography.Title>
      <Row gutter={16}>
        {ROLES.map((r) => (
          <Col xs={12} md={8} key={r.key}>
            <Form.Item name={r.key} valuePropName="checked" noStyle>
              <Checkbox>{r.label}</Checkbox>
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Row gutter={16} className="tercero-fila-extra">
        {texto('tipo')}
        {campo('cumpleanos', <DatePicker format="DD/MM/YYYY" className="tercero-ancho" />)}
        {si('cliente_VIP', 12)}
        {si('activo', 12)}
        {campo('observaciones', <Input.TextArea rows={3} />, { span: 24 })}
      </Row>
    </>
  );

  const contacto = (
    <>
      <Row gutter={16}>
        {texto('celular')}
        {texto('indicativo_Celular')}
        {texto('email')}
        {texto('telefonos')}
        {texto('celular_Corporativo')}
        {texto('email_Corporativo')}
        {texto('telefono_res')}
        {texto('telefono_of')}
        {texto('direccion', 24)}
        {campo(
          'id_municipio',
          <RemoteSelect
            fuente="terceros:municipios"
            opciones={consultaMaestro('municipios')}
            conocidas={conocida(
              tercero?.id_municipio,
              tercero?.municipio ? `${tercero.municipio}${tercero.departamento ? ` (${tercero.departamento})` : ''}` : null,
            )}
            onChange={(v) => {
              form.setFieldsValue({ id_municipio: v, id_barrio: null });
            }}
          />,
        )}
        {campo(
          'id_barrio',
          <RemoteSelect
            fuente="terceros:barrios"
            opciones={consultaMaestro('barrios', idMunicipio ? { id_municipio: String(idMunicipio) } : {})}
            disabled={!idMunicipio}
            conocidas={conocida(tercero?.id_barrio, tercero?.barrio)}
            placeholder={idMunicipio ? 'Escriba para buscar' : 'Elija primero el municipio'}
          />,
        )}
        {texto('codPostal')}
        {texto('codPais')}
      </Row>
      <div className="tercero-habeas" role="group" aria-label="Autorización de datos personales">
        <Typography.Title level={5}>Autorización de datos personales (Ley 1581 de 2012)</Typography.Title>
        <Typography.Paragraph type="secondary">
          Sin autorización no se deben enviar mensajes a este tercero. Registre cómo y cuándo la dio.
        </Typography.Paragraph>
        <Row gutter={16}>
          {si('aut_Manejo_Datos_Personales', 24)}
          {campo(
            'id_medio_aut_datos',
            <RemoteSelect
              fuente="terceros:mediosautmanejodatos"
              opciones={consultaMaestro('mediosautmanejodatos')}
              conocidas={conocida(tercero?.id_medio_aut_datos, tercero?.medio_aut_datos)}
              disabled={!autoriza}
            />,
          )}
          {campo('fecha_aut_datos', <DatePicker format="DD/MM/YYYY" className="tercero-ancho" disabled={!autoriza} />)}
        </Row>
      </div>
    </>
  );

  const correspondencia = (
    <Row gutter={16}>
      {campo('correspondencia', <Select options={CORRESPONDENCIA.map((c) => ({ value: c, label: c }))} />)}
      {texto('encargado_correspondencia')}
      {texto('direccion_correspondencia', 24)}
      {texto('municipio_correspondencia')}
      {texto('barrio_correspondencia')}
      {texto('urbanizacion_correspondencia')}
      {texto('ubicacion_carpeta')}
    </Row>
  );

  const encargado = (
    <Row gutter={16}>
      {texto('encargado_Nombre', 24)}
      {texto('encargado_Telefono')}
      {texto('encargado_Celular')}
      {texto('encargado_Email', 24)}
      {campo('encargado_Obs', <Input.TextArea rows={3} />, { span: 24 })}
    </Row>
  );

  const facturacion = (
    <Row gutter={16}>
      {campo('fecha_consig', <DatePicker format="DD/MM/YYYY" className="tercero-ancho" />)}
      {campo('pjecomision', <InputNumber min={0} max={100} step={0.5} suffix="%" className="tercero-ancho" />)}
      {si('generar_extracto')}
      {si('tres_x_mil')}
      {si('consolidar_facturacion')}
      {si('auditoria')}
      {si('marca_de_control')}
    </Row>
  );

  const agenda = (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="coloragenda"
          label={L.coloragenda}
          getValueFromEvent={(c: { toHexString: () => string } | null) => (c ? c.toHexString() : '')}
        >
          <ColorPicker allowClear showText format="hex" />
        </Form.Item>
      </Col>
      {si('desactivadoEnAgenda', 12)}
    </Row>
  );

  const cuenta = (p: Pestana) => {
    const n = form.getFieldsError(PESTANAS[p]).filter((e) => e.errors.length > 0).length;
    return n > 0 ? <Tag color="error">{n}</Tag> : null;
  };

  const formulario = (
    <Form
      form={form}
      layout="vertical"
      initialValues={iniciales}
      onFinish={() => void enviar()}
      requiredMark={false}
      className="tercero-form"
      aria-label={tercero ? `Editar tercero ${tercero.nombre}` : 'Nuevo tercero'}
    >
      {conflicto ? (
        <Alert
          type="error"
          showIcon
          title={conflicto}
          action={
            <Button
              size="small"
              onClick={() => void queryClient.invalidateQueries({ queryKey: tercerosKeys.detail(tercero!.id) })}
            >
              Recargar
            </Button>
          }
          className="tercero-aviso"
        />
      ) : null}
      <Duplicados advertencias={advertencias} onAbrir={onAbrir} />
      <SectionTabs
        activeKey={pestana}
        onChange={(k) => setPestana(k as Pestana)}
        items={[
          {
            key: 'identificacion',
            label: <>Identificación {cuenta('identificacion')}</>,
            children: identificacion,
            forceRender: true,
          },
          { key: 'contacto', label: <>Contacto {cuenta('contacto')}</>, children: contacto, forceRender: true },
          {
            key: 'correspondencia',
            label: <>Correspondencia {cuenta('correspondencia')}</>,
            children: correspondencia,
            forceRender: true,
          },
          { key: 'encargado', label: <>Encargado {cuenta('encargado')}</>, children: encargado, forceRender: true },
          { key: 'facturacion', label: <>Facturación {cuenta('facturacion')}</>, children: facturacion, forceRender: true },
          { key: 'agenda', label: <>Agenda {cuenta('agenda')}</>, children: agenda, forceRender: true },
          ...(tercero && hasIdm(permisos, IDM_AGENDA)
            ? [{ key: 'citas', label: 'Citas', children: <CitasDeRegistro registro={{ tipo: 'tercero', id: tercero.id }} /> }]
            : []),
          ...(tercero && hasIdm(permisos, IDM_TAREAS)
            ? [{ key: 'tareas', label: 'Tareas', children: <TareasDeRegistro vinculo={{ id_tercero: tercero.id }} /> }]
            : []),
          ...(tercero
            ? [
                {
                  key: 'mensajes',
                  label: 'Correos y SMS',
                  children: <MensajesDeRegistro registro={{ entidad: 'tercero', clave: tercero.id }} sms />,
                },
              ]
            : []),
        ]}
      />
      {tercero ? (
        <Typography.Paragraph type="secondary" className="tercero-meta">
          Creado por {tercero.usuario_inicial || '—'}
          {tercero.fecha_Modificacion
            ? ` · modificado por ${tercero.usuario_Modifico || '—'} el ${formatFechaHora(tercero.fecha_Modificacion)}`
            : ''}
        </Typography.Paragraph>
      ) : null}
      <Space className="tercero-botones" wrap>
        {tercero && hasIdm(permisos, IDM_CONFIGURAR_ZONA_CLIENTES) ? (
          <Button icon={<MailOutlined />} onClick={() => setInvitando(true)}>
            Invitar a la zona clientes
          </Button>
        ) : null}
        <Button onClick={onCancelar}>Cancelar</Button>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          {tercero ? 'Guardar cambios' : 'Crear tercero'}
        </Button>
      </Space>
    </Form>
  );
  // Beside the form, not inside it: the dialog's own form must not submit the tercero's.
  return (
    <>
      {formulario}
      {tercero ? (
        <InvitarDialogo
          abierto={invitando}
          onCerrar={() => setInvitando(false)}
          tercero={{ id: tercero.id, nombre: tercero.nombre, email: tercero.email ?? '' }}
        />
      ) : null}
    </>
  );
}

function Duplicados({ advertencias, onAbrir }: { advertencias: Advertencia[]; onAbrir: (id: number) => void }) {
  if (advertencias.length === 0) return null;
  const repetido = advertencias.some((a) => a.campo === 'nro_id');
  return (
    <Alert
      type={repetido ? 'error' : 'warning'}
      showIcon
      className="tercero-aviso"
      title={repetido ? 'Ya existe un tercero con este número de identificación' : 'Posible tercero repetido'}
      description={
        <ul className="tercero-duplicados">
          {advertencias.map((a) => (
            <li key={`${a.campo}-${a.id}`}>
              {a.mensaje} <Typography.Link onClick={() => onAbrir(a.id)}>Abrir {a.nombre}</Typography.Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}
