import { useState } from 'react';
import { Select } from 'antd';
import { useContratosRadicado, useInmueblesRadicado } from './api/radicados.ts';

type Props = {
  /** Form.Item passes these. */
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  /** The record's current one, so the field shows its label before any search. */
  actual?: { value: number; label: string } | null;
  disabled?: boolean;
  'aria-label'?: string;
  placeholder?: string;
};

/** An inmueble by its number or address; the value is its number (consecutivo), as the API takes it. */
export function SelectInmueble({ actual, ...p }: Props) {
  const [q, setQ] = useState('');
  const r = useInmueblesRadicado(q);
  const opciones = (r.data ?? []).map((i) => ({ value: i.consecutivo, label: `${i.consecutivo} · ${i.direccion}` }));
  return (
    <Select
      {...p}
      value={p.value ?? undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setQ }}
      placeholder={p.placeholder ?? 'Busque por número o dirección'}
      options={actual && !opciones.some((o) => o.value === actual.value) ? [actual, ...opciones] : opciones}
      onChange={(v: number | undefined) => p.onChange?.(v ?? null)}
      notFoundContent={r.isFetching ? 'Buscando…' : 'Sin coincidencias'}
    />
  );
}

/** A contrato by its number (CT-0007) or its inmueble's number or address. */
export function SelectContrato({ actual, ...p }: Props) {
  const [q, setQ] = useState('');
  const r = useContratosRadicado(q);
  const opciones = (r.data ?? []).map((c) => ({
    value: c.id,
    label: `${c.numero} · inmueble ${c.inmueble} · ${c.direccion}`,
  }));
  return (
    <Select
      {...p}
      value={p.value ?? undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setQ }}
      placeholder={p.placeholder ?? 'Busque por número de contrato o inmueble'}
      options={actual && !opciones.some((o) => o.value === actual.value) ? [actual, ...opciones] : opciones}
      onChange={(v: number | undefined) => p.onChange?.(v ?? null)}
      notFoundContent={r.isFetching ? 'Buscando…' : 'Sin coincidencias'}
    />
  );
}

type ValoresRelacionados = { inmueble: number | null; id_contrato: number | null };

/** The radicados list's and the search's filters by the inmueble and the contrato they are about. */
export function FiltrosRelacionados({
  valores,
  cambiar,
}: {
  valores: ValoresRelacionados;
  cambiar: (v: Partial<ValoresRelacionados>) => void;
}) {
  return (
    <>
      <span className="gd-filtro">
        <SelectInmueble
          aria-label="Inmueble"
          placeholder="Todos los inmuebles"
          value={valores.inmueble}
          onChange={(v) => cambiar({ inmueble: v })}
        />
      </span>
      <span className="gd-filtro">
        <SelectContrato
          aria-label="Contrato"
          placeholder="Todos los contratos"
          value={valores.id_contrato}
          onChange={(v) => cambiar({ id_contrato: v })}
        />
      </span>
    </>
  );
}
