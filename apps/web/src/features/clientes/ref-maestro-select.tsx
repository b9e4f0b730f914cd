import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useOpcionesMaestro, type FuenteMaestro } from './api/get-opciones.ts';

type Props = {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  fuente: FuenteMaestro;
  /** Label of the current value, so it shows before the options load. */
  etiqueta?: string | null;
  placeholder?: string;
  'aria-label'?: string;
};

/** One value of a master, searched on the server. */
export function RefMaestroSelect({ id, value, onChange, fuente, etiqueta, placeholder, ...aria }: Props) {
  const [q, setQ] = useState('');
  const buscar = useDebouncedValue(q, 250);
  const [abierto, setAbierto] = useState(false);
  const opciones = useOpcionesMaestro(fuente, buscar, {}, abierto || buscar !== '');
  const items = useMemo(() => {
    const lista = (opciones.data ?? []).map((o) => ({ value: o.id, label: o.label }));
    if (value != null && etiqueta && !lista.some((o) => o.value === value)) lista.unshift({ value, label: etiqueta });
    return lista;
  }, [opciones.data, value, etiqueta]);
  return (
    <Select
      id={id}
      aria-label={aria['aria-label']}
      value={value ?? null}
      onChange={(v: number | null | undefined) => onChange?.(v ?? null)}
      options={items}
      placeholder={placeholder ?? 'Escriba para buscar'}
      allowClear
      showSearch={{ filterOption: false, onSearch: setQ }}
      onOpenChange={setAbierto}
      loading={opciones.isFetching}
      notFoundContent={opciones.isFetching ? 'Buscando…' : 'Sin resultados'}
    />
  );
}
