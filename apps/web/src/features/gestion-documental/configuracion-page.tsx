import { useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Switch, Table, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import {
  aplicarFormato,
  ETIQUETAS_CONFIGURACION_GD,
  PARTES_FORMATO,
  ZConfiguracionGd,
  type ConfiguracionGd,
  type ConfiguracionGdForm,
} from '@predio/contract/gestion-documental-configuracion';
import { ETIQUETAS_TIPO_RADICADO, TIPOS_RADICADO } from '@predio/contract/gestion-documental';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useConfiguracionGd, useGuardarConfiguracionGd } from './api/configuracion.ts';
import { ExtraccionTextoCard } from './extraccion-texto.tsx';
import './gestion-documental.css';

const L = ETIQUETAS_CONFIGURACION_GD;
type Valores = Omit<ConfiguracionGdForm, 'plazos'> & { plazos: Record<string, number | null> };

/** Configuración (idm 10574): radicado formats per kind, the yearly restart, reception and deadlines. */
export function ConfiguracionGdPage() {
  const config = useConfiguracionGd();
  if (config.isPending)
    return (
      <Card title="Configuración de gestión documental">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (config.isError)
    return (
      <ErrorDeCarga titulo="No se pudo cargar la configuración" error={config.error} onReintentar={() => void config.refetch()} />
    );
  return (
    <>
      <ConfiguracionForm key={config.dataUpdatedAt} c={config.data} />
      <ExtraccionTextoCard />
    </>
  );
}

function ConfiguracionForm({ c }: { c: ConfiguracionGd }) {
  const { message } = App.useApp();
  const guardar = useGuardarConfiguracionGd();
  const [form] = Form.useForm<Valores>();
  const [error, setError] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const anio = new Date().getFullYear();
  const area = c.areas[0]?.codigo ?? '100';

  const enviar = async (v: Valores) => {
    setError(null);
    const cuerpo = {
      ...v,
      id_area_recepcion: v.id_area_recepcion ?? null,
      id_usuario_recepcion: v.id_usuario_recepcion ?? null,
      plazos: c.plazos.map((p) => ({
        id_tipo_documental: p.id_tipo_documental,
        dias_respuesta: v.plazos[p.id_tipo_documental] ?? null,
      })),
    };
    const r = ZConfiguracionGd.safeParse(cuerpo);
    if (!r.success) {
      form.setFields(
        r.error.issues.map((i) => ({
          name: (i.path[0] === 'plazos'
            ? ['plazos', String(cuerpo.plazos[Number(i.path[1])]?.id_tipo_documental)]
            : [String(i.path[0])]) as never,
          errors: [i.message],
        })),
      );
      return;
    }
    try {
      await guardar.mutateAsync(r.data);
      void message.success('Configuración guardada');
    } catch (e) {
      setError(e instanceof ApiError ? erroresEnCampos(form, e) : e instanceof Error ? e.message : String(e));
    }
  };

  const plazos = c.plazos.filter((p) => p.nombre.toLowerCase().includes(q.trim().toLowerCase()));

  return (
    <Card title="Configuración de gestión documental">
      {error ? <Alert type="error" showIcon title={error} className="gd-config-alerta" /> : null}
      <Form<Valores>
        name="configuracion-gd"
        form={form}
        layout="vertical"
        initialValues={{
          ...c,
          plazos: Object.fromEntries(c.plazos.map((p) => [String(p.id_tipo_documental), p.dias_respuesta])),
        }}
        onFinish={(v) => void enviar(v)}
      >
        <Typography.Title level={5}>Formato del radicado</Typography.Title>
        <Typography.Paragraph type="secondary">
          Partes:{' '}
          {Object.entries(PARTES_FORMATO).map(([k, v], i) => (
            <span key={k}>
              {i > 0 ? ', ' : ''}
              <code>{k}</code> {v}
            </span>
          ))}
          . Un número se da una sola vez: todos los tipos comparten el consecutivo.
        </Typography.Paragraph>
        <Row gutter={16}>
          {TIPOS_RADICADO.map((tipo) => (
            <Col xs={24} md={8} key={tipo}>
              <Form.Item
                name={`formato_${tipo}`}
                label={`Formato ${tipo === 'interna' ? 'interna' : `de ${tipo}`}`}
                dependencies={['reinicio_anual']}
                extra={
                  <Form.Item noStyle shouldUpdate>
                    {({ getFieldValue }) => {
                      const f = String(getFieldValue(`formato_${tipo}`) ?? '');
                      return `Ejemplo (${ETIQUETAS_TIPO_RADICADO[tipo].toLowerCase()}): ${aplicarFormato(f, { anio, codigoArea: area, numero: 123, tipo })}`;
                    }}
                  </Form.Item>
                }
              >
                <Input maxLength={60} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item
          name="reinicio_anual"
          label={L.reinicio_anual}
          valuePropName="checked"
          extra="Solo puede cambiarse antes del primer radicado del año."
        >
          <Switch />
        </Form.Item>

        <Typography.Title level={5}>Recepción de correspondencia</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="id_area_recepcion"
              label={L.id_area_recepcion}
              extra="La que reciben los radicados automáticos y la correspondencia de entrada sin área."
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Sin área"
                options={c.areas.map((a) => ({ value: a.id, label: a.codigo ? `${a.codigo} · ${a.nombre}` : a.nombre }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="id_usuario_recepcion" label={L.id_usuario_recepcion}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Sin usuario"
                options={c.usuarios.map((u) => ({ value: u.id, label: `${u.nombre} (${u.usuario})` }))}
              />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>Plazos de respuesta por tipo documental</Typography.Title>
        <Typography.Paragraph type="secondary">
          Días hábiles para responder un radicado de entrada, sin sábados, domingos ni festivos de Colombia. Vacío: sin plazo.
        </Typography.Paragraph>
        <Input.Search
          allowClear
          placeholder="Buscar tipo documental"
          aria-label="Buscar tipo documental"
          className="trd-buscar"
          onChange={(e) => setQ(e.target.value)}
        />
        <Table
          size="small"
          rowKey="id_tipo_documental"
          dataSource={plazos}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          aria-label="Plazos de respuesta"
          columns={[
            { key: 'nombre', dataIndex: 'nombre', title: 'Tipo documental' },
            {
              key: 'dias',
              title: L.dias_respuesta,
              width: 200,
              render: (_v, p) => (
                <Form.Item name={['plazos', String(p.id_tipo_documental)]} noStyle={false} className="gd-config-plazo">
                  <InputNumber min={1} max={365} precision={0} aria-label={`${L.dias_respuesta} de ${p.nombre}`} />
                </Form.Item>
              ),
            },
          ]}
        />
        <div className="gd-config-pie">
          {c.modificado_por ? (
            <Typography.Text type="secondary">
              Modificada por {c.modificado_por} el {new Date(c.modificado_en!).toLocaleString('es-CO')}
            </Typography.Text>
          ) : (
            <span />
          )}
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={guardar.isPending}>
            Guardar
          </Button>
        </div>
      </Form>
    </Card>
  );
}
