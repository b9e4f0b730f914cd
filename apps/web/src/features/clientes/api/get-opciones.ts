import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AsesorOpcion, TerceroOpcion } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { clientesKeys } from './get-clientes.ts';

export type Opcion = { id: number; label: string; detalle?: string };
export type FuenteMaestro = 'municipios' | 'barrios' | 'zonas' | 'caracteristicas' | 'mediospublicitarios';

/** The masters' option endpoints (any logged-in user may read them); the server filters without accents. */
export async function getOpcionesMaestro(fuente: FuenteMaestro, q: string, filtro: Record<string, string>, signal?: AbortSignal) {
  const params = new URLSearchParams({ ...filtro, ...(q ? { q } : {}) });
  return (await http.get<Opcion[]>(`/maestros/${fuente}/opciones?${params}`, { signal, silent: true })).data;
}

/** A master's options for RemoteSelect (components/remote-select.tsx); with id, that one row. */
export const consultaMaestro =
  (fuente: FuenteMaestro, filtro: Record<string, string> = {}) =>
  (q: string, id?: number) => {
    const f = id === undefined ? filtro : { ...filtro, id: String(id) };
    return queryOptions({
      // Widened so RemoteSelect (components/) can take any source's options.
      queryKey: clientesKeys.opciones(`${fuente}:${JSON.stringify(f)}`, q) as readonly unknown[],
      queryFn: ({ signal }) => getOpcionesMaestro(fuente, q, f, signal),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    });
  };

export function useAsesores() {
  return useQuery(
    queryOptions({
      queryKey: clientesKeys.opciones('asesores', ''),
      queryFn: async ({ signal }) =>
        (await http.get<AsesorOpcion[]>('/clientes-atendidos/asesores', { signal, silent: true })).data,
      staleTime: 60_000,
    }),
  );
}

/** Terceros to attach to a lead (two letters at least). */
export function useTercerosBusqueda(q: string) {
  return useQuery(
    queryOptions({
      queryKey: clientesKeys.opciones('terceros', q),
      queryFn: async ({ signal }) =>
        (await http.get<TerceroOpcion[]>(`/clientes-atendidos/terceros?${new URLSearchParams({ q })}`, { signal, silent: true }))
          .data,
      enabled: q.trim().length >= 2,
      placeholderData: keepPreviousData,
    }),
  );
}
