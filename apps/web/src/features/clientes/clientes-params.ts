import { useCallback, useMemo } from 'react';
import { esDia } from '@predio/contract/campos';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@predio/contract/list';
import { ESTADOS_CLIENTE, SORT_CLIENTES, type EstadoCliente } from '@predio/contract/clientes';
import { GESTIONES, type Gestion } from '@predio/contract/inmuebles';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';

/** The list's state; it lives in the URL so a list can be shared, reloaded and gone back to. */
export type ClientesParams = {
  q: string;
  estado: EstadoCliente[];
  asesor: number | null;
  medio: number | null;
  gestion: Gestion | null;
  consecutivo: number | null;
  ingresoDesde: string | null;
  ingresoHasta: string | null;
  cierreDesde: string | null;
  cierreHasta: string | null;
  sort: (typeof SORT_CLIENTES)[number] | null;
  order: 'asc' | 'desc' | null;
  page: number;
  pageSize: number;
};

export const FILTROS_VACIOS = {
  q: '',
  estado: [] as EstadoCliente[],
  asesor: null,
  medio: null,
  gestion: null,
  consecutivo: null,
  ingresoDesde: null,
  ingresoHasta: null,
  cierreDesde: null,
  cierreHasta: null,
} satisfies Partial<ClientesParams>;

const entero = (v: string | null, def: number, max: number) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : def;
};
const id = (v: string | null) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n > 0 ? n : null;
};
/** A real calendar day, or nothing: a hand-edited 2026-02-30 is dropped like any other value the API would refuse. */
const fecha = (v: string | null) => (v && esDia(v) ? v : null);

export function leerParams(sp: URLSearchParams): ClientesParams {
  const sort = sp.get('sort');
  const order = sp.get('order');
  const gestion = sp.get('gestion');
  return {
    q: sp.get('q') ?? '',
    estado: (sp.get('estado') ?? '')
      .split(',')
      .filter((e): e is EstadoCliente => (ESTADOS_CLIENTE as readonly string[]).includes(e)),
    asesor: id(sp.get('asesor')),
    medio: id(sp.get('medio')),
    gestion: (GESTIONES as readonly string[]).includes(gestion ?? '') ? (gestion as Gestion) : null,
    consecutivo: id(sp.get('consecutivo')),
    ingresoDesde: fecha(sp.get('ingresoDesde')),
    ingresoHasta: fecha(sp.get('ingresoHasta')),
    cierreDesde: fecha(sp.get('cierreDesde')),
    cierreHasta: fecha(sp.get('cierreHasta')),
    sort: (SORT_CLIENTES as readonly string[]).includes(sort ?? '') ? (sort as ClientesParams['sort']) : null,
    order: order === 'asc' || order === 'desc' ? order : null,
    page: entero(sp.get('page'), 1, 1_000_000),
    pageSize: entero(sp.get('pageSize'), PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
  };
}

/** The API query string (without page and size for an export). */
export function consultaClientes(p: ClientesParams, paginar: boolean): string {
  const q = new URLSearchParams();
  if (p.q.trim()) q.set('q', p.q.trim());
  if (p.estado.length > 0) q.set('estado', p.estado.join(','));
  for (const k of [
    'asesor',
    'medio',
    'gestion',
    'consecutivo',
    'ingresoDesde',
    'ingresoHasta',
    'cierreDesde',
    'cierreHasta',
  ] as const) {
    const v = p[k];
    if (v !== null) q.set(k, String(v));
  }
  if (p.sort) q.set('sort', p.sort);
  if (p.sort && p.order) q.set('order', p.order);
  if (paginar) {
    q.set('page', String(p.page));
    q.set('pageSize', String(p.pageSize));
  }
  return q.toString();
}

export const hayFiltros = (p: ClientesParams) =>
  Boolean(
    p.q ||
    p.estado.length ||
    p.asesor ||
    p.medio ||
    p.gestion ||
    p.consecutivo ||
    p.ingresoDesde ||
    p.ingresoHasta ||
    p.cierreDesde ||
    p.cierreHasta,
  );

/** The URL value of a change (lists joined by commas, empty removed). */
function aUrl(c: Partial<ClientesParams>): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(c)) out[k] = Array.isArray(v) ? v.join(',') || null : (v as string | number | null);
  return out;
}

/** `abrir`: the consecutivo of the lead whose form is open, or 'nuevo' (clienteAbrir deep link). */
export function useClientesParams(path: string) {
  const [sp, set] = useUrlEstado(path, ['abrir']);
  const params = useMemo(() => leerParams(sp), [sp]);
  const abrirValor = sp.get('abrir');
  const abierto: number | 'nuevo' | null = abrirValor === 'nuevo' ? 'nuevo' : id(abrirValor);
  const cambiar = useCallback((c: Partial<ClientesParams>) => set(aUrl(c)), [set]);
  const abrir = useCallback((a: number | 'nuevo' | null) => set({ abrir: a, page: sp.get('page') }), [set, sp]);
  /** A real link to a lead's form (a new tab works too), keeping the list's filters. */
  const enlace = useCallback(
    (consecutivo: number) => {
      const n = new URLSearchParams(sp);
      n.set('abrir', String(consecutivo));
      return `${path}?${n.toString()}`;
    },
    [sp, path],
  );
  return { params, cambiar, abierto, abrir, enlace };
}
