import { useMemo } from 'react';
import { PAGE_SIZE_DEFAULT } from '@predio/contract/list';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';

export const RUTA_DISPONIBLES = '/propiedades/inmuebles-disponibles';

/** The search's criteria as they travel in the URL and to GET /api/inmuebles (same names). */
export const FILTROS = [
  'q',
  'gestion',
  'tipo',
  'estado',
  'municipio',
  'barrio',
  'zona',
  'sector',
  'precioMin',
  'precioMax',
  'areaMin',
  'areaMax',
  'habitaciones',
  'banos',
  'parqueaderos',
  'estrato',
  'caracteristicas',
  'asesor',
  'consignacion',
] as const;
export type Filtro = (typeof FILTROS)[number];
const ORDEN = ['page', 'sort', 'order'] as const;

/** Criteria beyond the first row of the filter bar (they open the "Más filtros" panel). */
export const FILTROS_AVANZADOS: Filtro[] = [
  'barrio',
  'zona',
  'sector',
  'precioMin',
  'precioMax',
  'areaMin',
  'areaMax',
  'habitaciones',
  'banos',
  'parqueaderos',
  'estrato',
  'caracteristicas',
  'asesor',
  'estado',
  'consignacion',
];

export const lista = (v: string | null): string[] => (v ? v.split(',').filter(Boolean) : []);
export const ids = (v: string | null): number[] =>
  lista(v)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
export const numero = (v: string | null): number | null => (v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v));

function conClaves(params: URLSearchParams, claves: readonly string[]): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of claves) {
    const v = params.get(k);
    if (v !== null && v !== '') out.set(k, v);
  }
  return out;
}

/** The API query string of a URL: only known keys, page size fixed. */
export function consultaDe(params: URLSearchParams, pageSize = PAGE_SIZE_DEFAULT): string {
  const out = conClaves(params, [...FILTROS, ...ORDEN]);
  out.set('pageSize', String(pageSize));
  return out.toString();
}

/** The criteria alone (GET /api/inmuebles/conteo): page and order do not change how many match. */
export const filtroDe = (params: URLSearchParams): string => conClaves(params, FILTROS).toString();

export const cuantosFiltros = (params: URLSearchParams, cuales: readonly Filtro[] = FILTROS) =>
  cuales.filter((k) => (params.get(k) ?? '') !== '').length;

export function useInmueblesParams() {
  const [params, set] = useUrlEstado(RUTA_DISPONIBLES);
  const consulta = useMemo(() => consultaDe(params), [params]);
  const filtro = useMemo(() => filtroDe(params), [params]);
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const limpiar = () => set(Object.fromEntries(FILTROS.map((k) => [k, null])));
  return { params, set, consulta, filtro, page, limpiar };
}

// Every order the API takes has its words, so a shared or bookmarked URL never shows «area:asc».
export const ORDENES = [
  { value: '', label: 'Más recientes' },
  { value: 'consecutivo:asc', label: 'Más antiguos' },
  { value: 'precio:asc', label: 'Menor precio' },
  { value: 'precio:desc', label: 'Mayor precio' },
  { value: 'area:desc', label: 'Mayor área' },
  { value: 'area:asc', label: 'Menor área' },
  { value: 'habitaciones:desc', label: 'Más habitaciones' },
  { value: 'habitaciones:asc', label: 'Menos habitaciones' },
  { value: 'modificado_en:desc', label: 'Modificados recientemente' },
  { value: 'modificado_en:asc', label: 'Modificados hace más tiempo' },
];

/** The order select's value for a URL: «sort:order», '' for the default (consecutivo desc, «Más recientes»). */
export function ordenDe(params: URLSearchParams): string {
  const elegido = params.get('sort') ? `${params.get('sort')}:${params.get('order') ?? 'desc'}` : '';
  return elegido === 'consecutivo:desc' ? '' : elegido;
}
