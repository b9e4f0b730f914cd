import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Form, Select, Table, Tag, Typography } from 'antd';
import { ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ETIQUETAS_TRANSICION as L, type EstadoRef, type Transicion } from '@predio/contract/gestion-documental-estados';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { useBorrarTransicion, useCrearTransicion, useTransiciones } from './api/estados.ts';
import './gestion-documental.css';

/** «Any estado» in the origen select; the API takes null. */
const CUALQUIERA = 0;
type Valores = { id_estado_origen: number; id_estado_destino?: number };

export const EstadoTag = ({ e }: { e: EstadoRef | null }) =>
  e ? <Tag color={e.color ?? undefined}>{e.nombre}</Tag> : <Typography.Text type="secondary">Cualquier estado</Typography.Text>;

/**
 * Estados de gestión documental (idm 10602): the estados (the generic master, given as `maestro`) and the
 * transitions a radicado may take between them.
 */
export function EstadosGdPage({ maestro }: { maestro?: ReactNode }) {
  // ?pestana=transiciones opens the second tab (a link can point at it).
  const [sp] = useSearchParams();
  return (
    <SectionTabs
      defaultActiveKey={sp.get('pestana') === 'transiciones' || !maestro ? 'transiciones' : 'estados'}
      destroyOnHidden
      items={[
        ...(maestro ? [{ key: 'estados', label: 'Estados', children: maestro }] : []),
        { key: 'transiciones', label: 'Transiciones permitidas', children: <TransicionesGd /> },
      ]}
    />
  );
}

function TransicionesGd() {
  const datos = useTransiciones();
  const crear = useCrearTransicion();
  const borrar = useBorrarTransicion();
  const avisos = useAvisos();
  const { message } = App.useApp();
  const [abierto, setAbierto] = useState(false);
  const [form] = Form.useForm<Valores>();
  const estados = (datos.data?.estados ?? []).filter((e) => e.activo);

  if (datos.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudieron cargar las transiciones"
        error={datos.error}
        onReintentar={() => void datos.refetch()}
      />
    );
  return (
    <Card
      title="Transiciones permitidas"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbierto(true)}>
          Nueva transición
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        A qué estado puede pasar un radicado desde cada estado. «Cualquier estado» vale también para un radicado sin estado.
        Anular exige escribir el motivo; el número del radicado nunca cambia.
      </Typography.Paragraph>
      <Table<Transicion>
        size="small"
        rowKey="id"
        loading={datos.isPending}
        dataSource={datos.data?.transiciones ?? []}
        pagination={false}
        aria-label="Transiciones permitidas"
        locale={{ emptyText: 'Aún no hay transiciones: ningún radicado puede cambiar de estado' }}
        columns={[
          {
            key: 'paso',
            title: 'Transición',
            render: (_v, t) => (
              <span className="gd-transicion">
                <EstadoTag e={t.origen} />
                <ArrowRightOutlined aria-label="pasa a" />
                <EstadoTag e={t.destino} />
              </span>
            ),
          },
          {
            key: 'creada',
            title: 'Creada',
            responsive: ['md'],
            render: (_v, t) => `${t.creado_por} · ${formatFechaHora(t.creado_en)}`,
          },
          {
            key: 'fila',
            title: '',
            width: 56,
            render: (_v, t) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Quitar la transición de ${t.origen?.nombre ?? 'cualquier estado'} a ${t.destino.nombre}`}
                onClick={() =>
                  avisos.confirm({
                    title: '¿Quitar la transición?',
                    content: `Los radicados ya no podrán pasar de ${t.origen ? `«${t.origen.nombre}»` : 'cualquier estado'} a «${t.destino.nombre}».`,
                    okText: 'Quitar',
                    okButtonProps: { danger: true },
                    cancelText: 'Cancelar',
                    onOk: () => borrar.mutateAsync(t.id).then(() => message.success('Transición quitada')),
                  })
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<Valores>
        open={abierto}
        title="Nueva transición"
        form={form}
        valores={{ id_estado_origen: CUALQUIERA }}
        guardando={crear.isPending}
        onCerrar={() => setAbierto(false)}
        onGuardar={async (v) => {
          await crear.mutateAsync({
            id_estado_origen: v.id_estado_origen === CUALQUIERA ? null : v.id_estado_origen,
            id_estado_destino: v.id_estado_destino!,
          });
          void message.success('Transición agregada');
        }}
      >
        <Form.Item name="id_estado_origen" label={L.id_estado_origen}>
          <Select
            options={[
              { value: CUALQUIERA, label: 'Cualquier estado' },
              ...estados.map((e) => ({ value: e.id, label: e.nombre })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="id_estado_destino"
          label={L.id_estado_destino}
          rules={[{ required: true, message: `El campo ${L.id_estado_destino} es obligatorio` }]}
        >
          <Select options={estados.map((e) => ({ value: e.id, label: e.nombre }))} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
