import type { ReactNode } from 'react';
import { Pagination, Select, Tag } from 'antd';
import type { FieldDef, ResourceDef } from '@predio/contract/maestros/resource';
import type { Item } from '@predio/contract/maestros/schemas';
import { formatNumero } from '../../lib/format.ts';
import { nombreDe } from '../resource-texts.ts';
import { CellValue } from './cells.tsx';
import { ACTIVO_KEY, type ListState, type Orden } from './list-params.ts';

type Props = {
  def: ResourceDef;
  items: Item[];
  total: number;
  state: ListState;
  /** Keys of the columns the user shows (the same choice as the table's). */
  visibles: string[];
  acciones: (item: Item) => ReactNode;
  vacio: ReactNode;
  cargando: boolean;
  onPage: (page: number) => void;
};

/** Narrow screens: one card per row (its name, the visible fields as label: value, its actions). */
export function ResourceCards({ def, items, total, state, visibles, acciones, vacio, cargando, onPage }: Props) {
  const campos = visibles
    .filter((k) => k !== def.labelField)
    .flatMap((k) => (k === ACTIVO_KEY ? [] : def.fields.filter((f) => f.key === k)));
  if (items.length === 0) return <div className="resource-cards-empty">{vacio}</div>;
  return (
    <>
      <ul className="resource-cards" aria-label={def.plural} aria-busy={cargando}>
        {items.map((item) => (
          <li key={item.id} className={item.activo === false ? 'resource-card resource-row-inactive' : 'resource-card'}>
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
          </li>
        ))}
      </ul>
      <Pagination
        className="resource-cards-pagination"
        simple
        current={state.page}
        pageSize={state.pageSize}
        total={total}
        showSizeChanger={false}
        onChange={onPage}
        showTotal={(t) => `${formatNumero(t)} en total`}
      />
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
