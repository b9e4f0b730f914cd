import { useMemo, useState } from 'react';
import { Select } from 'antd';
import type { TerceroSolicitud } from '@predio/contract/solicitudes';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useTercerosSolicitud } from './api/get-terceros-solicitud.ts';

type Props = {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  /** The current tercero, so its name shows before any search. */
  actual?: Pick<TerceroSolicitud, 'id' | 'nombre' | 'nro_id'> | null;
  'aria-label'?: string;
};

/** Searches the company's active terceros as the person types (name, document, phone or e-mail). */
export function TerceroSelect({ id, value, onChange, actual, ...aria }: Props) {
  const [texto, setTexto] = useState('');
  const [abierto, setAbierto] = useState(false);
  const q = useDebouncedValue(texto, 250);
  const terceros = useTercerosSolicitud(q, abierto || q !== '');
  const opciones = useMemo(() => {
    const xs = (terceros.data ?? []).map((t) => ({ value: t.id, label: `${t.nombre} (${t.nro_id})` }));
    if (actual && !xs.some((x) => x.value === actual.id))
      xs.unshift({ value: actual.id, label: `${actual.nombre} (${actual.nro_id})` });
    return xs;
  }, [terceros.data, actual]);
  return (
    <Select
      id={id}
      aria-label={aria['aria-label']}
      value={value ?? null}
      onChange={(v: number | null | undefined) => onChange?.(v ?? null)}
      placeholder="Busque por nombre, documento, teléfono o correo"
      options={opciones}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTexto }}
      onOpenChange={setAbierto}
      loading={terceros.isFetching}
      notFoundContent={terceros.isFetching ? 'Buscando…' : 'Sin resultados'}
    />
  );
}
