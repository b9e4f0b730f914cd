import { Input, Select } from 'antd';
import type { OpcionesFuente } from '../resource-form/opciones-fuente.ts';
import { ReferenceSelect } from '../resource-form/reference-select.tsx';
import type { Filtro } from './list-params.ts';

type Props = {
  filtros: Filtro[];
  valores: Record<string, string>;
  onChange: (key: string, value: string | undefined) => void;
  fuente: OpcionesFuente;
  /** Labels of reference filters' values, when the list already carries them. */
  etiquetas: Record<string, string | undefined>;
};

const ANCHO = { width: 200 };

function control({
  filtro,
  valor,
  onChange,
  fuente,
  etiqueta,
}: {
  filtro: Filtro;
  valor: string | undefined;
  onChange: (value: string | undefined) => void;
  fuente: OpcionesFuente;
  etiqueta: string | undefined;
}) {
  const f = filtro.field;
  const comun = { 'aria-label': `Filtrar por ${filtro.label.toLowerCase()}`, style: ANCHO, allowClear: true };
  if (f === null)
    return (
      <Select
        {...comun}
        aria-label="Filtrar por estado"
        placeholder="Estado: todos"
        value={valor}
        onChange={(v?: string) => onChange(v)}
        options={[
          { value: 'true', label: 'Solo activos' },
          { value: 'false', label: 'Solo inactivos' },
        ]}
      />
    );
  switch (f.type) {
    case 'reference':
      return (
        <ReferenceSelect
          {...comun}
          field={f}
          fuente={fuente}
          placeholder={`${f.label}: todos`}
          value={valor === undefined ? null : Number(valor)}
          etiqueta={etiqueta}
          onChange={(v) => onChange(v === null ? undefined : String(v))}
        />
      );
    case 'enum':
      return (
        <Select
          {...comun}
          placeholder={`${f.label}: todos`}
          value={valor}
          onChange={(v?: string) => onChange(v)}
          options={f.options.map((o) => ({ value: o.value, label: o.label }))}
        />
      );
    case 'boolean':
      return (
        <Select
          {...comun}
          placeholder={`${f.label}: todos`}
          value={valor}
          onChange={(v?: string) => onChange(v)}
          options={[
            { value: 'true', label: `${f.label}: Sí` },
            { value: 'false', label: `${f.label}: No` },
          ]}
        />
      );
    case 'number': {
      const { min, max } = f;
      if (min !== undefined && max !== undefined && max - min <= 20 && !f.decimals)
        return (
          <Select
            {...comun}
            placeholder={`${f.label}: todos`}
            value={valor}
            onChange={(v?: string) => onChange(v)}
            options={Array.from({ length: max - min + 1 }, (_, i) => String(min + i)).map((v) => ({
              value: v,
              label: `${f.label} ${v}`,
            }))}
          />
        );
      break;
    }
    default:
      break;
  }
  // Free text (a departamento): equality without case or accents, applied on Enter or when leaving the box.
  return (
    <Input
      key={valor ?? ''}
      {...comun}
      placeholder={`${f.label}: todos`}
      defaultValue={valor}
      onPressEnter={(e) => onChange(e.currentTarget.value.trim() || undefined)}
      onBlur={(e) => {
        const v = e.currentTarget.value.trim() || undefined;
        if (v !== valor) onChange(v);
      }}
      onClear={() => onChange(undefined)}
    />
  );
}

export function FilterBar({ filtros, valores, onChange, fuente, etiquetas }: Props) {
  return (
    <>
      {filtros.map((filtro) => (
        <span key={filtro.key} className="resource-filter">
          {control({
            filtro,
            valor: valores[filtro.key],
            onChange: (v) => onChange(filtro.key, v),
            fuente,
            etiqueta: etiquetas[filtro.key],
          })}
        </span>
      ))}
    </>
  );
}
