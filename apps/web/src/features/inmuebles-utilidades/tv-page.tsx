import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
  type FormRule,
} from 'antd';
import { DesktopOutlined, SaveOutlined } from '@ant-design/icons';
import {
  TV_INTERVALO_MAX,
  TV_INTERVALO_MIN,
  TV_MAX_ITEMS,
  ZTvConfig,
  etiquetaTipo,
  type TvConfig,
} from '@predio/contract/inmuebles-utilidades';
import { ETIQUETAS_GESTION, GESTIONES, TIPOS_INMUEBLE } from '@predio/contract/inmuebles';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';
import { formatNumero } from '../../lib/format.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useOpcionesUtilidades } from './api/get-opciones.ts';
import { useGuardarTvConfig, useTvConfig, useTvInmuebles } from './api/tv.ts';
import { TvPresentacion } from './tv-presentacion.tsx';
import './tv.css';
import './utilidades.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';

const PATH = '/configurartv/index';
/** The contract's own rule for one field; its message names the field by the label shown here. */
const regla = (k: keyof typeof ZTvConfig.shape): FormRule => ({
  validator: (_r, v: unknown) => {
    const r = ZTvConfig.shape[k].safeParse(v ?? undefined);
    return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? 'Valor no válido'));
  },
});

/** Configurar TV (idm 10521): what the agency's TV shows, and the presentation itself. */
export function TvPage() {
  const config = useTvConfig();
  const [params, setParams] = useUrlEstado(PATH, ['presentar']);
  // ?presentar=1 opens the presentation directly (a bookmark on the TV's browser).
  const presentando = params.get('presentar') === '1';
  const [pantallaCompleta, setPantallaCompleta] = useState(false);

  if (presentando)
    return (
      <TvPresentacion
        pantallaCompleta={pantallaCompleta}
        onCerrar={() => {
          setPantallaCompleta(false);
          setParams({ presentar: undefined });
        }}
      />
    );
  if (config.isPending)
    return (
      <Card title="Configurar TV">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (config.isError)
    return <ErrorDeCarga titulo="No se pudo cargar la configuración de la TV" onReintentar={() => void config.refetch()} />;
  return (
    <TvConfigForm
      key={config.dataUpdatedAt}
      inicial={config.data}
      onPresentar={(completa) => {
        setPantallaCompleta(completa);
        setParams({ presentar: 1 });
      }}
    />
  );
}

function TvConfigForm({ inicial, onPresentar }: { inicial: TvConfig; onPresentar: (pantallaCompleta: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TvConfig>();
  const opciones = useOpcionesUtilidades();
  const guardar = useGuardarTvConfig();
  const lista = useTvInmuebles(false);
  const [error, setError] = useState<string | null>(null);

  const enviar = async (v: TvConfig) => {
    setError(null);
    try {
      await guardar.mutateAsync({ ...v, gestion: v.gestion ?? null });
      void message.success('Configuración de la TV guardada');
    } catch (e) {
      setError(e instanceof ApiError ? erroresEnCampos(form, e) : e instanceof Error ? e.message : String(e));
    }
  };
  const n = lista.data?.items.length;

  return (
    <Card title="Configurar TV">
      <Typography.Paragraph type="secondary">
        La TV de la oficina muestra, uno tras otro, los inmuebles <strong>disponibles</strong> que elija aquí. Abra la
        presentación en el navegador de la TV y póngala en pantalla completa.
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form<TvConfig> name="tv" form={form} layout="vertical" initialValues={inicial} onFinish={(v) => void enviar(v)}>
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="gestion" label="Gestión">
              <Select
                allowClear
                placeholder="Arriendo y venta"
                options={GESTIONES.map((g) => ({ value: g, label: ETIQUETAS_GESTION[g] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="tipos" label="Tipos de inmueble">
              <Select
                mode="multiple"
                allowClear
                placeholder="Todos los tipos"
                options={TIPOS_INMUEBLE.map((t) => ({ value: t, label: etiquetaTipo(t) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="municipios" label="Municipios">
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Todos los municipios"
                loading={opciones.isPending}
                options={(opciones.data?.municipios ?? []).map((m) => ({ value: m.id, label: m.nombre }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={4}>
            <Form.Item name="maxItems" label="Máximo de inmuebles" rules={[regla('maxItems')]}>
              <InputNumber min={1} max={TV_MAX_ITEMS} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={4}>
            <Form.Item
              name="intervaloSegundos"
              label="Segundos por inmueble"
              rules={[regla('intervaloSegundos')]}
              extra={`Entre ${TV_INTERVALO_MIN} y ${TV_INTERVALO_MAX}.`}
            >
              <InputNumber min={TV_INTERVALO_MIN} max={TV_INTERVALO_MAX} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="soloConFotos" label="Solo inmuebles con fotos" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <div className="utilidades-barra">
          <Typography.Text>
            {n === undefined
              ? ' '
              : n === 0
                ? 'Con la configuración guardada no hay inmuebles para mostrar.'
                : `Con la configuración guardada se muestran ${formatNumero(n)} ${n === 1 ? 'inmueble' : 'inmuebles'}.`}
          </Typography.Text>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={guardar.isPending}>
              Guardar
            </Button>
            <Button icon={<DesktopOutlined />} onClick={() => onPresentar(true)}>
              Iniciar presentación
            </Button>
            <Button onClick={() => onPresentar(false)}>Ver en esta ventana</Button>
          </Space>
        </div>
      </Form>
    </Card>
  );
}
