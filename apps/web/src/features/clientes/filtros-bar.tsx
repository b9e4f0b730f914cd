import { useState } from 'react';
import { Button, DatePicker, Grid, Input, Select } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import {
  ESTADOS_CLIENTE,
  ETIQUETA_ESTADO_CLIENTE,
  ETIQUETA_GESTION_CLIENTE,
  type EstadoCliente,
} from '@predio/contract/clientes';
import { GESTIONES, type Gestion } from '@predio/contract/inmuebles';
import { useAsesores } from './api/get-opciones.ts';
import type { ClientesParams } from './clientes-params.ts';
import { aDayjs, deDayjs } from './formato.ts';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { consultaMaestro } from '../../components/opciones-maestro.ts';

/** How many of the bar's filters besides the search box are in use (the phone's «Filtros (n)»). */
const filtrosEnUso = (p: ClientesParams, fechas: boolean) =>
  [p.estado.length > 0, p.asesor, p.gestion, p.medio, fechas && (p.ingresoDesde || p.ingresoHasta)].filter(Boolean).length;

/**
 * The list's filters; each change goes to the URL at once (the search box is debounced by the page).
 * On a phone only the search box shows, with a «Filtros» button that opens the rest.
 */
export function FiltrosBar({
  params,
  cambiar,
  texto,
  setTexto,
  fechas = true,
}: {
  params: ClientesParams;
  cambiar: (c: Partial<ClientesParams>) => void;
  texto: string;
  setTexto: (v: string) => void;
  fechas?: boolean;
}) {
  const asesores = useAsesores();
  const movil = Grid.useBreakpoint().md === false;
  const [verFiltros, setVerFiltros] = useState(false);
  const activos = filtrosEnUso(params, fechas);
  return (
    <div className="clientes-filtros">
      <Input.Search
        aria-label="Buscar clientes"
        placeholder={movil ? 'Buscar' : 'Nombre, documento, teléfono, correo o N.º'}
        allowClear
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        className="clientes-buscar"
      />
      {movil ? (
        <Button icon={<FilterOutlined />} onClick={() => setVerFiltros((v) => !v)} aria-expanded={verFiltros}>
          Filtros{activos > 0 ? ` (${activos})` : ''}
        </Button>
      ) : null}
      {movil && !verFiltros ? null : (
        <>
          <Select<EstadoCliente[]>
            mode="multiple"
            aria-label="Estado"
            placeholder="Todos los estados"
            allowClear
            value={params.estado}
            onChange={(v) => cambiar({ estado: v })}
            options={ESTADOS_CLIENTE.map((e) => ({ value: e, label: ETIQUETA_ESTADO_CLIENTE[e] }))}
            className="clientes-filtro"
            maxTagCount="responsive"
          />
          <Select<number | null>
            aria-label="Asesor"
            placeholder="Todos los asesores"
            allowClear
            value={params.asesor}
            onChange={(v) => cambiar({ asesor: v ?? null })}
            options={(asesores.data ?? []).map((a) => ({ value: a.id, label: a.nombre }))}
            showSearch={{ optionFilterProp: 'label' }}
            className="clientes-filtro"
          />
          <Select<Gestion | null>
            aria-label="Busca"
            placeholder="Arrendar o comprar"
            allowClear
            value={params.gestion}
            onChange={(v) => cambiar({ gestion: v ?? null })}
            options={GESTIONES.map((g) => ({ value: g, label: ETIQUETA_GESTION_CLIENTE[g] }))}
            className="clientes-filtro"
          />
          <div className="clientes-filtro">
            <RemoteSelect
              aria-label="Medio publicitario"
              fuente="clientes:mediospublicitarios"
              opciones={consultaMaestro('mediospublicitarios')}
              value={params.medio}
              onChange={(v) => cambiar({ medio: v })}
              placeholder="Todos los medios"
            />
          </div>
          {fechas ? (
            <DatePicker.RangePicker
              aria-label="Fecha de ingreso"
              format="DD/MM/YYYY"
              placeholder={['Ingreso desde', 'Ingreso hasta']}
              value={[aDayjs(params.ingresoDesde), aDayjs(params.ingresoHasta)]}
              onChange={(r) => cambiar({ ingresoDesde: deDayjs(r?.[0]), ingresoHasta: deDayjs(r?.[1]) })}
              allowEmpty={[true, true]}
              className="clientes-fechas"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
