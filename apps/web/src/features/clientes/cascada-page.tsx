import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Col, DatePicker, Empty, Form, Input, Row, Select, Tag, Typography } from 'antd';
import {
  CASCADA_VISTA_MAX,
  ESTADOS_ABIERTOS,
  ETIQUETA_ESTADO_CLIENTE,
  RESULTADOS_CIERRE,
  type ResultadoCierre,
  type VistaPreviaCascada,
} from '@predio/contract/clientes';
import { formatFecha, formatFechaHora, formatNumero } from '../../lib/format.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { tieneCriterio, useCerrarCascada, useVistaPreviaCascada, type CriteriosEntrada } from './api/cascada.ts';
import { useAsesores } from './api/get-opciones.ts';
import { aDayjs, COLOR_ESTADO, deDayjs, estadoTexto } from './formato.ts';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { consultaMaestro } from '../../components/opciones-maestro.ts';
import './clientes.css';
import { useAvisos } from '../../components/foco.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';

type Fila = VistaPreviaCascada['items'][number];

const POR_PAGINA = 20;

const COLUMNAS: ColumnaLista<Fila>[] = [
  { key: 'consecutivo', dataIndex: 'consecutivo', title: 'N.º', width: 70 },
  {
    key: 'nombre',
    title: 'Cliente',
    render: (_v, f: Fila) => <Link to={`/propiedades/clientes-atendidos?abrir=${f.consecutivo}`}>{f.nombre}</Link>,
  },
  { key: 'fecha_ingreso', title: 'Ingreso', render: (_v, f: Fila) => formatFecha(f.fecha_ingreso), width: 110 },
  {
    key: 'estado',
    title: 'Estado',
    render: (_v, f: Fila) => <Tag color={COLOR_ESTADO[f.estado]}>{estadoTexto(f.estado)}</Tag>,
  },
  { key: 'asesor', dataIndex: 'asesor', title: 'Asesor' },
  {
    key: 'seguimiento',
    title: 'Último seguimiento',
    render: (_v, f: Fila) => (f.ultimo_seguimiento ? formatFechaHora(f.ultimo_seguimiento) : 'Nunca'),
  },
];

