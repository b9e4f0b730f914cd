import { esDia } from '@predio/contract/campos';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@predio/contract/list';
import {
  CANAL_VALUES,
  ESTADO_VALUES,
  SORT_SOLICITUDES,
  TIPO_VALUES,
  type Canal,
  type EstadoSolicitud,
  type TipoSolicitud,
} from '@predio/contract/solicitudes';

export const PATH_SOLICITUDES = '/propiedades/solicitudes';

/** The list's state; it lives in the URL so a list can be shared, reloaded and gone back to. */
export type SolicitudesParams = {
  q: string;
  estado: EstadoSolicitud[];
  canal: Canal[];
  tipo: TipoSolicitud[];
  asignado: number | 'ninguno' | null;
  desde: string | null;
  hasta: string | null;
  inmueble: number | null;
  sort: (typeof SORT_SOLICITUDES)[number] | null;
  order: 'asc' | 'desc' | null;
  page: number;
  pageSize: number;
};

const entero = (v: string | null, def: number, max: number) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : def;
};
const lista = <T extends string>(v: string | null, validos: readonly T[]): T[] =>
  (v ?? '').split(',').filter((x): x is T => (validos as readonly string[]).includes(x));

export function leerParams(sp: URLSearchParams): SolicitudesParams {
  const sort = sp.get('sort');
  const order = sp.get('order');
  const asignado = sp.get('asignado');
  const desde = sp.get('desde');
  const hasta = sp.get('hasta');
  return {
    q: sp.get('q') ?? '',
    estado: lista(sp.get('estado'), ESTADO_VALUES),
    canal: lista(sp.get('canal'), CANAL_VALUES),
    tipo: lista(sp.get('tipo'), TIPO_VALUES),
    asignado: asignado === 'ninguno' ? 'ninguno' : entero(asignado, 0, 2_147_483_647) || null,
    desde: desde && esDia(desde) ? desde : null,
    hasta: hasta && esDia(hasta) ? hasta : null,
    inmueble: entero(sp.get('inmueble'), 0, 2_147_483_647) || null,
    sort: (SORT_SOLICITUDES as readonly string[]).includes(sort ?? '') ? (sort as SolicitudesParams['sort']) : null,
    order: order === 'asc' || order === 'desc' ? order : null,
    page: entero(sp.get('page'), 1, 1_000_000),
    pageSize: entero(sp.get('pageSize'), PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
  };
}

/** The URL's values of a change (null and empty lists remove the key). */
export function aUrl(p: Partial<SolicitudesParams>): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(p)) {
    if (Array.isArray(v)) out[k] = v.length > 0 ? v.join(',') : null;
    else if (k === 'page') out[k] = v === 1 ? null : (v as number);
    else if (k === 'pageSize') out[k] = v === PAGE_SIZE_DEFAULT ? null : (v as number);
    else out[k] = v === '' ? null : (v as string | number | null);
  }
  return out;
}

/** The API query string of the params (without page and size for an export). */
export function consultaSolicitudes(p: SolicitudesParams, paginar: boolean): string {
  const q = new URLSearchParams();
  if (p.q.trim()) q.set('q', p.q.trim());
  if (p.estado.length > 0) q.set('estado', p.estado.join(','));
  if (p.canal.length > 0) q.set('canal', p.canal.join(','));
  if (p.tipo.length > 0) q.set('tipo', p.tipo.join(','));
  if (p.asignado !== null) q.set('asignado', String(p.asignado));
  if (p.desde) q.set('desde', p.desde);
  if (p.hasta) q.set('hasta', p.hasta);
  if (p.inmueble !== null) q.set('inmueble', String(p.inmueble));
  if (p.sort) q.set('sort', p.sort);
  if (p.sort && p.order) q.set('order', p.order);
  if (paginar) {
    q.set('page', String(p.page));
    q.set('pageSize', String(p.pageSize));
  }
  return q.toString();
}

export const conFiltros = (p: SolicitudesParams) =>
  Boolean(
    p.q.trim() ||
    p.estado.length ||
    p.canal.length ||
    p.tipo.length ||
    p.asignado !== null ||
    p.desde ||
    p.hasta ||
    p.inmueble !== null,
  );

/** The open request: its número, 'nueva' for the create form; `abrir` is what notifications link to. */
export type Abierta = number | 'nueva' | null;
export function leerAbierta(sp: URLSearchParams): Abierta {
  const v = sp.get('abrir');
  if (v === 'nueva') return 'nueva';
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n > 0 ? n : null;
}
