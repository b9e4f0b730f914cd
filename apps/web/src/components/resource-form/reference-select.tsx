import { useState, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { conDetalle, type ReferenceField } from '@predio/contract/maestros/resource';
import type { Opcion } from '@predio/contract/maestros/schemas';
import { useDebouncedValue } from '../use-debounced-value.ts';
import type { OpcionesFuente } from './opciones-fuente.ts';
import './resource-form.css';

/** Options already seen in this tab, so a chosen value keeps its name when the search changes. */
const vistas = new Map<string, Opcion>();
const clave = (ref: string, id: number) => `${ref}:${id}`;

type Props = {
  field: ReferenceField;
  fuente: OpcionesFuente;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The label of the current value when the caller knows it (the row being edited carries it). */
  etiqueta?: string | null;
  id?: string;
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
};

/** A searchable select over another resource's rows: types → GET /opciones?q= (debounced), shows label and detail. */
export function ReferenceSelect({
  field,
  fuente,
  value,
  onChange,
  etiqueta,
  id,
  placeholder,
  allowClear,
  style,
  ...rest
}: Props) {
  const [abierto, setAbierto] = useState(false);
  const [texto, setTexto] = useState('');
  const q = useDebouncedValue(texto.trim(), 300);
  const opciones = useQuery({ ...fuente.opciones(field.ref, q), enabled: abierto || q !== '' });

  const actual = value ?? null;
  const encontrada =
    actual === null ? undefined : (opciones.data?.find((o) => o.id === actual) ?? vistas.get(clave(field.ref, actual)));
  const conocida = encontrada ?? (actual !== null && etiqueta ? { id: actual, label: etiqueta } : undefined);
  const porId = useQuery({ ...fuente.etiqueta(field.ref, actual ?? 0), enabled: actual !== null && conocida === undefined });
  const seleccionada = conocida ?? porId.data ?? undefined;

  const lista = opciones.data ?? [];
  const todas = seleccionada !== undefined && !lista.some((o) => o.id === seleccionada.id) ? [seleccionada, ...lista] : lista;
  const buscando = opciones.isFetching || texto.trim() !== q;

  return (
    <Select<number | null, { value: number; label: string; opcion: Opcion }>
      id={id}
      aria-label={rest['aria-label']}
      style={style}
      value={actual ?? undefined}
      placeholder={placeholder ?? `Buscar ${field.label.toLowerCase()}…`}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setTexto, searchValue: texto }}
      onOpenChange={(open) => {
        setAbierto(open);
        if (!open) setTexto('');
      }}
      options={todas.map((o) => ({ value: o.id, label: o.label, opcion: o }))}
      labelRender={({ value: v }) => {
        const o = todas.find((x) => x.id === v);
        // Not among the options (inactive, or a resource the user may not read): say what it is, not a bare id.
        return o === undefined ? `${field.label} #${String(v)}` : etiquetaCompleta(o);
      }}
      optionRender={(o) => (
        <span className="reference-option">
          <span>{o.data.opcion.label}</span>
          {o.data.opcion.detalle ? <Typography.Text type="secondary"> {o.data.opcion.detalle}</Typography.Text> : null}
        </span>
      )}
      notFoundContent={buscando ? <Spin size="small" /> : 'Sin resultados'}
      onChange={(v, option) => {
        const o = Array.isArray(option) ? undefined : option?.opcion;
        if (o !== undefined) vistas.set(clave(field.ref, o.id), o);
        onChange?.(v ?? null);
      }}
    />
  );
}

const etiquetaCompleta = (o: Opcion) => conDetalle(o.label, o.detalle);
