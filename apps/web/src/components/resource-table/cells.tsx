import { Tag } from 'antd';
import { etiquetaReferencia, refLabelKey, type FieldDef } from '@predio/contract/maestros/resource';
import type { Item } from '@predio/contract/maestros/schemas';
import { formatFecha, formatMoneda, formatNumero } from '../../lib/format.ts';

export function ColorSwatch({ color }: { color: string }) {
  return (
    <span className="resource-color">
      <span className="resource-color-swatch" style={{ background: color }} aria-hidden="true" />
      <span>{color}</span>
    </span>
  );
}

export function SiNo({ value }: { value: boolean }) {
  return <Tag color={value ? 'green' : 'default'}>{value ? 'Sí' : 'No'}</Tag>;
}

/** A field's value in a list cell, formatted for es-CO. */
export function CellValue({ field, item }: { field: FieldDef; item: Item }) {
  const v = field.type === 'reference' ? item[refLabelKey(field.key)] : item[field.key];
  if (v === null || v === undefined || v === '') return <span className="resource-cell-empty">—</span>;
  if (field.type === 'reference') return <>{etiquetaReferencia(field.key, item)}</>;
  switch (field.type) {
    case 'money':
      return <>{formatMoneda(Number(v))}</>;
    case 'number':
      return <>{formatNumero(Number(v))}</>;
    case 'date': {
      return <>{formatFecha(String(v)) || String(v)}</>;
    }
    case 'boolean':
      return <SiNo value={v === true} />;
    case 'color':
      return <ColorSwatch color={String(v)} />;
    case 'enum':
      return <>{field.options.find((o) => o.value === v)?.label ?? String(v)}</>;
    default:
      return <>{String(v)}</>;
  }
}
