import { queryOptions, useQuery } from '@tanstack/react-query';
import { rutaFoto, type FotoInmueble, type TamanoFoto } from '@predio/contract/inmuebles-archivos';
import { API_BASE, http } from '../../../lib/http.ts';

/** Every photo query of a property hangs from this key. */
export const fotosKeys = {
  all: ['inmuebles', 'fotos'] as const,
  lista: (consecutivo: number) => [...fotosKeys.all, consecutivo] as const,
};

export async function getFotos(consecutivo: number, signal?: AbortSignal): Promise<FotoInmueble[]> {
  return (await http.get<FotoInmueble[]>(`/inmuebles/${consecutivo}/fotos`, { signal, silent: true })).data;
}

export function fotosQueryOptions(consecutivo: number) {
  return queryOptions({
    queryKey: fotosKeys.lista(consecutivo),
    queryFn: ({ signal }) => getFotos(consecutivo, signal),
  });
}

export function useFotos(consecutivo: number) {
  return useQuery(fotosQueryOptions(consecutivo));
}

/** For <img src>: the server accepts the session cookie on image routes. */
export const urlFoto = (consecutivo: number, id: number, tamano: TamanoFoto) => `${API_BASE}${rutaFoto(consecutivo, id, tamano)}`;
