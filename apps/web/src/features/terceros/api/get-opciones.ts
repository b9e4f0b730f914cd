import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export type Opcion = { id: number; label: string; detalle?: string };
export type FuenteOpciones = 'municipios' | 'barrios' | 'mediosautmanejodatos';

export const opcionesKeys = {
  all: ['terceros', 'opciones'] as const,
  de: (fuente: FuenteOpciones, q: string, filtro: Record<string, string>) => [...opcionesKeys.all, fuente, q, filtro] as const,
};

/** The masters' option endpoints (any logged-in user may read them). */
export async function getOpciones(
  fuente: FuenteOpciones,
  q: string,
  filtro: Record<string, string>,
  signal?: AbortSignal,
): Promise<Opcion[]> {
  const params = new URLSearchParams({ ...filtro, ...(q ? { q } : {}) });
  return (await http.get<Opcion[]>(`/maestros/${fuente}/opciones?${params}`, { signal, silent: true })).data;
}

/** A master's options for RemoteSelect (components/remote-select.tsx); with id, that one row. */
export const consultaOpciones =
  (fuente: FuenteOpciones, filtro: Record<string, string> = {}) =>
  (q: string, id?: number) => {
    const f = id === undefined ? filtro : { ...filtro, id: String(id) };
    return queryOptions({
      // Widened so RemoteSelect (components/) can take any source's options.
      queryKey: opcionesKeys.de(fuente, q, f) as readonly unknown[],
      queryFn: ({ signal }) => getOpciones(fuente, q, f, signal),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    });
  };
