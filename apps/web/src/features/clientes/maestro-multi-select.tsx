import { useMemo, useState } from 'react';
import { Select } from 'antd';
import type { Etiqueta } from '@predio/contract/clientes';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useOpcionesMaestro, type FuenteMaestro } from './api/get-opciones.ts';

type Props = {
  id?: string;
  value?: number[];
  onChange?: (v: number[]) => void;
  fuente: FuenteMaestro;
  filtro?: Record<string, string>;
  /** Labels of the chosen values, so they show before the options load. */
  etiquetas?: Etiqueta[];
  placeholder?: string;
  'aria-label'?: string;
};

/** Several values of a master, searched on the server (without accents). */
export function MaestroMultiSelect({ id, value, onChange, fuente, filtro = {}, etiquetas = [], placeholder, ...aria }: Props) {
  const [q, setQ] = useState('');
  const buscar = useDebouncedValue(q, 250);
  const [abierto, setAbierto] = useState(false);
  const opciones = useOpcionesMaestro(fuente, buscar, filtro, abierto || buscar !== '');
  const [vistas, setVistas] = useState<Map<number, string>>(() => new Map(etiquetas.map((e) => [e.id, e.label])));
  const items = useMemo(() => {
    const lista = (opciones.data ?? []).map((o) => ({ value: o.id, label: o.detalle ? `${o.label} (${o.detalle})` : o.label }));
    for (const v of value ?? [])
      if (!lista.some((o) => o.value === v)) lista.unshift({ value: v, label: vistas.get(v) ?? `#${v}` });
    return lista;
  }, [opciones.data, value, vistas]);
  return (
    <Select
      id={id}
      mode="multiple"
      aria-label={aria['aria-label']}
      value={value ?? []}
      onChange={(v: number[], opts) => {
        const nuevas = new Map(vistas);
        for (const o of [opts].flat()) if (o && typeof o.value === 'number') nuevas.set(o.value, String(o.label));
        setVistas(nuevas);
        onChange?.(v);
      }}
      options={items}
      placeholder={placeholder ?? 'Cualquiera'}
      allowClear
      loading={opciones.isFetching}
      showSearch={{ filterOption: false, onSearch: setQ }}
      onOpenChange={setAbierto}
      maxTagCount="responsive"
      notFoundContent={opciones.isFetching ? 'Buscando…' : 'Sin resultados'}
    />
  );
}
