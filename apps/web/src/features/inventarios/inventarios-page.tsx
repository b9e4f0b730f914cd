import { useEffect, useState } from 'react';
import { Button, Card, DatePicker, Form, Grid, Input, InputNumber, Progress, Select, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  ESTADOS_INVENTARIO,
  ETIQUETAS_ESTADO_INVENTARIO,
  ETIQUETAS_TIPO_INVENTARIO,
  TIPOS_INVENTARIO,
  type InventarioFila,
  type InventarioForm,
  type TipoInventario,
} from '@predio/contract/inventarios';
import { ModalForm } from '../../components/modal-form.tsx';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { ETIQUETAS_CLASE } from '@predio/contract/contratos';
import {
  exportarInventarios,
  useContratosDeInmueble,
  useCrearInventario,
  useInventarios,
  useOpcionesInventario,
} from './api/inventarios-api.ts';
import { enlaceInventario, listaInventarios, PATH_INVENTARIOS, type InventariosParams } from './inventarios-params.ts';
import './inventarios.css';

const Avance = ({ v }: { v: InventarioFila }) => (
  <Progress
    percent={v.avance.total ? Math.round((v.avance.hechos / v.avance.total) * 100) : 0}
    size="small"
    aria-label={`${v.avance.hechos} de ${v.avance.total} ítems revisados`}
  />
);
const EstadoTag = ({ v }: { v: InventarioFila }) => (
  <Tag color={v.estado === 'cerrado' ? 'green' : 'blue'}>{ETIQUETAS_ESTADO_INVENTARIO[v.estado]}</Tag>
);

