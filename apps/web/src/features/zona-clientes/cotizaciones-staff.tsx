import { Alert, App, Button, Card, Descriptions, Form, Input, Popconfirm, Tag, Typography } from 'antd';
import {
  COTIZACION_PDF_MAX_MB,
  ETIQUETAS_ESTADO_COTIZACION,
  type CotizacionForm,
  type CotizacionMantenimiento,
  type EstadoCotizacion,
  type SolicitudMantenimientoGestion,
} from '@predio/contract/zona-clientes';
import { Archivos } from '../../components/archivos/archivos.tsx';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { MoneyInput } from '../../components/resource-form/field-item.tsx';
import { consultaTerceros } from '../../components/zona-clientes/api.ts';
import { formatFechaHora, formatMoneda } from '../../lib/format.ts';
import { useAnularCotizacion, useCrearCotizacion } from './api/zona-clientes-api.ts';

const COLOR: Record<EstadoCotizacion, string> = { pendiente: 'gold', aprobada: 'green', rechazada: 'red', anulada: 'default' };

export const EstadoCotizacionTag = ({ estado }: { estado: EstadoCotizacion }) => (
  <Tag color={COLOR[estado]}>{ETIQUETAS_ESTADO_COTIZACION[estado]}</Tag>
);

/** Solicitud de mantenimiento > Cotizaciones: send one to the property's owner, see their decision. */
export function CotizacionesStaff({ s }: { s: SolicitudMantenimientoGestion }) {
  const pendiente = s.cotizaciones.some((c) => c.estado === 'pendiente');
  const terminada = ['resuelta', 'cerrada', 'rechazada'].includes(s.estado);
  return (
    <>
      {s.propietarios_portal === 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="Ningún propietario de este inmueble tiene acceso a la zona clientes: invítelo para que pueda aprobar la cotización."
        />
      ) : null}
      {!pendiente && !terminada ? <NuevaCotizacion consecutivo={s.consecutivo} /> : null}
      {s.cotizaciones.length === 0 ? (
        <Typography.Paragraph type="secondary">Aún no hay cotizaciones para esta solicitud.</Typography.Paragraph>
      ) : null}
      {s.cotizaciones.map((c) => (
        <Cotizacion key={c.id} consecutivo={s.consecutivo} c={c} />
      ))}
    </>
  );
}

function NuevaCotizacion({ consecutivo }: { consecutivo: number }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CotizacionForm>();
  const crear = useCrearCotizacion(consecutivo);
  return (
    <Card size="small" title="Nueva cotización" style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="vertical"
        name="nueva-cotizacion"
        onFinish={(v) =>
          crear.mutate(v, {
            onSuccess: () => {
              form.resetFields();
              void message.success('Cotización enviada al propietario');
            },
          })
        }
      >
        <Form.Item name="valor" label="Valor" rules={[{ required: true, message: 'El campo Valor es obligatorio' }]}>
          <MoneyInput />
        </Form.Item>
        <Form.Item
          name="id_proveedor"
          label="Proveedor"
          rules={[{ required: true, message: 'El campo Proveedor es obligatorio' }]}
        >
          <RemoteSelect fuente="zona-clientes:terceros" opciones={consultaTerceros} placeholder="Busque por nombre o NIT" />
        </Form.Item>
        <Form.Item
          name="descripcion"
          label="Descripción"
          rules={[{ required: true, whitespace: true, message: 'El campo Descripción es obligatorio' }]}
        >
          <Input.TextArea rows={3} maxLength={4000} placeholder="Qué se hará, materiales, plazo" />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          Después de enviarla puede adjuntar el PDF de la cotización; el propietario recibe un correo y decide en la zona
          clientes. El arrendatario ve el paso, no el valor.
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={crear.isPending}>
          Enviar al propietario
        </Button>
      </Form>
    </Card>
  );
}

function Cotizacion({ consecutivo, c }: { consecutivo: number; c: CotizacionMantenimiento }) {
  const anular = useAnularCotizacion(consecutivo);
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={
        <span>
          {formatMoneda(c.valor)} <EstadoCotizacionTag estado={c.estado} />
        </span>
      }
      extra={
        c.estado === 'pendiente' ? (
          <Popconfirm
            title="¿Anular esta cotización?"
            description="El propietario deja de verla."
            okText="Anular"
            cancelText="Cancelar"
            onConfirm={() => anular.mutateAsync(c.id)}
          >
            <Button size="small" danger loading={anular.isPending}>
              Anular
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Proveedor">{c.proveedor}</Descriptions.Item>
        <Descriptions.Item label="Descripción">{c.descripcion}</Descriptions.Item>
        <Descriptions.Item label="Enviada">
          {formatFechaHora(c.creado_en)} · {c.creado_por}
        </Descriptions.Item>
        {c.decidido_en ? (
          <Descriptions.Item label={c.estado === 'anulada' ? 'Anulada' : 'Decisión'}>
            {formatFechaHora(c.decidido_en)}
            {c.decidido_por ? ` · ${c.decidido_por}` : ''}
          </Descriptions.Item>
        ) : null}
        {c.comentario ? <Descriptions.Item label="Comentario del propietario">{c.comentario}</Descriptions.Item> : null}
      </Descriptions>
      <Archivos
        tipo="cotizacion_mantenimiento"
        dueno={String(c.id)}
        categoria="pdf"
        acepta="application/pdf,.pdf"
        soloLectura={c.estado !== 'pendiente'}
        textos={{
          singular: 'PDF',
          plural: 'PDF',
          vacio: 'Sin PDF: adjunte el de la cotización si lo tiene.',
          vacioSoloLectura: 'Sin PDF.',
          ayuda: `Un PDF de hasta ${COTIZACION_PDF_MAX_MB} MB.`,
        }}
      />
    </Card>
  );
}
