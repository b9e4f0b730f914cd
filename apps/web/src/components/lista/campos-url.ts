import { esDia } from '@predio/contract/campos';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@predio/contract/list';

// A list's state lives in the query string under the names the API takes (CONVENTIONS «one list contract»),
// so a list URL can be shared, reloaded and gone back to. Each criterion is declared once with a codec:
// reading drops what the API would refuse (a hand-edited 2026-02-30, an unknown estado) instead of failing.

/** How one criterion travels in the URL. `null` from `escribir` leaves the key out. */
// Method syntax on purpose: a list declares criteria of different types under one Record<string, Campo>.
export type Campo<T> = { leer(v: string | null): T; escribir(v: T): string | null };

const ENTERO = /^\d{1,10}$/;

/** Free text (the search box, a barrio): trimmed, at most `max` characters. */
export const texto = (max = 200): Campo<string> => ({
  leer: (v) => (v ?? '').trim().slice(0, max),
  escribir: (v) => (v.trim() === '' ? null : v.trim()),
});

/** A record's id (positive integer that fits the database's integer). */
export const id = (): Campo<number | null> => ({
  leer: (v) => {
    const n = v !== null && ENTERO.test(v) ? Number(v) : 0;
    return n >= 1 && n <= 2_147_483_647 ? n : null;
  },
  escribir: (v) => (v === null ? null : String(v)),
});

/** An id or one of a few words («ninguno»: requests assigned to nobody). */
export const idO = <E extends string>(...palabras: E[]): Campo<number | E | null> => ({
  leer: (v) => ((palabras as string[]).includes(v ?? '') ? (v as E) : id().leer(v)),
  escribir: (v) => (v === null ? null : String(v)),
});

/** A whole number (prices, areas, counts) in [min, max]. */
export const numero = (min = 0, max = Number.MAX_SAFE_INTEGER): Campo<number | null> => ({
  leer: (v) => {
    const n = v !== null && /^-?\d{1,16}$/.test(v) ? Number(v) : NaN;
    return n >= min && n <= max ? n : null;
  },
  escribir: (v) => (v === null ? null : String(v)),
});

/** A calendar day «aaaa-mm-dd». */
export const dia = (): Campo<string | null> => ({
  leer: (v) => (v !== null && esDia(v) ? v : null),
  escribir: (v) => v,
});

/** true, false or either (no key). */
export const booleano = (): Campo<boolean | null> => ({
  leer: (v) => (v === 'true' ? true : v === 'false' ? false : null),
  escribir: (v) => (v === null ? null : String(v)),
});

/** A checkbox criterion: present only when ticked. */
export const bandera = (valor = 'true'): Campo<boolean> => ({
  leer: (v) => v === valor,
  escribir: (v) => (v ? valor : null),
});

/** One of a closed set of values. */
export const unoDe = <T extends string>(valores: readonly T[]): Campo<T | null> => ({
  leer: (v) => ((valores as readonly string[]).includes(v ?? '') ? (v as T) : null),
  escribir: (v) => v,
});

/** Several of a closed set, joined by commas (estado=abierta,en_proceso). */
export const variosDe = <T extends string>(valores: readonly T[]): Campo<T[]> => ({
  leer: (v) => [...new Set((v ?? '').split(',').filter((x): x is T => (valores as readonly string[]).includes(x)))],
  escribir: (v) => (v.length === 0 ? null : v.join(',')),
});

/** Several ids joined by commas (características=3,7). */
export const ids = (): Campo<number[]> => ({
  leer: (v) => [
    ...new Set(
      (v ?? '')
        .split(',')
        .map((x) => id().leer(x))
        .filter((x): x is number => x !== null),
    ),
  ],
  escribir: (v) => (v.length === 0 ? null : v.join(',')),
});

type Valores<F extends Record<string, Campo<unknown>>> = { [K in keyof F]: ReturnType<F[K]['leer']> };

/** The state of a list: its criteria plus sort, order and paging. */
export type EstadoLista<F extends Record<string, Campo<unknown>>, S extends string = string> = Valores<F> & {
  sort: S | null;
  order: 'asc' | 'desc' | null;
  page: number;
  pageSize: number;
};

export type Esquema<F extends Record<string, Campo<unknown>>, S extends string = string> = {
  filtros: F;
  /** The criteria all empty (for «Limpiar filtros»). */
  vacios: Valores<F>;
  leer: (sp: URLSearchParams | string) => EstadoLista<F, S>;
  /** Canonical query string of the list (defaults left out, keys in declaration order), without '?'. */
  url: (e: EstadoLista<F, S>) => URLSearchParams;
  /** The API's query string: the criteria and sort, and with `paginar` the page and its size (explicit). */
  consulta: (e: EstadoLista<F, S>, paginar: boolean) => string;
  /** Whether any criterion (not sort or page) is set. */
  hayFiltros: (e: EstadoLista<F, S>) => boolean;
};

const enteroEn = (v: string | null, def: number, max: number) => {
  const n = v !== null && /^\d{1,7}$/.test(v) ? Number(v) : 0;
  return n >= 1 ? Math.min(n, max) : def;
};

/**
 * A list's criteria and sortable columns, declared once: reading and writing its URL and the API query,
 * and telling whether anything filters it, all come from this.
 */
export function definirLista<F extends Record<string, Campo<unknown>>, S extends string = string>(o: {
  filtros: F;
  orden?: readonly S[];
  pageSize?: number;
}): Esquema<F, S> {
  const claves = Object.keys(o.filtros) as (keyof F & string)[];
  const tamano = o.pageSize ?? PAGE_SIZE_DEFAULT;
  const leerFiltros = (sp: URLSearchParams) =>
    Object.fromEntries(claves.map((k) => [k, o.filtros[k]!.leer(sp.get(k))])) as Valores<F>;
  const vacios = leerFiltros(new URLSearchParams());
  const criterios = (e: EstadoLista<F, S>) => {
    const p = new URLSearchParams();
    for (const k of claves) {
      const v = o.filtros[k]!.escribir(e[k]);
      if (v !== null && v !== '') p.set(k, v);
    }
    if (e.sort) p.set('sort', e.sort);
    if (e.sort && e.order) p.set('order', e.order);
    return p;
  };
  return {
    filtros: o.filtros,
    vacios,
    leer(entrada) {
      const sp = typeof entrada === 'string' ? new URLSearchParams(entrada) : entrada;
      const sort = sp.get('sort');
      const order = sp.get('order');
      return {
        ...leerFiltros(sp),
        sort: o.orden && (o.orden as readonly string[]).includes(sort ?? '') ? (sort as S) : null,
        order: order === 'asc' || order === 'desc' ? order : null,
        page: enteroEn(sp.get('page'), 1, 1_000_000),
        pageSize: enteroEn(sp.get('pageSize'), tamano, PAGE_SIZE_MAX),
      };
    },
    url(e) {
      const p = criterios(e);
      if (e.page > 1) p.set('page', String(e.page));
      if (e.pageSize !== tamano) p.set('pageSize', String(e.pageSize));
      return p;
    },
    consulta(e, paginar) {
      const p = criterios(e);
      if (paginar) {
        p.set('page', String(e.page));
        p.set('pageSize', String(e.pageSize));
      }
      return p.toString();
    },
    hayFiltros: (e) => claves.some((k) => o.filtros[k]!.escribir(e[k]) !== null),
  };
}
