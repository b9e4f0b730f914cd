import { useEffect, useState } from 'react';
import { Button, Card, Col, DatePicker, Form, InputNumber, Row, Select, Space, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useClientStatisticsFilter, type OpcionFecha } from '../../lib/client-statistics-filter-store.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { filtroDesdeParams, filtroVacio, paramsDeFecha, paramsDesdeFiltro } from './buscador-filtro.ts';
import { ClienteDrawer } from './cliente-form.tsx';
import { BotonExportar } from './clientes-page.tsx';
import { ClientesTabla } from './clientes-tabla.tsx';
import { FILTROS_VACIOS, hayFiltros, useClientesParams } from './clientes-params.ts';
import { FiltrosBar } from './filtros-bar.tsx';
import { aDayjs, deDayjs } from './formato.ts';
import './clientes.css';

const RUTA = '/propiedades/buscador-clientes-atendidos';

/**
 * Buscador de clientes atendidos (463): every filter in the URL, and the client-statistics filter of
 * spec §3 (N.º de cliente, fechas de ingreso y cierre) kept in its store, which resets after 5 minutes.
 */
export function BuscadorClientesPage() {
  const { params, cambiar, abierto, abrir, enlace } = useClientesParams(RUTA, { restaurar: false });
  const filtro = useClientStatisticsFilter();
  const [texto, setTexto] = useState(params.q);
  const q = useDebouncedValue(texto, 300);
  const opcion: OpcionFecha =
    params.cierreDesde || params.cierreHasta
      ? 'cierre'
      : params.ingresoDesde || params.ingresoHasta
        ? 'ingreso'
        : filtro.opcionFecha;
  const desde = opcion === 'ingreso' ? params.ingresoDesde : params.cierreDesde;
  const hasta = opcion === 'ingreso' ? params.ingresoHasta : params.cierreHasta;

  // Coming back within 5 minutes with a bare URL restores the last filter from the store.
  useEffect(() => {
    const guardado = paramsDesdeFiltro(useClientStatisticsFilter.getState());
    if (!hayFiltros(params) && !filtroVacio(guardado)) cambiar(guardado);
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The store follows the URL (each change restarts its 5-minute expiry).
  useEffect(() => {
    if (hayFiltros(params)) filtro.set(filtroDesdeParams(params, opcion));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params.consecutivo, params.ingresoDesde, params.ingresoHasta, params.cierreDesde, params.cierreHasta, opcion]);
  useEffect(() => {
    if (q !== params.q) cambiar({ q });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const limpiar = () => {
    filtro.reset();
    setTexto('');
    cambiar({ ...FILTROS_VACIOS, sort: null, order: null });
  };

  return (
    <Card title="Buscador de clientes atendidos" className="clientes-page" extra={<BotonExportar params={params} />}>
      <Form layout="vertical" className="buscador-form">
        <Row gutter={12}>
          <Col xs={24} sm={8} md={4}>
            <Form.Item label="N.º de cliente">
              <InputNumber<number>
                aria-label="N.º de cliente"
                min={1}
                className="cliente-ancho"
                value={params.consecutivo}
                onChange={(v) => cambiar({ consecutivo: v ?? null })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16} md={5}>
            <Form.Item label="Filtrar por fecha de">
              <Select<OpcionFecha>
                aria-label="Filtrar por fecha de"
                value={opcion}
                onChange={(o) => {
                  filtro.set({ opcionFecha: o });
                  cambiar(paramsDeFecha({ opcion: o, desde, hasta }));
                }}
                options={[
                  { value: 'ingreso', label: 'Ingreso' },
                  { value: 'cierre', label: 'Cierre' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={9}>
            <Form.Item label={opcion === 'ingreso' ? 'Rango de fechas de ingreso' : 'Rango de fechas de cierre'}>
              <DatePicker.RangePicker
                aria-label="Rango de fechas"
                format="DD/MM/YYYY"
                className="cliente-ancho"
                allowEmpty={[true, true]}
                value={[aDayjs(desde), aDayjs(hasta)]}
                onChange={(r) => cambiar(paramsDeFecha({ opcion, desde: deDayjs(r?.[0]), hasta: deDayjs(r?.[1]) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label=" ">
              <Button icon={<ClearOutlined />} onClick={limpiar} block>
                Limpiar filtros
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <FiltrosBar params={params} cambiar={cambiar} texto={texto} setTexto={setTexto} fechas={false} />
      <Space orientation="vertical" className="cliente-ancho">
        <Typography.Text type="secondary">
          El filtro se conserva 5 minutos si sale de esta pantalla; la dirección de la página lo guarda para compartirlo.
        </Typography.Text>
        <ClientesTabla params={params} cambiar={cambiar} enlace={enlace} />
      </Space>
      <ClienteDrawer abierto={abierto} onCerrar={() => abrir(null)} onAbrir={abrir} />
    </Card>
  );
}
