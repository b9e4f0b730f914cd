import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Form, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_ORIGEN,
  ETIQUETAS_REGLA_AUTOMATICA as L,
  type ReglaAutomatica,
  type ReglaAutomaticaFormIn,
} from '@predio/contract/gestion-documental-automaticos';
import { Acciones } from '../../components/acciones-fila.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useBorrarReglaAutomatica, useGuardarReglaAutomatica, useReglasAutomaticas } from './api/automaticos.ts';
import { useOpcionesRadicado } from './api/radicados.ts';
import { enlaceRadicado } from './plantillas-cartas-page.tsx';
import './gestion-documental.css';

const conCodigo = (o: { nombre: string; codigo: string | null }) => (o.codigo ? `${o.codigo} · ${o.nombre}` : o.nombre);
type Valores = Partial<ReglaAutomaticaFormIn>;

/**
 * Subseries documentales automáticas (idm 10591): for each origen (a signed document, a closed
 * inventory…), the área, serie, subserie and tipo documental its radicado gets when the module files it.
 */
export function SubseriesAutomaticasPage() {
  const datos = useReglasAutomaticas();
  const maestros = useOpcionesRadicado();
  const guardar = useGuardarReglaAutomatica();
  const borrar = useBorrarReglaAutomatica();
  const { message } = App.useApp();
  const [abierto, setAbierto] = useState<{ regla: ReglaAutomatica | null } | null>(null);
  const [form] = Form.useForm<Valores>();
  const serie = Form.useWatch('id_serie', form);
  const m = maestros.data;
  const reglas = datos.data?.reglas ?? [];
  const libres = (datos.data?.origenes ?? []).filter((o) => !reglas.some((r) => r.origen === o.clave));

  if (datos.isError)
    return (
      <ErrorDeCarga titulo="No se pudieron cargar las reglas" error={datos.error} onReintentar={() => void datos.refetch()} />
    );

  return (
    <Card
      title="Subseries automáticas"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!datos.isPending && libres.length === 0}
          onClick={() => setAbierto({ regla: null })}
        >
          Nueva regla
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Dónde se radican solos los documentos que producen otros módulos: cada origen con su área, serie, subserie y tipo
        documental. Un origen sin regla activa se radica en el área que recibe la correspondencia, sin serie.
      </Typography.Paragraph>
      {!datos.isPending && reglas.length === 0 ? (
        <Alert
          type="info"
          showIcon
          className="gd-config-alerta"
          title="Aún no hay reglas: los documentos firmados y los inventarios cerrados se radican sin serie en el área de recepción."
        />
      ) : null}
      <Table<ReglaAutomatica>
        size="small"
        rowKey="id"
        loading={datos.isPending}
        dataSource={reglas}
        scroll={{ x: 860 }}
        pagination={false}
        aria-label="Reglas de radicación automática"
        locale={{ emptyText: 'Aún no hay reglas' }}
        columns={[
          {
            key: 'origen',
            title: L.origen,
            render: (_v, r) => (
              <Space size={4} wrap>
                <span>{ETIQUETAS_ORIGEN[r.origen]}</span>
                {r.activo ? null : <Tag>Inactiva</Tag>}
              </Space>
            ),
          },
          { key: 'area', title: L.id_area, render: (_v, r) => conCodigo(r.area) },
          { key: 'serie', title: L.id_serie, render: (_v, r) => (r.serie ? conCodigo(r.serie) : '—') },
          { key: 'subserie', title: L.id_subserie, render: (_v, r) => (r.subserie ? conCodigo(r.subserie) : '—') },
          { key: 'tipo', title: L.id_tipo_documental, render: (_v, r) => r.tipo_documental?.nombre ?? '—' },
          {
            key: 'radicados',
            title: 'Radicados',
            render: (_v, r) =>
              r.ultimo ? (
                <span>
                  {r.radicados} · último <Link to={enlaceRadicado(r.ultimo.id)}>{r.ultimo.radicado}</Link>
                </span>
              ) : (
                '0'
              ),
          },
          {
            key: 'fila',
            title: '',
            width: 96,
            render: (_v, r) => (
              <Acciones
                titulo={ETIQUETAS_ORIGEN[r.origen]}
                onEditar={() => setAbierto({ regla: r })}
                confirmar={{
                  pregunta: '¿Eliminar la regla?',
                  detalle: 'El origen volverá a radicarse en el área de recepción, sin serie.',
                }}
                onEliminar={() => borrar.mutateAsync(r.id).then(() => message.success('Regla eliminada'))}
              />
            ),
          },
        ]}
      />
      <ModalForm<Valores>
        open={abierto !== null}
        title={abierto?.regla ? 'Modificar regla' : 'Nueva regla'}
        form={form}
        valores={
          abierto?.regla
            ? {
                origen: abierto.regla.origen,
                id_area: abierto.regla.area.id,
                id_serie: abierto.regla.serie?.id ?? null,
                id_subserie: abierto.regla.subserie?.id ?? null,
                id_tipo_documental: abierto.regla.tipo_documental?.id ?? null,
                activo: abierto.regla.activo,
              }
            : { origen: libres[0]?.clave, activo: true }
        }
        guardando={guardar.isPending}
        onCerrar={() => setAbierto(null)}
        onGuardar={async (v) => {
          await guardar.mutateAsync({
            id: abierto?.regla?.id ?? null,
            body: {
              origen: v.origen!,
              id_area: v.id_area!,
              id_serie: v.id_serie ?? null,
              id_subserie: v.id_subserie ?? null,
              id_tipo_documental: v.id_tipo_documental ?? null,
              activo: v.activo ?? true,
            },
          });
          void message.success('Regla guardada');
        }}
      >
        <Form.Item name="origen" label={L.origen} rules={[{ required: true, message: `El campo ${L.origen} es obligatorio` }]}>
          <Select
            options={(datos.data?.origenes ?? [])
              .filter((o) => o.clave === abierto?.regla?.origen || libres.some((l) => l.clave === o.clave))
              .map((o) => ({ value: o.clave, label: o.etiqueta }))}
          />
        </Form.Item>
        <Form.Item name="id_area" label={L.id_area} rules={[{ required: true, message: `El campo ${L.id_area} es obligatorio` }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={maestros.isPending}
            options={(m?.areas ?? []).map((a) => ({ value: a.id, label: conCodigo(a) }))}
          />
        </Form.Item>
        <Form.Item name="id_serie" label={L.id_serie}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(m?.series ?? []).map((s) => ({ value: s.id, label: conCodigo(s) }))}
            onChange={() => form.setFieldValue('id_subserie', null)}
          />
        </Form.Item>
        <Form.Item name="id_subserie" label={L.id_subserie}>
          <Select
            allowClear
            disabled={!serie}
            placeholder={serie ? undefined : 'Elija primero la serie'}
            showSearch={{ optionFilterProp: 'label' }}
            options={(m?.subseries ?? []).filter((s) => s.id_serie === serie).map((s) => ({ value: s.id, label: conCodigo(s) }))}
          />
        </Form.Item>
        <Form.Item name="id_tipo_documental" label={L.id_tipo_documental}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(m?.tipos_documentales ?? []).map((t) => ({ value: t.id, label: t.nombre }))}
          />
        </Form.Item>
        <Form.Item name="activo" label={L.activo} valuePropName="checked">
          <Switch />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