/** Inventarios > Administración de inventarios (idm 496): every inventory, filters in the URL, export. */
export function InventariosPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(listaInventarios, PATH_INVENTARIOS);
  const lista = useInventarios(params);
  const opciones = useOpcionesInventario();
  const movil = Grid.useBreakpoint().md === false;
  const [sp, setSp] = useSearchParams();
  // «Nuevo inventario» from a property's tab arrives as ?nuevo=<consecutivo>, from a contract's screen
  // with &contrato=<id> too (the server then copies the contract's tenant and owners as the parties).
  // Read in an effect, not only on mount: this list stays alive in its tab.
  const [nuevo, setNuevo] = useState<number | 'vacio' | null>(null);
  const [contratoInicial, setContratoInicial] = useState<number | null>(null);
  const pedido = Number(sp.get('nuevo')) || null;
  const [visto, setVisto] = useState<number | null>(null);
  if (pedido !== visto) {
    setVisto(pedido);
    if (pedido) {
      setContratoInicial(Number(sp.get('contrato')) || null);
      setNuevo(pedido);
    }
  }
  useEffect(() => {
    if (!sp.has('nuevo') && !sp.has('contrato')) return;
    sp.delete('nuevo');
    sp.delete('contrato');
    setSp(sp, { replace: true });
  }, [sp, setSp]);

  const columnas: ColumnaLista<InventarioFila>[] = [
    {
      key: 'consecutivo',
      title: 'N°',
      ordenable: true,
      width: 80,
      render: (_v, v) => <Link to={enlaceInventario(v.id)}>{v.consecutivo}</Link>,
    },
    { key: 'fecha', title: 'Fecha', ordenable: true, width: 120, render: (_v, v) => v.fecha },
    { key: 'tipo', title: 'Tipo', ordenable: true, render: (_v, v) => ETIQUETAS_TIPO_INVENTARIO[v.tipo] },
    {
      key: 'inmueble',
      title: 'Inmueble',
      ordenable: true,
      ellipsis: true,
      render: (_v, v) => (
        <Link to={`/propiedades/inmueble/${v.inmueble.consecutivo}`}>
          {v.inmueble.consecutivo} · {v.inmueble.direccion}
        </Link>
      ),
    },
    { key: 'estado', title: 'Estado', ordenable: true, width: 110, render: (_v, v) => <EstadoTag v={v} /> },
    { key: 'avance', title: 'Avance', width: 150, render: (_v, v) => <Avance v={v} /> },
    { key: 'tomado_por', title: 'Tomado por', render: (_v, v) => v.tomado_por },
  ];

  const filtros = (
    <>
      <Select
        aria-label="Tipo"
        placeholder="Todos los tipos"
        allowClear
        value={params.tipo ?? undefined}
        onChange={(t?: TipoInventario) => cambiar({ tipo: t ?? null })}
        options={TIPOS_INVENTARIO.map((t) => ({ value: t, label: ETIQUETAS_TIPO_INVENTARIO[t] }))}
        className="solicitudes-filtro"
      />
      <Select
        aria-label="Estado"
        placeholder="Todos los estados"
        allowClear
        value={params.estado ?? undefined}
        onChange={(e?: (typeof ESTADOS_INVENTARIO)[number]) => cambiar({ estado: e ?? null })}
        options={ESTADOS_INVENTARIO.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_INVENTARIO[e] }))}
        className="solicitudes-filtro"
      />
      <Select
        aria-label="Tomado por"
        placeholder="Cualquier usuario"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={params.usuario ?? undefined}
        onChange={(u?: number) => cambiar({ usuario: u ?? null })}
        options={(opciones.data?.usuarios ?? []).map((u) => ({ value: u.id, label: u.nombre }))}
        className="solicitudes-filtro"
      />
      <DatePicker.RangePicker
        aria-label="Fecha del inventario"
        format="DD/MM/YYYY"
        placeholder={['Desde', 'Hasta']}
        value={[params.desde ? dayjs(params.desde) : null, params.hasta ? dayjs(params.hasta) : null]}
        onChange={(r) => cambiar({ desde: r?.[0]?.format('YYYY-MM-DD') ?? null, hasta: r?.[1]?.format('YYYY-MM-DD') ?? null })}
      />
      <Input
        aria-label="Inmueble (consecutivo)"
        placeholder="Inmueble n.º"
        inputMode="numeric"
        allowClear
        key={params.consecutivo_inmueble ?? 'sin'}
        defaultValue={params.consecutivo_inmueble ?? ''}
        onPressEnter={(e) => cambiar({ consecutivo_inmueble: Number(e.currentTarget.value) || null })}
        onBlur={(e) => {
          const n = Number(e.currentTarget.value) || null;
          if (n !== params.consecutivo_inmueble) cambiar({ consecutivo_inmueble: n });
        }}
        style={{ width: 130 }}
      />
    </>
  );

  return (
    <Card title="Administración de inventarios">
      <ListPage<InventarioFila, NonNullable<InventariosParams['sort']>>
        sustantivo={{ singular: 'inventario', plural: 'inventarios' }}
        consulta={lista}
        columnas={columnas}
        claveColumnas="inventarios"
        estado={params}
        ordenPorDefecto={{ sort: 'fecha', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }, { replace: true }),
          placeholder: movil ? 'Buscar' : 'Dirección, número, plantilla o quién lo tomó',
        }}
        filtros={filtros}
        filtrosActivos={
          [params.tipo, params.estado, params.usuario, params.desde || params.hasta, params.consecutivo_inmueble].filter(
            (x) => x !== null && x !== undefined && x !== '',
          ).length
        }
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNuevo('vacio')} aria-label="Nuevo inventario">
            {movil ? 'Nuevo' : 'Nuevo inventario'}
          </Button>
        }
        onExportar={(formato) => exportarInventarios({ params, formato })}
        vacio={{ texto: 'Aún no hay inventarios' }}
        tarjeta={(v) => (
          <>
            <Link to={enlaceInventario(v.id)}>
              <strong>
                N° {v.consecutivo} · {ETIQUETAS_TIPO_INVENTARIO[v.tipo]}
              </strong>
            </Link>
            <div>
              {v.inmueble.consecutivo} · {v.inmueble.direccion}
            </div>
            <Typography.Text type="secondary">
              {v.fecha} · {v.tomado_por} <EstadoTag v={v} />
            </Typography.Text>
            <Avance v={v} />
          </>
        )}
        filaClave={(v) => v.id}
        tituloError="No se pudo cargar la lista de inventarios"
      />
      <NuevoInventario abierto={nuevo} contrato={contratoInicial} onCerrar={() => setNuevo(null)} />
    </Card>
  );
}

