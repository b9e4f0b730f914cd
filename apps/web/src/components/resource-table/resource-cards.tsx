import type { ReactNode } from 'react';
import { Select, Tag } from 'antd';
import type { FieldDef, ResourceDef } from '@predio/contract/maestros/resource';
import type { Item } from '@predio/contract/maestros/schemas';
import { nombreDe } from '../resource-texts.ts';
import { CellValue } from './cells.tsx';
import { ACTIVO_KEY, type Orden } from './list-params.ts';

type Props = {
  def: ResourceDef;
  item: Item;
  /** Keys of the columns the user shows (the same choice as the table's). */
  visibles: string[];
  acciones: (item: Item) => ReactNode;
};

/** Narrow screens: one card per row (its name, the visible fields as label: value, its actions). */
export function ResourceCard({ def, item, visibles, acciones }: Props) {
  const campos = visibles
    .filter((k) => k !== def.labelField)
    .flatMap((k) => (k === ACTIVO_KEY ? [] : def.fields.filter((f) => f.key === k)));
  return (
    <>
      <div className="resource-card-head">
        <strong>{nombreDe(def, item)}</strong>
        {visibles.includes(ACTIVO_KEY) && item.activo === false ? <Tag>Inactivo</Tag> : null}
      </div>
      <dl className="resource-card-fields">
        {campos.map((f) => (
          <div key={f.key}>
            <dt>{f.label}</dt>
            <dd>
              <CellValue field={f} item={item} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="resource-card-actions">{acciones(item)}</div>
    </>
  );
}

type SortProps = {
  campos: FieldDef[];
  sort: string;
  order: Orden;
  onChange: (sort: string, order: Orden) => void;
};

/** The table sorts by its headers; the cards need a control of their own. */
export function SortSelect({ campos, sort, order, onChange }: SortProps) {
  const options = campos.flatMap((f) => [
    { value: `${f.key}:asc`, label: `${f.label} ↑` },
    { value: `${f.key}:desc`, label: `${f.label} ↓` },
  ]);
  return (
    <Select
      className="resource-sort"
      aria-label="Ordenar por"
      prefix="Orden:"
      value={`${sort}:${order}`}
      options={options}
      onChange={(v: string) => {
        const [key = sort, o] = v.split(':');
        onChange(key, o === 'desc' ? 'desc' : 'asc');
      }}
    />
  );
}
