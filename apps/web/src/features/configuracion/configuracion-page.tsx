import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { DIAS_SEMANA, MONEDAS, ZAjustes, ZONAS_HORARIAS, type ConfiguracionActualizar } from '@predio/contract/empresa';
import { zodRule } from '../../components/zod-rule.ts';
import { useConfiguracion } from '../../lib/api/get-configuracion.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useGuardarConfiguracion } from './api/guardar-configuracion.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { AvisoCorreoAdministrador } from '../../components/correo/aviso-correo.tsx';
import { PlantillasCard } from './plantillas-card.tsx';

/** Maestros > Configurar (idm 55): the software settings (objConfigurar) later modules read. */
export function ConfiguracionPage() {
  const config = useConfiguracion();
  if (config.isPending)
    return (
      <Card title="Configurar">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (config.isError)
    return <ErrorDeCarga titulo="No se pudo cargar la configuración" onReintentar={() => void config.refetch()} />;
  return (
    <>
      <ConfiguracionForm key={config.dataUpdatedAt} />
      <PlantillasCard />
    </>
  );
}

const regla = (k: keyof typeof ZAjustes.shape, label: string) => zodRule(ZAjustes.shape[k], label);

function ConfiguracionForm() {
  const { message } = App.useApp();
  const config = useConfiguracion().data!;
  const guardar = useGuardarConfiguracion();
  const [form] = Form.useForm<ConfiguracionActualizar>();
  const [error, setError] = useState<string | null>(null);

  const enviar = async (v: ConfiguracionActualizar) => {
    setError(null);
    try {
      await guardar.mutateAsync(v);
      void message.success('Configuración guardada');
    } catch (e) {
      setError(e instanceof ApiError ? erroresEnCampos(form, e) : e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Card title="Configurar">
      <AvisoCorreoAdministrador />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form<ConfiguracionActualizar>
        name="configuracion"
        form={form}
        layout="vertical"
        initialValues={config}
        onFinish={(v) => void enviar(v)}
      >
        <Typography.Title level={5}>Archivos y página web</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="carpeta_de_archivos_web"
              label="Carpeta de archivos web"
              extra="Donde se publican fotos y documentos del sitio."
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="https" label="El sitio usa HTTPS" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Inmuebles</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name={['ajustes', 'diasVigenciaConsignacion']}
              label="Días de vigencia de una consignación"
              rules={[regla('diasVigenciaConsignacion', 'Los días')]}
            >
              <InputNumber min={1} max={3650} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name={['ajustes', 'minutosBloqueoEdicion']}
              label="Minutos de bloqueo al editar un registro"
              extra="Tiempo que un registro queda reservado para quien lo edita."
              rules={[regla('minutosBloqueoEdicion', 'Los minutos')]}
            >
              <InputNumber min={1} max={1440} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name={['ajustes', 'urlMosaicoMapa']}
              label="Dirección de los mosaicos del mapa"
              extra="Plantilla con {z}, {x} y {y}; por defecto OpenStreetMap."
              rules={[regla('urlMosaicoMapa', 'La dirección')]}
            >
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name={['ajustes', 'atribucionMapa']}
              label="Atribución del mapa"
              extra="Crédito que exige el proveedor de los mosaicos; se muestra en la esquina del mapa."
              rules={[regla('atribucionMapa', 'La atribución')]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Región</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name={['ajustes', 'zonaHoraria']} label="Zona horaria">
              <Select options={ZONAS_HORARIAS.map((z) => ({ value: z, label: z }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['ajustes', 'moneda']} label="Moneda">
              <Select
                options={MONEDAS.map((m) => ({ value: m, label: m === 'COP' ? 'Peso colombiano (COP)' : 'Dólar (USD)' }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Horario de la oficina</Typography.Title>
        <Typography.Paragraph type="secondary">
          Una cita fuera de este horario pide confirmación antes de guardarse en la agenda.
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item
              name={['ajustes', 'horarioDias']}
              label="Días de atención"
              rules={[regla('horarioDias', 'Los días de atención')]}
            >
              <Checkbox.Group options={DIAS_SEMANA.map((d, i) => ({ value: i + 1, label: d }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name={['ajustes', 'horarioDesde']}
              label="Abre a las"
              rules={[regla('horarioDesde', 'La hora de apertura')]}
            >
              <Input type="time" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name={['ajustes', 'horarioHasta']}
              label="Cierra a las"
              dependencies={[['ajustes', 'horarioDesde']]}
              rules={[
                regla('horarioHasta', 'La hora de cierre'),
                ({ getFieldValue }) => ({
                  validator: (_, v: string) =>
                    !v || v > String(getFieldValue(['ajustes', 'horarioDesde']) ?? '')
                      ? Promise.resolve()
                      : Promise.reject(new Error('La hora de cierre debe ser posterior a la hora de apertura')),
                }),
              ]}
            >
              <Input type="time" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Correos que envía el sistema</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name={['ajustes', 'correoRemitente']}
              label="Correo del remitente"
              rules={[regla('correoRemitente', 'El correo')]}
            >
              <Input type="email" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['ajustes', 'nombreRemitente']} label="Nombre del remitente">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={guardar.isPending}>
          Guardar
        </Button>
      </Form>
    </Card>
  );
}