type Valores = {
  consecutivo_inmueble: number | null;
  tipo: TipoInventario;
  fecha: dayjs.Dayjs;
  id_plantilla?: number;
  id_contrato?: number | null;
};

function NuevoInventario({
  abierto,
  contrato,
  onCerrar,
}: {
  abierto: number | 'vacio' | null;
  contrato: number | null;
  onCerrar: () => void;
}) {
  const [form] = Form.useForm<Valores>();
  const opciones = useOpcionesInventario();
  const crear = useCrearInventario();
  const navigate = useNavigate();
  const tipo = Form.useWatch('tipo', form);
  const inmueble = Form.useWatch('consecutivo_inmueble', form);
  const contratos = useContratosDeInmueble(inmueble);
  useEffect(() => {
    if (abierto === null) return;
    form.resetFields();
    form.setFieldsValue({
      consecutivo_inmueble: typeof abierto === 'number' ? abierto : null,
      tipo: 'entrega',
      fecha: dayjs(),
      id_contrato: typeof abierto === 'number' ? contrato : null,
      ...(opciones.data?.plantillas[0] ? { id_plantilla: opciones.data.plantillas[0].id } : {}),
    });
  }, [abierto, contrato, form, opciones.data]);

  const crearYAbrir = async (v: Valores) => {
    const body: InventarioForm = {
      consecutivo_inmueble: v.consecutivo_inmueble ?? 0,
      tipo: v.tipo,
      fecha: v.fecha.format('YYYY-MM-DD'),
      id_plantilla: v.tipo === 'devolucion' ? null : (v.id_plantilla ?? null),
      observaciones: '',
      id_contrato: v.id_contrato ?? null,
    };
    const creado = await crear.mutateAsync(body);
    void navigate(enlaceInventario(creado.id));
  };

  return (
    <ModalForm<Valores>
      open={abierto !== null}
      title="Nuevo inventario"
      okText="Crear y empezar"
      form={form}
      onGuardar={crearYAbrir}
      onCerrar={onCerrar}
      guardando={crear.isPending}
      formProps={{ requiredMark: 'optional' }}
    >
      <Form.Item
        name="consecutivo_inmueble"
        label="Inmueble (consecutivo)"
        rules={[{ required: true, message: 'El campo Inmueble es obligatorio' }]}
      >
        <InputNumber
          min={1}
          size="large"
          style={{ width: '100%' }}
          inputMode="numeric"
          onChange={() => form.setFieldValue('id_contrato', null)}
        />
      </Form.Item>
      <Form.Item
        name="id_contrato"
        label="Contrato"
        extra={
          contratos.data?.length
            ? 'Con un contrato, su arrendatario y sus propietarios quedan como partes presentes.'
            : inmueble
              ? 'Este inmueble no tiene contratos.'
              : undefined
        }
      >
        <Select<number>
          allowClear
          size="large"
          placeholder="Sin contrato"
          loading={contratos.isFetching}
          options={(contratos.data ?? []).map((k) => ({
            value: k.id,
            label: `${k.numero} · ${ETIQUETAS_CLASE[k.clase]}${k.arrendatario ? ` · ${k.arrendatario}` : ''}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="tipo" label="Tipo de inventario" rules={[{ required: true }]}>
        <Select size="large" options={TIPOS_INVENTARIO.map((t) => ({ value: t, label: ETIQUETAS_TIPO_INVENTARIO[t] }))} />
      </Form.Item>
      <Form.Item name="fecha" label="Fecha" rules={[{ required: true, message: 'El campo Fecha es obligatorio' }]}>
        <DatePicker size="large" format="DD/MM/YYYY" style={{ width: '100%' }} />
      </Form.Item>
      {tipo === 'devolucion' ? (
        <Typography.Paragraph type="secondary">
          La devolución empieza como copia del último inventario de entrega cerrado del inmueble, para compararlos ítem por ítem.
        </Typography.Paragraph>
      ) : (
        <Form.Item
          name="id_plantilla"
          label="Plantilla"
          rules={[{ required: true, message: 'El campo Plantilla es obligatorio' }]}
        >
          <Select size="large" options={(opciones.data?.plantillas ?? []).map((p) => ({ value: p.id, label: p.nombre }))} />
        </Form.Item>
      )}
    </ModalForm>
  );
}
