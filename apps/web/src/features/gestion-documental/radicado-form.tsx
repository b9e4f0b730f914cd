import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ETIQUETAS_RADICADO as L,
  ETIQUETAS_TIPO_RADICADO,
  TIPOS_RADICADO,
  type Radicado,
  type TipoRadicado,
} from '@predio/contract/gestion-documental';
import { ApiError } from '../../lib/http.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { useEditarRadicado } from './api/estados.ts';
import { useOpcionesRadicado, useRadicar, useTercerosRadicado } from './api/radicados.ts';
import { SelectContrato, SelectInmueble } from './selectores-relacionados.tsx';

type Valores = {
  tipo: TipoRadicado;
  fecha: Dayjs;
  asunto: string;
  id_tercero?: number;
  id_area?: number;
  id_serie?: number;
  id_subserie?: number;
  id_tipo_documental?: number;
  id_estado?: number;
  folios?: number | null;
  observaciones?: string;
  id_responsable?: number | null;
  inmueble?: number | null;
  id_contrato?: number | null;
};

const obligatorio = (label: string) => [{ required: true, message: `El campo ${label} es obligatorio` }];
const conCodigo = (o: { nombre: string; codigo: string | null }) => (o.codigo ? `${o.codigo} · ${o.nombre}` : o.nombre);

/**
 * Radicar: the metadata of a letter or document; on success the drawer shows it to attach its file. With
 * `radicado` it corrects that one instead: its number, kind, date and estado are not fields here.
 */
