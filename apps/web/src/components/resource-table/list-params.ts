import { PAGE_SIZE_DEFAULT } from '@predio/contract/list';
import { ACTIVO_LABEL, camposOrdenables, type FieldDef, type ResourceDef } from '@predio/contract/maestros/resource';
import type { FormatoExportacion } from '@predio/contract/maestros/schemas';

// The list's state lives in the query string (CONVENTIONS "one list contract"; react-admin useListParams):
// the same names the API takes, so a list URL is shareable, survives a reload and the back button.

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export type Orden = 'asc' | 'desc';

export type ListState = {
  page: number;
  pageSize: number;
  sort?: string;
  order?: Orden;
  q?: string;
  /** Filter key → the value as it travels in the query string ('true', '1217', 'CT'). */
  filters: Record<string, string>;
};

export const ACTIVO_KEY = 'activo';

export type Filtro = { key: string; label: string; field: FieldDef | null };

/** The filters a resource offers: its filterable fields, its parent reference and, when it has one, activo. */
export function filtrosDe(def: ResourceDef): Filtro[] {
  const out: Filtro[] = def.fields
    .filter((f) => f.filter === true || f.key === def.parent)
    .map((f) => ({ key: f.key, label: f.label, field: f }));
  if (def.activo) out.push({ key: ACTIVO_KEY, label: ACTIVO_LABEL, field: null });
  return out;
}

const ENTERO = /^[1-9]\d{0,8}$/;

function filtroValido(f: Filtro, v: string): boolean {
  if (f.field === null) return v === 'true' || v === 'false';
  switch (f.field.type) {
    case 'boolean':
      return v === 'true' || v === 'false';
    case 'enum':
      return f.field.options.some((o) => o.value === v);
    case 'reference':
      return ENTERO.test(v);
    case 'number':
    case 'money':
      return v.trim() !== '' && Number.isFinite(Number(v));
    default:
      return v.trim() !== '' && v.length <= 200;
  }
}

const entero = (v: string | null, min: number, max: number) => {
  const n = v !== null && /^\d{1,7}$/.test(v) ? Number(v) : NaN;
  return n >= min && n <= max ? n : null;
};

/** Reads a list state from a query string; anything invalid falls back to its default instead of failing. */
export function parseListState(def: ResourceDef, search: string | URLSearchParams): ListState {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const state: ListState = {
    page: entero(p.get('page'), 1, 1_000_000) ?? 1,
    pageSize: PAGE_SIZES.find((s) => String(s) === p.get('pageSize')) ?? PAGE_SIZE_DEFAULT,
    filters: {},
  };
  const sort = p.get('sort');
  if (sort !== null && camposOrdenables(def).includes(sort)) state.sort = sort;
  const order = p.get('order');
  if (order === 'asc' || order === 'desc') state.order = order;
  const q = p.get('q')?.trim().slice(0, 200);
  if (q) state.q = q;
  for (const f of filtrosDe(def)) {
    const v = p.get(f.key);
    if (v !== null && filtroValido(f, v)) state.filters[f.key] = v;
  }
  return state;
}

/** The canonical query string of a state: defaults left out, keys in a fixed order (no leading '?'). */
export function serializeListState(def: ResourceDef, s: ListState): string {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  for (const f of filtrosDe(def)) {
    const v = s.filters[f.key];
    if (v !== undefined && v !== '') p.set(f.key, v);
  }
  if (s.sort) p.set('sort', s.sort);
  if (s.order) p.set('order', s.order);
  if (s.page > 1) p.set('page', String(s.page));
  if (s.pageSize !== PAGE_SIZE_DEFAULT) p.set('pageSize', String(s.pageSize));
  return p.toString();
}

/** Search, sort and filters without paging: what an export and an 'apply' share. */
function criterios(def: ResourceDef, s: ListState): URLSearchParams {
  return new URLSearchParams(serializeListState(def, { ...s, page: 1, pageSize: PAGE_SIZE_DEFAULT }));
}

/** Query string of the list endpoint: always explicit page and pageSize. */
export function listQueryString(def: ResourceDef, s: ListState): string {
  const p = criterios(def, s);
  p.set('page', String(s.page));
  p.set('pageSize', String(s.pageSize));
  return p.toString();
}

/** Query string of the export: the current search, filters and sort, every page. */
export function exportQueryString(def: ResourceDef, s: ListState, formato: FormatoExportacion): string {
  const p = criterios(def, s);
  p.set('formato', formato);
  return p.toString();
}

/** Applies a change; anything but moving between pages goes back to page 1. */
export function cambiarEstado(s: ListState, cambio: Partial<ListState>): ListState {
  const next: ListState = { ...s, ...cambio, filters: cambio.filters ?? s.filters };
  const soloPagina = Object.keys(cambio).every((k) => k === 'page');
  if (!soloPagina && cambio.page === undefined) next.page = 1;
  for (const k of ['sort', 'order', 'q'] as const) if (next[k] === undefined || next[k] === '') delete next[k];
  return next;
}

export const hayCriterios = (s: ListState) => s.q !== undefined || Object.keys(s.filters).length > 0;
