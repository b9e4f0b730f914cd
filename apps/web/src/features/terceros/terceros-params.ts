import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@predio/contract/list';
import { ROLES, SORT_TERCEROS, type Rol } from '@predio/contract/terceros';

/** The list's state; it lives in the URL so a list can be shared, reloaded and gone back to. */
export type TercerosParams = {
  q: string;
  rol: Rol | null;
  activo: boolean | null;
  sinAutorizacionDatos: boolean;
  sort: (typeof SORT_TERCEROS)[number] | null;
  order: 'asc' | 'desc' | null;
  page: number;
  pageSize: number;
};

const entero = (v: string | null, def: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : def;
};
const booleano = (v: string | null) => (v === 'true' ? true : v === 'false' ? false : null);

export function leerParams(sp: URLSearchParams): TercerosParams {
  const rol = sp.get('rol');
  const sort = sp.get('sort');
  const order = sp.get('order');
  return {
    q: sp.get('q') ?? '',
    rol: ROLES.some((r) => r.key === rol) ? (rol as Rol) : null,
    activo: booleano(sp.get('activo')),
    sinAutorizacionDatos: sp.get('sinAutorizacionDatos') === 'true',
    sort: (SORT_TERCEROS as readonly string[]).includes(sort ?? '') ? (sort as TercerosParams['sort']) : null,
    order: order === 'asc' || order === 'desc' ? order : null,
    page: entero(sp.get('page'), 1, 1_000_000),
    pageSize: entero(sp.get('pageSize'), PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
  };
}

/** The API query string of the params (without page and size for an export). */
export function consultaTerceros(p: TercerosParams, paginar: boolean): string {
  const q = new URLSearchParams();
  if (p.q.trim()) q.set('q', p.q.trim());
  if (p.rol) q.set('rol', p.rol);
  if (p.activo !== null) q.set('activo', String(p.activo));
  if (p.sinAutorizacionDatos) q.set('sinAutorizacionDatos', 'true');
  if (p.sort) q.set('sort', p.sort);
  if (p.sort && p.order) q.set('order', p.order);
  if (paginar) {
    q.set('page', String(p.page));
    q.set('pageSize', String(p.pageSize));
  }
  return q.toString();
}

/** The open form: a tercero's id or 'nuevo'; kept in the URL so a duplicate's link can open it. */
export type Abierto = number | 'nuevo' | null;
const TERCERO = 'tercero';

function leerAbierto(sp: URLSearchParams): Abierto {
  const v = sp.get(TERCERO);
  if (v === 'nuevo') return 'nuevo';
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n > 0 ? n : null;
}

function escribir(p: TercerosParams, abierto: Abierto): URLSearchParams {
  const sp = new URLSearchParams(consultaTerceros(p, false));
  if (abierto !== null) sp.set(TERCERO, String(abierto));
  if (p.page !== 1) sp.set('page', String(p.page));
  if (p.pageSize !== PAGE_SIZE_DEFAULT) sp.set('pageSize', String(p.pageSize));
  return sp;
}

export function useTercerosParams() {
  const [sp, setSp] = useSearchParams();
  const params = useMemo(() => leerParams(sp), [sp]);
  const abierto = leerAbierto(sp);
  /** Changing a filter goes back to page 1; the search box replaces the history entry instead of piling them. */
  const cambiar = useCallback(
    (cambio: Partial<TercerosParams>, opciones: { replace?: boolean } = {}) => {
      setSp(
        (actual) => {
          const antes = leerParams(actual);
          const pagina = 'page' in cambio || 'pageSize' in cambio ? {} : { page: 1 };
          return escribir({ ...antes, ...pagina, ...cambio }, leerAbierto(actual));
        },
        { replace: opciones.replace ?? false },
      );
    },
    [setSp],
  );
  const abrir = useCallback(
    (a: Abierto) => setSp((actual) => escribir(leerParams(actual), a), { replace: a !== null && leerAbierto(sp) !== null }),
    [setSp, sp],
  );
  /** The URL that opens a tercero's form, for real links (a new tab works too). */
  const enlace = useCallback((a: Abierto) => `?${escribir(leerParams(sp), a).toString()}`, [sp]);
  return { params, cambiar, abierto, abrir, enlace };
}
