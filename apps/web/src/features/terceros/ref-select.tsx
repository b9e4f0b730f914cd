import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useOpciones, type FuenteOpciones } from './api/get-opciones.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';

type Props = {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  fuente: FuenteOpciones;
  filtro?: Record<string, string>;
  /** Label of the current value, so it shows before the options load. */
  etiqueta?: string | null;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
};

/** A searchable select over a master's /opciones (the server filters, without accents). */
export function RefSelect({ id, value, onChange, fuente, filtro = {}, etiqueta, disabled, placeholder, ...aria }: Props) {
  const [q, setQ] = useState('');
  const buscar = useDebouncedValue(q, 250);
  const [abierto, setAbierto] = useState(false);
  const opciones = useOpciones(fuente, buscar, filtro, !disabled && (abierto || buscar !== ''));
  const items = useMemo(() => {
    const lista = (opciones.data ?? []).map((o) => ({ value: o.id, label: o.detalle ? `${o.label} (${o.detalle})` : o.label }));
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
      disabled={disabled}
      placeholder={placeholder ?? 'Escriba para buscar'}
      allowClear
      showSearch={{ filterOption: false, onSearch: setQ }}
      onOpenChange={setAbierto}
      loading={opciones.isFetching}
      notFoundContent={opciones.isFetching ? 'Buscando…' : 'Sin resultados'}
    />
  );
}
