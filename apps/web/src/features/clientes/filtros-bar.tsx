import { DatePicker, Input, Select } from 'antd';
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

/** The list's filters; each change goes to the URL at once (the search box is debounced by the page). */
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
  return (
    <div className="clientes-filtros">
      <Input.Search
        aria-label="Buscar clientes"
        placeholder="Nombre, documento, teléfono, correo o N.º"
        allowClear
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        className="clientes-buscar"
      />
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
    </div>
  );
}
