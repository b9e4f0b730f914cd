import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Switch,
  Typography,
  type FormRule,
  type TabsProps,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MapaInmuebles } from '../../components/mapa/mapa-inmuebles-lazy.tsx';
import {
  ETIQUETAS_GESTION,
  DIAS_AVISO_CONSIGNACION,
  ETIQUETAS_INMUEBLE as L,
  ETIQUETAS_PORTAL,
  ETIQUETAS_TIPO,
  GESTIONES,
  PORTALES,
  TIPOS_INMUEBLE,
  ZInmuebleCampos,
  ZInmuebleForm,
  type CaracteristicaOpcion,
  type CampoInmueble,
  type InmuebleDetalle,
  type InmuebleForm as Contrato,
} from '@predio/contract/inmuebles';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { RemoteSelect, type OpcionRemota } from '../../components/remote-select.tsx';
import { NuevoTercero, type TerceroElegido } from '../../components/nuevo-tercero/nuevo-tercero-modal.tsx';
import { ApiError, http } from '../../lib/http.ts';
import { consultaDe } from './api/get-opciones.ts';
import { inmueblesKeys } from './api/get-inmuebles.ts';
import { useGuardarInmueble } from './api/guardar-inmueble.ts';
import { aContrato, sumaPropietarios, valoresIniciales, type ValoresInmueble } from './form-values.ts';

/** Which tab holds each field, to open the tab of the first error. */
const PESTANAS = {
  general: ['tipo', 'gestion', 'canon', 'precio_venta', 'administracion', 'descripcion'],
  ubicacion: ['direccion', 'id_municipio', 'id_barrio', 'id_sector', 'id_zona', 'estrato', 'lat', 'lng'],
  detalles: [
    'area_construida',
    'area_privada',
    'area_lote',
    'habitaciones',
    'banos',
    'parqueaderos',
    'piso',
    'ascensor',
    'anio_construccion',
    'caracteristicas',
  ],
  propietarios: ['propietarios'],
  comercial: [
    'id_asesor_captador',
    'id_asesor_comercial',
    'id_captacion',
    'fecha_consignacion',
    'vigencia_consignacion',
    'codigo_llaves',
    'publicar',
    'observaciones_internas',
  ],
} satisfies Record<string, CampoInmueble[]>;
type Pestana = keyof typeof PESTANAS;
const pestanaDe = (campo: string): Pestana =>
  (Object.keys(PESTANAS) as Pestana[]).find((p) => (PESTANAS[p] as string[]).includes(campo)) ?? 'general';

/** One field's own rule, from the contract (cross-field rules run on save). */
const regla = (campo: CampoInmueble): FormRule => ({
  validator: async (_r, v: unknown) => {
    if (v === undefined || v === null || typeof v === 'object') return;
    const r = ZInmuebleCampos.shape[campo].safeParse(v);
    if (!r.success) throw new Error(r.error.issues[0]?.message ?? 'valor inválido');
  },
});

const GRUPOS: Record<string, string> = {
  interior: 'Interior',
  exterior: 'Exterior',
  zonas_comunes: 'Zonas comunes',
  sector: 'Sector',
};