export function RadicadoForm({
  onRadicado,
  onCancelar,
  radicado,
}: {
  onRadicado: (r: Radicado) => void;
  onCancelar: () => void;
  radicado?: Radicado;
}) {
  const [form] = Form.useForm<Valores>();
  const opciones = useOpcionesRadicado();
  const radicar = useRadicar();
  const editar = useEditarRadicado(radicado?.id ?? 0);
  const [buscar, setBuscar] = useState('');
  const terceros = useTercerosRadicado(buscar);
  const [error, setError] = useState<string | null>(null);
  const serie = Form.useWatch('id_serie', form);
  const op = opciones.data;
  const estadoInicial = op?.estados.find((e) => e.nombre.toLowerCase() === 'radicado')?.id;

  const enviar = async (v: Valores) => {
    setError(null);
    try {
      if (radicado) {
        onRadicado(
          await editar.mutateAsync({
            asunto: v.asunto,
            id_tercero: v.id_tercero ?? null,
            id_area: v.id_area as number,
            id_serie: v.id_serie ?? null,
            id_subserie: v.id_subserie ?? null,
            id_tipo_documental: v.id_tipo_documental ?? null,
            folios: v.folios ?? null,
            observaciones: v.observaciones ?? '',
            id_responsable: v.id_responsable ?? null,
            inmueble: v.inmueble ?? null,
            id_contrato: v.id_contrato ?? null,
          }),
        );
        return;
      }
      const r = await radicar.mutateAsync({
        tipo: v.tipo,
        fecha: v.fecha.format('YYYY-MM-DD'),
        asunto: v.asunto,
        id_tercero: v.id_tercero ?? null,
        id_area: v.id_area as number,
        id_serie: v.id_serie ?? null,
        id_subserie: v.id_subserie ?? null,
        id_tipo_documental: v.id_tipo_documental ?? null,
        id_estado: v.id_estado ?? null,
        folios: v.folios ?? null,
        observaciones: v.observaciones ?? '',
        id_responsable: v.id_responsable ?? null,
        inmueble: v.inmueble ?? null,
        id_contrato: v.id_contrato ?? null,
      });
      onRadicado(r);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(erroresEnCampos(form, e, Object.keys(L)) ?? null);
    }
  };

  // A new radicado starts in the estado «Radicado»: the form waits for the options so that default is
  // there when it mounts, instead of remounting (and dropping what was typed) when they arrive.
  if (!op && !radicado)
    return opciones.isError ? (
      <Alert type="error" showIcon message="No se pudieron cargar las opciones de radicación." />
    ) : (
      <Spin aria-label="Cargando" />
    );

  return (
    <Form<Valores>
      form={form}
      layout="vertical"
      initialValues={
        radicado
          ? {
              tipo: radicado.tipo,
              fecha: dayjs(radicado.fecha),
              asunto: radicado.asunto,
              id_area: radicado.area.id,
              ...(radicado.tercero ? { id_tercero: radicado.tercero.id } : {}),
              ...(radicado.serie ? { id_serie: radicado.serie.id } : {}),
              ...(radicado.subserie ? { id_subserie: radicado.subserie.id } : {}),
              ...(radicado.tipo_documental ? { id_tipo_documental: radicado.tipo_documental.id } : {}),
              folios: radicado.folios,
              observaciones: radicado.observaciones,
              id_responsable: radicado.responsable?.id ?? null,
              inmueble: radicado.inmueble?.consecutivo ?? null,
              id_contrato: radicado.contrato?.id ?? null,
            }
          : { tipo: 'entrada', fecha: dayjs(), id_estado: estadoInicial, id_responsable: op?.id_usuario_recepcion ?? null }
      }
      key={radicado ? `editar-${radicado.id}` : 'nuevo'}
      onValuesChange={(c: Partial<Valores>) => {
        // An entrada goes to the user that receives inbound mail; the other kinds start without one.
        if (c.tipo && !radicado)
          form.setFieldValue('id_responsable', c.tipo === 'entrada' ? (op?.id_usuario_recepcion ?? null) : null);
      }}
      onFinish={(v) => void enviar(v)}
      className="radicado-form"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      {radicado ? null : (
        <Form.Item name="tipo" label={L.tipo} rules={obligatorio(L.tipo)}>
          <Radio.Group
            optionType="button"
            options={TIPOS_RADICADO.map((t) => ({ value: t, label: ETIQUETAS_TIPO_RADICADO[t] }))}
          />
        </Form.Item>
      )}
      <Form.Item name="asunto" label={L.asunto} rules={obligatorio(L.asunto)}>
        <Input maxLength={300} />
      </Form.Item>
      <Space wrap size="middle" className="radicado-form-fila">
        {radicado ? null : (
          <Form.Item name="fecha" label={L.fecha} rules={obligatorio(L.fecha)}>
            <DatePicker format="DD/MM/YYYY" />
          </Form.Item>
        )}
        <Form.Item name="folios" label={L.folios}>
          <InputNumber min={0} max={10_000} precision={0} />
        </Form.Item>
      </Space>
      <Form.Item name="id_tercero" label={L.id_tercero}>
        <Select
          showSearch={{ filterOption: false, onSearch: setBuscar }}
          allowClear
          placeholder="Busque por nombre o documento"
          options={[
            // The radicado's own tercero, so the field shows its name before any search.
            ...(radicado?.tercero && !(terceros.data ?? []).some((t) => t.id === radicado.tercero?.id) ? [radicado.tercero] : []),
            ...(terceros.data ?? []),
          ].map((t) => ({ value: t.id, label: `${t.nombre} · ${t.nro_id}` }))}
          notFoundContent={terceros.isFetching ? 'Buscando…' : 'Sin coincidencias'}
        />
      </Form.Item>
      <Form.Item name="id_area" label={L.id_area} rules={obligatorio(L.id_area)}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={opciones.isPending}
          options={(op?.areas ?? []).map((a) => ({ value: a.id, label: conCodigo(a) }))}
        />
      </Form.Item>
      <Form.Item name="id_serie" label={L.id_serie}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(op?.series ?? []).map((s) => ({ value: s.id, label: conCodigo(s) }))}
          onChange={() => form.setFieldValue('id_subserie', undefined)}
        />
      </Form.Item>
      <Form.Item name="id_subserie" label={L.id_subserie}>
        <Select
          allowClear
          disabled={!serie}
          placeholder={serie ? undefined : 'Elija primero la serie'}
          showSearch={{ optionFilterProp: 'label' }}
          options={(op?.subseries ?? []).filter((s) => s.id_serie === serie).map((s) => ({ value: s.id, label: conCodigo(s) }))}
        />
      </Form.Item>
      <Form.Item name="id_tipo_documental" label={L.id_tipo_documental}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(op?.tipos_documentales ?? []).map((t) => ({ value: t.id, label: t.nombre }))}
        />
      </Form.Item>
      <Form.Item name="inmueble" label={L.inmueble}>
        <SelectInmueble
          actual={
            radicado?.inmueble
              ? {
                  value: radicado.inmueble.consecutivo,
                  label: `${radicado.inmueble.consecutivo} · ${radicado.inmueble.direccion}`,
                }
              : null
          }
        />
      </Form.Item>
      <Form.Item name="id_contrato" label={L.id_contrato} extra="Sin inmueble, se toma el del contrato.">
        <SelectContrato actual={radicado?.contrato ? { value: radicado.contrato.id, label: radicado.contrato.numero } : null} />
      </Form.Item>
      {radicado ? null : (
        <Form.Item name="id_estado" label={L.id_estado}>
          <Select allowClear options={(op?.estados ?? []).map((e) => ({ value: e.id, label: e.nombre }))} />
        </Form.Item>
      )}
      <Form.Item name="id_responsable" label={L.id_responsable} extra="Quien debe responderlo; se le avisa al radicar.">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(op?.usuarios ?? []).map((u) => ({ value: u.id, label: u.nombre }))}
        />
      </Form.Item>
      <Form.Item name="observaciones" label={L.observaciones}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={radicar.isPending || editar.isPending}>
          {radicado ? 'Guardar cambios' : 'Radicar'}
        </Button>
        <Button onClick={onCancelar}>Cancelar</Button>
      </Space>
    </Form>
  );
}
