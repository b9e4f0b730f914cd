import { useEffect, useState } from 'react';
import { Badge, Button, Col, Grid, Input, InputNumber, Row, Segmented, Select } from 'antd';
import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import { MAX_COP } from '@predio/contract/campos';
import {
  AREA_MAX,
  ESTADOS_INMUEBLE,
  ETIQUETAS_CONSIGNACION,
  ETIQUETAS_ESTADO,
  FILTROS_CONSIGNACION,
  ETIQUETAS_GESTION,
  ETIQUETAS_TIPO,
  GESTIONES,
  TIPOS_INMUEBLE,
} from '@predio/contract/inmuebles';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { consultaDe as opcionesDe } from './api/get-opciones.ts';
import { FILTROS_AVANZADOS, cuantosFiltros, ids, lista, numero } from './inmuebles-params.ts';

type Props = {
  params: URLSearchParams;
  set: (cambio: Record<string, string | number | null | undefined>) => void;
  limpiar: () => void;
};

const unir = (xs: (string | number)[]) => (xs.length > 0 ? xs.join(',') : null);

/** The search criteria of inmuebles-disponibles; every change goes to the URL. */
export function InmueblesFiltros({ params, set, limpiar }: Props) {
  const avanzados = cuantosFiltros(params, FILTROS_AVANZADOS);
  const [abierto, setAbierto] = useState(avanzados > 0);
  const [texto, setTexto] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(texto.trim(), 300);
  useEffect(() => {
    if (q !== (params.get('q') ?? '')) set({ q });
    // Only the typed text drives this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  const municipios = ids(params.get('municipio'));
  const movil = Grid.useBreakpoint().md === false;

  const num = (k: string, label: string, o: { moneda?: boolean; min?: number; max?: number; corto?: string } = {}) => (
    <InputNumber<number>
      aria-label={label}
      placeholder={o.corto ?? label}
      title={label}
      min={o.min ?? 0}
      max={o.max}
      className="inm-ancho"
      value={numero(params.get(k))}
      onChange={(v) => set({ [k]: v })}
      {...(o.moneda
        ? {
            formatter: (v) => (v === undefined || v === null || `${v}` === '' ? '' : `$ ${Number(v).toLocaleString('es-CO')}`),
            parser: (v) => Number((v ?? '').replace(/\D/g, '')),
          }
        : {})}
    />
  );

  return (
    <div className="inm-filtros">
      <div className="inm-filtros-fila">
        <Input.Search
          allowClear
          className="inm-filtro-buscar"
          aria-label="Buscar inmuebles"
          placeholder="Dirección, descripción o consecutivo"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
        />
        {movil ? (
          <Select
            aria-label="Gestión"
            className="inm-filtro"
            value={params.get('gestion') ?? ''}
            onChange={(v: string) => set({ gestion: v === '' ? null : v })}
            options={[
              { value: '', label: 'Todas las gestiones' },
              ...GESTIONES.map((g) => ({ value: g, label: ETIQUETAS_GESTION[g] })),
            ]}
          />
        ) : (
          <Segmented
            aria-label="Gestión"
            value={params.get('gestion') ?? ''}
            onChange={(v) => set({ gestion: v === '' ? null : v })}
            options={[{ value: '', label: 'Todas' }, ...GESTIONES.map((g) => ({ value: g, label: ETIQUETAS_GESTION[g] }))]}
          />
        )}
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          aria-label="Tipo de inmueble"
          placeholder="Tipo de inmueble"
          className="inm-filtro"
          value={lista(params.get('tipo'))}
          onChange={(v: string[]) => set({ tipo: unir(v) })}
          options={TIPOS_INMUEBLE.map((t) => ({ value: t, label: ETIQUETAS_TIPO[t] }))}
        />
        <div className="inm-filtro">
          <RemoteSelect
            multiple
            fuente="municipios"
            aria-label="Municipio"
            placeholder="Municipio"
            opciones={opcionesDe('municipios')}
            value={municipios}
            onChange={(v) => set({ municipio: unir(v), barrio: null })}
            style={{ width: '100%' }}
          />
        </div>
        <Badge count={avanzados} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setAbierto((a) => !a)} aria-expanded={abierto}>
            Más filtros
          </Button>
        </Badge>
      </div>
      {abierto ? (
        <Row gutter={[12, 12]} className="inm-filtros-mas">
          <Col xs={24} sm={12} lg={6}>
            <RemoteSelect
              multiple
              fuente="barrios"
              aria-label="Barrio"
              placeholder={municipios.length === 1 ? 'Barrio' : 'Barrio (elija un municipio)'}
              disabled={municipios.length !== 1}
              opciones={opcionesDe('barrios', municipios.length === 1 ? { id_municipio: String(municipios[0]) } : {})}
              value={ids(params.get('barrio'))}
              onChange={(v) => set({ barrio: unir(v) })}
            />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <RemoteSelect
              multiple
              fuente="zonas"
              aria-label="Zona"
              placeholder="Zona"
              opciones={opcionesDe('zonas')}
              value={ids(params.get('zona'))}
              onChange={(v) => set({ zona: unir(v) })}
            />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <RemoteSelect
              multiple
              fuente="sectores"
              aria-label="Sector"
              placeholder="Sector"
              opciones={opcionesDe('sectores')}
              value={ids(params.get('sector'))}
              onChange={(v) => set({ sector: unir(v) })}
            />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Select
              mode="multiple"
              allowClear
              aria-label="Estrato"
              placeholder="Estrato"
              className="inm-ancho"
              value={lista(params.get('estrato'))}
              onChange={(v: string[]) => set({ estrato: unir(v) })}
              options={[1, 2, 3, 4, 5, 6].map((e) => ({ value: String(e), label: `Estrato ${e}` }))}
            />
          </Col>
          <Col xs={12} lg={3}>
            {num('precioMin', 'Precio desde', { moneda: true, max: MAX_COP })}
          </Col>
          <Col xs={12} lg={3}>
            {num('precioMax', 'Precio hasta', { moneda: true, max: MAX_COP })}
          </Col>
          <Col xs={12} lg={3}>
            {num('areaMin', 'Área desde (m²)', { max: AREA_MAX })}
          </Col>
          <Col xs={12} lg={3}>
            {num('areaMax', 'Área hasta (m²)', { max: AREA_MAX })}
          </Col>
          <Col xs={12} lg={4}>
            {num('habitaciones', 'Habitaciones (mín.)', { corto: 'Habitaciones' })}
          </Col>
          <Col xs={12} lg={4}>
            {num('banos', 'Baños (mín.)', { corto: 'Baños' })}
          </Col>
          <Col xs={12} lg={4}>
            {num('parqueaderos', 'Parqueaderos (mín.)', { corto: 'Parqueaderos' })}
          </Col>
          <Col xs={24} lg={6}>
            <RemoteSelect
              multiple
              fuente="caracteristicas"
              aria-label="Características"
              placeholder="Características (todas)"
              opciones={opcionesDe('caracteristicas')}
              value={ids(params.get('caracteristicas'))}
              onChange={(v) => set({ caracteristicas: unir(v) })}
            />
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <RemoteSelect
              fuente="asesores"
              aria-label="Asesor"
              placeholder="Asesor (captador o comercial)"
              opciones={opcionesDe('asesores')}
              value={numero(params.get('asesor'))}
              onChange={(v) => set({ asesor: v })}
            />
          </Col>
          <Col xs={24} sm={12} lg={4}>
            <Select
              mode="multiple"
              allowClear
              aria-label="Estado"
              placeholder="Estado: disponible"
              className="inm-ancho"
              value={lista(params.get('estado'))}
              onChange={(v: string[]) => set({ estado: unir(v) })}
              options={ESTADOS_INMUEBLE.map((e) => ({ value: e, label: ETIQUETAS_ESTADO[e] }))}
            />
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <Select
              allowClear
              aria-label="Consignación"
              placeholder="Consignación: cualquiera"
              className="inm-ancho"
              value={params.get('consignacion') || null}
              onChange={(v: string | undefined) => set({ consignacion: v ?? null })}
              options={FILTROS_CONSIGNACION.map((c) => ({ value: c, label: ETIQUETAS_CONSIGNACION[c] }))}
            />
          </Col>
          <Col xs={24} lg={4}>
            <Button
              icon={<ClearOutlined />}
              onClick={() => {
                setTexto('');
                limpiar();
              }}
            >
              Limpiar filtros
            </Button>
          </Col>
        </Row>
      ) : null}
    </div>
  );
}
