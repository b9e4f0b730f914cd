import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpcionInmueble } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

/** Masters read through /maestros/<key>/opciones; asesores and propietarios through the inmuebles module. */
export type FuenteInmueble =
  'municipios' | 'barrios' | 'sectores' | 'zonas' | 'captacion' | 'causales' | 'caracteristicas' | 'asesores' | 'propietarios';

const RUTA: Record<FuenteInmueble, string> = {
  municipios: '/maestros/municipios/opciones',
  barrios: '/maestros/barrios/opciones',
  sectores: '/maestros/sectores/opciones',
  zonas: '/maestros/zonas/opciones',
  captacion: '/maestros/captacion/opciones',
  causales: '/maestros/causales/opciones',
  caracteristicas: '/maestros/caracteristicas/opciones',
  asesores: '/inmuebles-opciones/asesores',
  propietarios: '/inmuebles-opciones/propietarios',
};

export async function getOpciones(
  fuente: FuenteInmueble,
  q: string,
  filtro: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<OpcionInmueble[]> {
  const params = new URLSearchParams({ ...filtro, ...(q ? { q } : {}) });
  return (await http.get<OpcionInmueble[]>(`${RUTA[fuente]}?${params}`, { signal, silent: true })).data;
}

export const opcionesQuery = (fuente: FuenteInmueble, q: string, filtro: Record<string, string> = {}, id?: number) => {
  if (id !== undefined) filtro = { ...filtro, id: String(id) };
  const f = new URLSearchParams(filtro).toString();
  return queryOptions({
    // Widened so RemoteSelect (components/) can take any source's options.
    queryKey: inmueblesKeys.opciones(fuente, q, f) as readonly unknown[],
    queryFn: ({ signal }) => getOpciones(fuente, q, filtro, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

export function useOpciones(fuente: FuenteInmueble, q: string, filtro: Record<string, string> = {}, enabled = true) {
  return useQuery({ ...opcionesQuery(fuente, q, filtro), enabled });
}

/** The options of a source for RemoteSelect (components/remote-select.tsx). */
export const consultaDe =
  (fuente: FuenteInmueble, filtro: Record<string, string> = {}) =>
  (q: string, id?: number) =>
    opcionesQuery(fuente, q, filtro, id);
