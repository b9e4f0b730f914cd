import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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

export function useOpciones(fuente: FuenteOpciones, q: string, filtro: Record<string, string> = {}, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: opcionesKeys.de(fuente, q, filtro),
      queryFn: ({ signal }) => getOpciones(fuente, q, filtro, signal),
      enabled,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}
