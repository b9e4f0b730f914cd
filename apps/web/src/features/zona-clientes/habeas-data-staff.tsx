import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Table, Tag, Typography } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import {
  DIAS_HABILES_HABEAS_DATA,
  ETIQUETAS_TIPO_HABEAS_DATA,
  type RespuestaHabeasData,
  type SolicitudHabeasDataStaff,
} from '@predio/contract/zona-clientes';
import { zonaKeys } from '../../components/zona-clientes/api.ts';
import { formatFecha, formatFechaHora } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';

const clave = [...zonaKeys.all, 'habeas-data'] as const;
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

/** The deadline, red once it passed, gold on its last three calendar days. */
function Vence({ h }: { h: SolicitudHabeasDataStaff }) {
  if (h.estado === 'respondida') return <>{formatFecha(h.vence_el)}</>;
  const dias = Math.round((Date.parse(h.vence_el) - Date.parse(hoy())) / 86_400_000);
  const color = dias < 0 ? 'red' : dias <= 3 ? 'gold' : 'default';
  const texto = dias < 0 ? 'vencida' : dias === 0 ? 'vence hoy' : `faltan ${dias} días`;
  return (
    <>
      {formatFecha(h.vence_el)} <Tag color={color}>{texto}</Tag>
    </>
  );
}

/**
 * Configurar zona clientes > Solicitudes de datos personales: what clients asked in the portal under
 * Ley 1581, the nearest deadline first, each answered once (the client reads it there and by e-mail).
 */
export function HabeasDataStaff() {
  const lista = useQuery({
    queryKey: clave,
    queryFn: async () => (await http.get<SolicitudHabeasDataStaff[]>('/zona-clientes/habeas-data', { silent: true })).data,
    placeholderData: keepPreviousData,
  });
  const [abierta, setAbierta] = useState<SolicitudHabeasDataStaff | null>(null);
  return (
    <Card title="Solicitudes de datos personales (Ley 1581)" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        Plazo legal en días hábiles: consultas {DIAS_HABILES_HABEAS_DATA.consulta} (art. 14); actualización, corrección, supresión
        o revocatoria {DIAS_HABILES_HABEAS_DATA.supresion} (art. 15), contados desde el día siguiente a la solicitud.
      </Typography.Paragraph>
      {lista.isError ? <Alert type="error" showIcon title={lista.error.message} /> : null}
      <Table<SolicitudHabeasDataStaff>
        rowKey="id"
        size="small"
        loading={lista.isPending}
        dataSource={lista.data ?? []}
        pagination={false}
        locale={{ emptyText: 'Ningún cliente ha hecho solicitudes sobre sus datos' }}
        columns={[
          { key: 'cliente', title: 'Cliente', render: (_v, h) => h.cliente },
          { key: 'tipo', title: 'Solicitud', render: (_v, h) => ETIQUETAS_TIPO_HABEAS_DATA[h.tipo] },
          { key: 'creado', title: 'Recibida', responsive: ['md'], render: (_v, h) => formatFechaHora(h.creado_en) },
          { key: 'vence', title: 'Responder a más tardar', render: (_v, h) => <Vence h={h} /> },
          {
            key: 'estado',
            title: 'Estado',
            render: (_v, h) =>
              h.estado === 'respondida' ? (
                <Button type="link" onClick={() => setAbierta(h)} style={{ padding: 0 }}>
                  Respondida
                </Button>
              ) : (
                <Button size="small" onClick={() => setAbierta(h)} aria-label={`Responder la solicitud de ${h.cliente}`}>
                  Responder
                </Button>
              ),
          },
        ]}
      />
      {abierta ? <Responder h={abierta} onCerrar={() => setAbierta(null)} /> : null}
    </Card>
  );
}

function Responder({ h, onCerrar }: { h: SolicitudHabeasDataStaff; onCerrar: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<RespuestaHabeasData>();
  const responder = useMutation({
    mutationFn: async (b: RespuestaHabeasData) =>
      (await http.post<SolicitudHabeasDataStaff>(`/zona-clientes/habeas-data/${h.id}/respuesta`, b)).data,
    onSuccess: async () => {
      void message.success(`Respuesta enviada a ${h.email}`);
      await qc.invalidateQueries({ queryKey: clave });
      onCerrar();
    },
  });
  const respondida = h.estado === 'respondida';
  return (
    <AppModal
      open
      title={`${ETIQUETAS_TIPO_HABEAS_DATA[h.tipo]}: ${h.cliente}`}
      onCancel={onCerrar}
      footer={
        respondida
          ? [
              <Button key="cerrar" onClick={onCerrar}>
                Cerrar
              </Button>,
            ]
          : [
              <Button key="cancelar" onClick={onCerrar}>
                Cancelar
              </Button>,
              <Button key="enviar" type="primary" loading={responder.isPending} onClick={() => form.submit()}>
                Enviar respuesta
              </Button>,
            ]
      }
    >
      <Typography.Paragraph type="secondary">
        Recibida el {formatFechaHora(h.creado_en)} · {h.email} · responder a más tardar el {formatFecha(h.vence_el)}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{h.descripcion}</Typography.Paragraph>
      {respondida ? (
        <>
          <Typography.Title level={5}>Respuesta</Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{h.respuesta}</Typography.Paragraph>
          <Typography.Text type="secondary">
            {h.respondido_por} · {h.respondido_en ? formatFechaHora(h.respondido_en) : ''}
          </Typography.Text>
        </>
      ) : (
        <Form form={form} layout="vertical" name="respuesta-habeas" onFinish={(v) => responder.mutate(v)}>
          <Form.Item
            name="respuesta"
            label="Respuesta"
            extra="El cliente la lee en la zona clientes y la recibe por correo. Se responde una sola vez."
            rules={[{ required: true, whitespace: true, message: 'El campo Respuesta es obligatorio' }]}
          >
            <Input.TextArea rows={6} maxLength={8000} />
          </Form.Item>
        </Form>
      )}
    </AppModal>
  );
}