function CatalogoCaracteristicas({
  value,
  onChange,
  disabled,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  disabled?: boolean;
}) {
  const catalogo = useQuery({
    queryKey: [...inmueblesKeys.all, 'caracteristicas'],
    queryFn: async ({ signal }) =>
      (await http.get<CaracteristicaOpcion[]>('/inmuebles-opciones/caracteristicas', { signal, silent: true })).data,
    staleTime: 60_000,
  });
  if (catalogo.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (catalogo.isError)
    return (
      <Alert
        type="warning"
        title="No se pudo cargar el catálogo de características"
        action={<Button onClick={() => void catalogo.refetch()}>Reintentar</Button>}
      />
    );
  if (catalogo.data.length === 0)
    return (
      <Typography.Text type="secondary">
        El catálogo de características está vacío (Maestros de inmuebles → Características).
      </Typography.Text>
    );
  const orden = Object.keys(GRUPOS);
  const grupos = [...new Set(catalogo.data.map((c) => c.grupo))].sort(
    (a, b) => (orden.indexOf(a) + 1 || 99) - (orden.indexOf(b) + 1 || 99),
  );
  const actual = value ?? [];
  return (
    <div className="inm-caracteristicas">
      {grupos.map((g) => {
        const delGrupo = catalogo.data.filter((c) => c.grupo === g);
        return (
          <div key={g}>
            <Typography.Text strong>{GRUPOS[g] ?? g}</Typography.Text>
            <Checkbox.Group
              disabled={disabled}
              value={actual.filter((id) => delGrupo.some((c) => c.id === id))}
              options={delGrupo.map((c) => ({ value: c.id, label: c.label }))}
              onChange={(sel) => onChange?.([...actual.filter((id) => !delGrupo.some((c) => c.id === id)), ...(sel as number[])])}
            />
            <Divider size="small" />
          </div>
        );
      })}
    </div>
  );
}

type Props = {
  /** null: a new property. */
  inmueble: InmuebleDetalle | null;
  /** Start values of a new one (a duplicate); defaults otherwise. */
  iniciales?: ValoresInmueble;
  soloLectura: boolean;
  onGuardado: (d: InmuebleDetalle) => void;
  onCancelar: () => void;
  /** Tabs only an existing property has (photos, documents, history, matches). */
  pestanasExtra?: { key: string; label: string; children: ReactNode }[];
  /** The open tab, kept by the page so a save (which remounts the form) does not move the user. */
  pestana?: string;
  onPestana?: (p: string) => void;
};

/** One form for create and edit (CONVENTIONS "Web"), in the tabs of a property file. */
export function InmuebleForm({
  inmueble,
  iniciales,
  soloLectura,
  onGuardado,
  onCancelar,
  pestanasExtra = [],
  pestana: pestanaExterna,
  onPestana,
}: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ValoresInmueble>();
  const [pestanaPropia, setPestanaPropia] = useState<string>('general');
  const pestana = pestanaExterna ?? pestanaPropia;
  const setPestana = (p: string) => (onPestana ?? setPestanaPropia)(p);
  const [conflicto, setConflicto] = useState<string | null>(null);
  const pantalla = Grid.useBreakpoint();
  // How many marked fields each tab holds: a mistake on a tab out of sight still shows on its title.
  const [erroresPorPestana, setErroresPorPestana] = useState<Partial<Record<Pestana, number>>>({});
  const contarErrores = () => {
    const n: Partial<Record<Pestana, number>> = {};
    for (const f of form.getFieldsError()) {
      if (f.errors.length === 0) continue;
      const p = pestanaDe(String(f.name[0]));
      n[p] = (n[p] ?? 0) + 1;
    }
    setErroresPorPestana(n);
  };
  const guardar = useGuardarInmueble();
  const inicio = useMemo(() => iniciales ?? valoresIniciales(), [iniciales]);

  const gestion = (Form.useWatch('gestion', form) as string | undefined) ?? inicio.gestion;
  const idMunicipio = Form.useWatch('id_municipio', form) as number | null | undefined;
  const propietarios = Form.useWatch('propietarios', form) as ValoresInmueble['propietarios'];
  const lat = Form.useWatch('lat', form) as number | null | undefined;
  const lng = Form.useWatch('lng', form) as number | null | undefined;
  const suma = sumaPropietarios(propietarios ?? inicio.propietarios);
  const conArriendo = gestion === 'arriendo' || gestion === 'arriendo_venta';
  const conVenta = gestion === 'venta' || gestion === 'arriendo_venta';

  const conocidas = useMemo(() => {
    const c: Record<string, OpcionRemota[]> = {};
    if (inmueble?.municipio) c.municipios = [{ id: inmueble.id_municipio, label: inmueble.municipio }];
    if (inmueble?.barrio && inmueble.id_barrio) c.barrios = [{ id: inmueble.id_barrio, label: inmueble.barrio }];
    c.propietarios = (inmueble?.propietarios ?? []).map((p) => ({ id: p.id_tercero, label: p.nombre, detalle: p.nro_id }));
    return c;
  }, [inmueble]);

  function mostrarErrores(campos: { campo: string; mensaje: string }[]) {
    const conocidos = campos.filter((c) => c.campo in ZInmuebleCampos.shape);
    form.setFields(conocidos.map((c) => ({ name: c.campo as CampoInmueble, errors: [c.mensaje] })));
    contarErrores();
    if (conocidos[0]) setPestana(pestanaDe(conocidos[0].campo));
    const otros = campos.filter((c) => !(c.campo in ZInmuebleCampos.shape));
    if (otros.length > 0) void message.error(otros.map((c) => c.mensaje).join('. '));
  }

  async function enviar() {
    setConflicto(null);
    const valores = aContrato(form.getFieldsValue(true) as ValoresInmueble);
    const r = ZInmuebleForm.safeParse(valores);
    if (!r.success) {
      mostrarErrores(r.error.issues.map((i) => ({ campo: String(i.path[0] ?? ''), mensaje: i.message })));
      void message.error('Revise los campos marcados');
      return;
    }
    try {
      const d = await guardar.mutateAsync({
        consecutivo: inmueble?.consecutivo ?? null,
        version: inmueble?.version ?? null,
        valores: r.data as Contrato,
      });
      void message.success(inmueble ? `Inmueble ${d.consecutivo} guardado` : `Inmueble ${d.consecutivo} creado`);
      onGuardado(d);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.campos.some((c) => c.campo === 'version' || c.campo === 'bloqueo')) setConflicto(e.message);
      else if (e.campos.length > 0) mostrarErrores(e.campos);
      else setConflicto(e.message);
    }
  }

  const campo = (
    name: CampoInmueble,
    hijo: ReactNode,
    extra: { span?: number; ayuda?: ReactNode; booleano?: boolean; requerido?: boolean } = {},
  ) => (
    <Col xs={24} md={extra.span ?? 12}>
      <Form.Item
        name={name}
        label={L[name]}
        required={extra.requerido}
        rules={extra.booleano ? [] : [regla(name)]}
        valuePropName={extra.booleano ? 'checked' : 'value'}
        extra={extra.ayuda}
      >
        {hijo}
      </Form.Item>
    </Col>
  );
  const numero = (name: CampoInmueble, o: { span?: number; min?: number; max?: number; decimales?: boolean } = {}) =>
    campo(
      name,
      <InputNumber<number>
        className="inm-ancho"
        min={o.min ?? 0}
        max={o.max}
        precision={o.decimales ? 2 : 0}
        decimalSeparator=","
      />,
      { span: o.span ?? 8 },
    );
  const pesos = (name: CampoInmueble, requerido = false) =>
    campo(
      name,
      <InputNumber<number>
        className="inm-ancho"
        min={0}
        precision={0}
        prefix="$"
        formatter={(v) => (v === undefined || v === null || `${v}` === '' ? '' : Number(v).toLocaleString('es-CO'))}
        parser={(v) => Number((v ?? '').replace(/\D/g, ''))}
      />,
      { span: 8, requerido },
    );
  const referencia = (
    name: CampoInmueble,
    fuente: Parameters<typeof consultaDe>[0],
    o: { filtro?: Record<string, string>; disabled?: boolean; placeholder?: string; requerido?: boolean; span?: number } = {},
  ) =>
    campo(
      name,
      <RemoteSelect
        fuente={fuente}
        opciones={consultaDe(fuente, o.filtro)}
        conocidas={conocidas[fuente] ?? []}
        disabled={o.disabled}
        placeholder={o.placeholder}
        aria-label={L[name]}
      />,
      { span: o.span ?? 12, requerido: o.requerido },
    );

  const general = (
    <Row gutter={16}>
      {campo('tipo', <Select options={TIPOS_INMUEBLE.map((t) => ({ value: t, label: ETIQUETAS_TIPO[t] }))} />, {
        requerido: true,
      })}
      {campo('gestion', <Select options={GESTIONES.map((g) => ({ value: g, label: ETIQUETAS_GESTION[g] }))} />, {
        requerido: true,
      })}
      {pesos('canon', conArriendo)}
      {pesos('precio_venta', conVenta)}
      {pesos('administracion')}
      {campo('descripcion', <Input.TextArea rows={5} maxLength={5000} showCount />, {
        span: 24,
        ayuda: 'Se publica en la ficha y en los portales.',
      })}
    </Row>
  );

  const ubicacion = (
    <Row gutter={16}>
      {campo('direccion', <Input autoComplete="off" placeholder="Calle 10 # 43-20 Apto 501" />, { span: 24, requerido: true })}
      <Col xs={24} md={12}>
        <Form.Item name="id_municipio" label={L.id_municipio} required rules={[regla('id_municipio')]}>
          <RemoteSelect
            fuente="municipios"
            opciones={consultaDe('municipios')}
            conocidas={conocidas.municipios ?? []}
            aria-label={L.id_municipio}
            onChange={(v) => form.setFieldsValue({ id_municipio: v ?? undefined, id_barrio: null })}
          />
        </Form.Item>
      </Col>
      {referencia('id_barrio', 'barrios', {
        filtro: idMunicipio ? { id_municipio: String(idMunicipio) } : {},
        disabled: !idMunicipio,
        placeholder: idMunicipio ? 'Escriba para buscar' : 'Elija primero el municipio',
      })}
      {referencia('id_sector', 'sectores', { span: 8 })}
      {referencia('id_zona', 'zonas', { span: 8 })}
      {campo('estrato', <Select allowClear options={[1, 2, 3, 4, 5, 6].map((e) => ({ value: e, label: `Estrato ${e}` }))} />, {
        span: 8,
      })}
      {campo('lat', <InputNumber<number> className="inm-ancho" min={-90} max={90} step={0.000001} decimalSeparator="," />, {
        span: 12,
      })}
      {campo('lng', <InputNumber<number> className="inm-ancho" min={-180} max={180} step={0.000001} decimalSeparator="," />, {
        span: 12,
      })}
      <Col span={24}>
        {soloLectura ? null : (
          <Typography.Paragraph type="secondary" className="inm-mapa-ayuda">
            {lat != null && lng != null
              ? 'Arrastre el marcador o haga clic en el mapa para corregir la ubicación.'
              : 'Haga clic en el mapa donde queda el inmueble para ubicarlo (o escriba la latitud y la longitud).'}
          </Typography.Paragraph>
        )}
        <MapaInmuebles
          puntos={[]}
          ubicacion={lat != null && lng != null ? { lat, lng } : null}
          onMover={
            soloLectura
              ? undefined
              : (p) => form.setFieldsValue({ lat: Math.round(p.lat * 1e6) / 1e6, lng: Math.round(p.lng * 1e6) / 1e6 })
          }
          alto={320}
          etiqueta="Mapa para ubicar el inmueble"
        />
      </Col>
    </Row>
  );

  const detalles = (
    <>
      <Row gutter={16}>
        {numero('area_construida', { decimales: true })}
        {numero('area_privada', { decimales: true })}
        {numero('area_lote', { decimales: true })}
        {numero('habitaciones', { max: 200 })}
        {numero('banos', { max: 200 })}
        {numero('parqueaderos', { max: 1000 })}
        {numero('piso', { min: -10, max: 300 })}
        {numero('anio_construccion', { min: 1600, max: 2100 })}
        {campo('ascensor', <Switch />, { span: 8, booleano: true })}
      </Row>
      <Form.Item name="caracteristicas" label={L.caracteristicas}>
        <CatalogoCaracteristicas disabled={soloLectura} />
      </Form.Item>
    </>
  );

  /** A new owner goes into the first row still without one, or into a new row with what is left of the 100 %. */
  function ponerPropietario(t: TerceroElegido) {
    const filas = (form.getFieldValue('propietarios') ?? []) as NonNullable<ValoresInmueble['propietarios']>;
    const vacia = filas.findIndex((p) => p?.id_tercero == null);
    form.setFieldValue(
      'propietarios',
      vacia >= 0
        ? filas.map((p, i) => (i === vacia ? { ...p, id_tercero: t.id } : p))
        : [...filas, { id_tercero: t.id, porcentaje: suma.resto || null }],
    );
  }

  const duenos = (
    <>
      <Typography.Paragraph type="secondary">Los porcentajes de propiedad deben sumar exactamente 100.</Typography.Paragraph>
      <Form.List name="propietarios">
        {(filas, { add, remove }) => (
          <>
            {filas.map((f, i) => (
              <div key={f.key} className="inm-propietario">
                <Form.Item name={[f.name, 'id_tercero']} noStyle>
                  <RemoteSelect
                    fuente="propietarios"
                    opciones={consultaDe('propietarios')}
                    conocidas={conocidas.propietarios ?? []}
                    placeholder="Buscar tercero por nombre o documento"
                    aria-label={`Propietario ${i + 1}`}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'porcentaje']} noStyle>
                  <InputNumber<number>
                    aria-label={`Porcentaje del propietario ${i + 1}`}
                    min={0.01}
                    max={100}
                    precision={2}
                    decimalSeparator=","
                    suffix="%"
                    style={{ width: 120 }}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`Quitar propietario ${i + 1}`}
                  onClick={() => remove(f.name)}
                  disabled={soloLectura}
                />
              </div>
            ))}
            <Alert
              className="inm-suma"
              type={suma.estado === 'ok' ? 'success' : suma.estado === 'vacio' ? 'info' : 'warning'}
              showIcon
              title={suma.texto}
            />
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ id_tercero: null, porcentaje: suma.resto || null })}
              disabled={soloLectura}
            >
              Agregar propietario
            </Button>{' '}
            <NuevoTercero rol="propietario" texto="Nuevo propietario" disabled={soloLectura} onCreado={ponerPropietario} />
          </>
        )}
      </Form.List>
    </>
  );

  const comercial = (
    <Row gutter={16}>
      {referencia('id_asesor_captador', 'asesores')}
      {referencia('id_asesor_comercial', 'asesores')}
      {referencia('id_captacion', 'captacion')}
      {campo('codigo_llaves', <Input autoComplete="off" maxLength={50} />)}
      {campo('fecha_consignacion', <DatePicker format="DD/MM/YYYY" className="inm-ancho" />)}
      {campo('vigencia_consignacion', <DatePicker format="DD/MM/YYYY" className="inm-ancho" />, {
        ayuda: `Los asesores reciben un aviso ${DIAS_AVISO_CONSIGNACION} días antes de que venza, y otro si vence con el inmueble aún en oferta.`,
      })}
      <Col xs={24}>
        <Form.Item name="publicar" label={L.publicar}>
          <Checkbox.Group options={PORTALES.map((p) => ({ value: p, label: ETIQUETAS_PORTAL[p] }))} />
        </Form.Item>
      </Col>
      {campo('observaciones_internas', <Input.TextArea rows={4} maxLength={5000} showCount />, {
        span: 24,
        ayuda: 'Solo para la inmobiliaria: no sale en la ficha ni en los portales.',
      })}
    </Row>
  );

  const titulo = (p: Pestana, texto: string) => {
    const n = erroresPorPestana[p] ?? 0;
    if (n === 0) return texto;
    const aviso = n === 1 ? '1 campo por revisar' : `${n} campos por revisar`;
    return (
      <span>
        {texto} <Badge count={n} size="small" title={aviso} aria-label={aviso} />
      </span>
    );
  };

  const pestanas: NonNullable<TabsProps['items']> = [
    { key: 'general', label: titulo('general', 'General'), children: general, forceRender: true },
    { key: 'ubicacion', label: titulo('ubicacion', 'Ubicación'), children: ubicacion, forceRender: true },
    {
      key: 'detalles',
      label: titulo('detalles', 'Detalles y características'),
      children: detalles,
      forceRender: true,
    },
    {
      key: 'propietarios',
      label: titulo('propietarios', `Propietarios (${(propietarios ?? []).filter((p) => p?.id_tercero != null).length})`),
      children: duenos,
      forceRender: true,
    },
    { key: 'comercial', label: titulo('comercial', 'Gestión comercial'), children: comercial, forceRender: true },
    ...pestanasExtra,
  ];
  return (
    <Form<ValoresInmueble>
      // Field ids carry the form's name: the new-property form stays mounted (hidden) beside an open one.
      name={inmueble ? `inmueble-${inmueble.consecutivo}` : 'inmueble-nuevo'}
      form={form}
      layout="vertical"
      initialValues={inicio}
      disabled={soloLectura}
      onFinish={() => void enviar()}
      onFieldsChange={contarErrores}
      scrollToFirstError
    >
      {conflicto ? <Alert className="inm-aviso" type="error" showIcon title={conflicto} /> : null}
      {/* A dozen sections do not fit across; on a wide screen they stand in a column beside the form. */}
      <SectionTabs
        activeKey={pestana}
        onChange={setPestana}
        items={pestanas}
        tabPlacement={pantalla.lg ? 'start' : 'top'}
        className="inm-pestanas"
      />
      {soloLectura ? null : (
        <div className="inm-pie">
          <Button onClick={onCancelar} disabled={false}>
            {inmueble ? 'Cerrar' : 'Cancelar'}
          </Button>
          <Button type="primary" htmlType="submit" loading={guardar.isPending}>
            {inmueble ? 'Guardar cambios' : 'Crear inmueble'}
          </Button>
        </div>
      )}
    </Form>
  );
}