/** Cerrar clientes en cascada (10603): criteria, a preview with the count, a result, and one confirmed transaction. */
export function CascadaPage() {
  const { message } = App.useApp();
  const modal = useAvisos();
  const asesores = useAsesores();
  const [criterios, setCriterios] = useState<CriteriosEntrada>({ estados: [...ESTADOS_ABIERTOS] });
  const buscados = useDebouncedValue(criterios, 300);
  const vista = useVistaPreviaCascada(buscados);
  const cerrar = useCerrarCascada();
  const [resultado, setResultado] = useState<ResultadoCierre | null>(null);
  const [observacion, setObservacion] = useState('');
  const cambiar = (c: Partial<CriteriosEntrada>) => setCriterios((x) => ({ ...x, ...c }));
  const total = vista.data?.total ?? 0;
  // The preview comes whole (up to CASCADA_VISTA_MAX); its pages are turned here, from the first of each answer.
  const [hoja, setHoja] = useState<{ de: number; page: number } | null>(null);
  const pagina = hoja?.de === vista.dataUpdatedAt ? hoja.page : 1;

  const confirmar = () => {
    if (!resultado) return;
    const etiqueta = RESULTADOS_CIERRE.find((r) => r.key === resultado)!.label;
    modal.confirm({
      title: `¿Cerrar ${formatNumero(total)} ${total === 1 ? 'cliente atendido' : 'clientes atendidos'}?`,
      content: `Quedarán cerrados con resultado «${etiqueta}» y fecha de cierre de hoy. Podrá reabrirlos uno por uno; queda en la auditoría.`,
      okText: `Cerrar ${formatNumero(total)}`,
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const r = await cerrar.mutateAsync({ criterios: buscados, resultado, observacion, esperados: total });
          void message.success(`${formatNumero(r.cerrados)} ${r.cerrados === 1 ? 'cliente cerrado' : 'clientes cerrados'}`);
          setResultado(null);
          setObservacion('');
        } catch (e) {
          void message.error(e instanceof Error ? e.message : 'No se pudieron cerrar los clientes');
          void vista.refetch();
        }
      },
    });
  };

  const cuerpo = !tieneCriterio(buscados) ? (
    <Empty description="Indique al menos un criterio además del estado: asesor, medio, ingreso antes de o sin seguimiento desde" />
  ) : (
    <>
      <ListPage<Fila>
        sustantivo={{ singular: 'cliente', plural: 'clientes' }}
        consulta={{
          data: vista.data && { items: vista.data.items, total: vista.data.items.length },
          isFetching: vista.isFetching,
          error: vista.error,
          refetch: () => void vista.refetch(),
        }}
        tituloError="No se pudo calcular la vista previa"
        columnas={COLUMNAS}
        estado={{ page: pagina, pageSize: POR_PAGINA, sort: null, order: null }}
        pageSizes={[POR_PAGINA]}
        onCambiar={(c) => c.page !== undefined && setHoja({ de: vista.dataUpdatedAt, page: c.page })}
        hayFiltros={false}
        vacio={{ texto: 'Ningún cliente' }}
        resumen={
          vista.data ? (
            <Alert
              className="cascada-resumen"
              type={total > 0 ? 'warning' : 'info'}
              showIcon
              title={
                total === 0
                  ? 'Ningún cliente abierto cumple los criterios'
                  : `${formatNumero(total)} ${total === 1 ? 'cliente abierto cumple' : 'clientes abiertos cumplen'} los criterios${
                      total > CASCADA_VISTA_MAX ? ` (se muestran los primeros ${CASCADA_VISTA_MAX})` : ''
                    }`
              }
            />
          ) : undefined
        }
        filaClave={(f) => f.consecutivo}
        tamano="small"
        ancho={700}
      />
      {vista.data ? (
        <>
          <Row gutter={12} className="cascada-resumen">
            <Col xs={24} md={8}>
              <Form.Item label="Resultado del cierre" required layout="vertical">
                <Select<ResultadoCierre>
                  aria-label="Resultado del cierre"
                  placeholder="Elija el resultado"
                  value={resultado}
                  onChange={setResultado}
                  options={RESULTADOS_CIERRE.map((r) => ({ value: r.key, label: r.label }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item label="Observación" layout="vertical">
                <Input
                  aria-label="Observación"
                  maxLength={1000}
                  value={observacion}
                  onChange={(e) => setObservacion(e.target.value)}
                />
              </Form.Item>
            </Col>
          </Row>
          <Button
            type="primary"
            danger
            disabled={total === 0 || !resultado || vista.isFetching}
            loading={cerrar.isPending}
            onClick={confirmar}
          >
            {total > 0 ? `Cerrar ${formatNumero(total)} ${total === 1 ? 'cliente' : 'clientes'}` : 'Cerrar clientes'}
          </Button>
        </>
      ) : null}
    </>
  );

  return (
    <Card title="Cerrar clientes en cascada" className="clientes-page">
      <Typography.Paragraph type="secondary">
        Cierra de una vez los clientes atendidos abiertos que cumplan todos los criterios, con el mismo resultado.
      </Typography.Paragraph>
      <Form layout="vertical" className="buscador-form">
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item label="Estados">
              <Select
                mode="multiple"
                aria-label="Estados"
                value={criterios.estados}
                onChange={(v) => cambiar({ estados: v })}
                options={ESTADOS_ABIERTOS.map((e) => ({ value: e, label: ETIQUETA_ESTADO_CLIENTE[e] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Asesor">
              <Select<number | null>
                aria-label="Asesor"
                allowClear
                placeholder="Cualquier asesor"
                value={criterios.id_asesor ?? null}
                onChange={(v) => cambiar({ id_asesor: v ?? null })}
                options={(asesores.data ?? []).map((a) => ({ value: a.id, label: a.nombre }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Medio publicitario">
              <RemoteSelect
                aria-label="Medio publicitario"
                fuente="clientes:mediospublicitarios"
                opciones={consultaMaestro('mediospublicitarios')}
                value={criterios.id_medio ?? null}
                onChange={(v) => cambiar({ id_medio: v })}
                placeholder="Cualquier medio"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Ingresaron antes de">
              <DatePicker
                aria-label="Ingresaron antes de"
                format="DD/MM/YYYY"
                className="cliente-ancho"
                value={aDayjs(criterios.ingreso_antes_de)}
                onChange={(d) => cambiar({ ingreso_antes_de: deDayjs(d) })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Sin seguimiento desde">
              <DatePicker
                aria-label="Sin seguimiento desde"
                format="DD/MM/YYYY"
                className="cliente-ancho"
                value={aDayjs(criterios.sin_seguimiento_desde)}
                onChange={(d) => cambiar({ sin_seguimiento_desde: deDayjs(d) })}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {cuerpo}
    </Card>
  );
}
