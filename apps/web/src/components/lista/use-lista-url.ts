import { useCallback, useMemo } from 'react';
import type { Campo, EstadoLista, Esquema } from './campos-url.ts';
import { useUrlEstado, type OpcionesCambio } from './use-url-estado.ts';

/** The record open beside the list: its key in the URL and the word for a new one. */
export type Detalle = { clave: string; nuevo: string };

export type Abierto = number | 'nuevo' | null;

/**
 * A list's state in its URL (search, filters, sort, page, page size), restored when the list is reopened,
 * and optionally the record open beside it (`detalle`: a deep link such as ?abrir=12 opens it).
 */
export function useListaUrl<F extends Record<string, Campo<unknown>>, S extends string>(
  esquema: Esquema<F, S>,
  path: string,
  o: { detalle?: Detalle; efimeras?: readonly string[]; restaurar?: boolean } = {},
) {
  // useUrlEstado compares these by value: a literal array each render is fine.
  const efimeras = [...(o.detalle ? [o.detalle.clave] : []), ...(o.efimeras ?? [])];
  const [sp, set] = useUrlEstado(path, efimeras, o.restaurar ?? true);
  const params = useMemo(() => esquema.leer(sp), [esquema, sp]);

  const cambiar = useCallback(
    (cambio: Partial<EstadoLista<F, S>>, opciones?: OpcionesCambio) => {
      const next = esquema.url({ ...params, ...cambio });
      // Only the keys this change touches: two changes made before the first renders both hold.
      const url: Record<string, string | null> = {};
      const tocadas = new Set(Object.keys(cambio));
      if (tocadas.has('sort')) tocadas.add('order');
      for (const k of tocadas) if (k !== 'page') url[k] = next.get(k);
      // Only a move between pages keeps the page; set() drops it otherwise.
      if ('page' in cambio && Object.keys(cambio).every((k) => k === 'page' || k === 'pageSize')) url.page = next.get('page');
      set(url, opciones);
    },
    [esquema, params, set],
  );

  const limpiar = useCallback(() => cambiar({ ...esquema.vacios } as Partial<EstadoLista<F, S>>), [cambiar, esquema]);

  const clave = o.detalle?.clave;
  const nuevo = o.detalle?.nuevo ?? 'nuevo';
  const valor = clave ? sp.get(clave) : null;
  const n = Number(valor);
  const abierto: Abierto = valor === nuevo ? 'nuevo' : valor !== null && Number.isInteger(n) && n > 0 ? n : null;

  /** Opens (or with null closes) the record beside the list, keeping the list's page. */
  const abrir = useCallback(
    (a: Abierto, opciones?: OpcionesCambio) => {
      if (!clave) return;
      set({ [clave]: a === 'nuevo' ? nuevo : a, page: sp.get('page') }, opciones);
    },
    [clave, nuevo, set, sp],
  );
  /** A real link that opens a record beside the list (a new tab works too), keeping the list's criteria. */
  const enlace = useCallback(
    (a: Exclude<Abierto, null>) => {
      const p = new URLSearchParams(sp);
      if (clave) p.set(clave, a === 'nuevo' ? nuevo : String(a));
      return `${path}?${p.toString()}`;
    },
    [sp, clave, nuevo, path],
  );

  return { params, cambiar, limpiar, hayFiltros: esquema.hayFiltros(params), abierto, abrir, enlace, sp, set };
}
