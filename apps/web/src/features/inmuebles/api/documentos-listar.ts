import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentoInmueble } from '@predio/contract/inmuebles-archivos';
import { http } from '../../../lib/http.ts';

export const documentosKeys = {
  all: ['inmuebles', 'documentos'] as const,
  lista: (consecutivo: number) => [...documentosKeys.all, consecutivo] as const,
};

export async function getDocumentos(consecutivo: number, signal?: AbortSignal): Promise<DocumentoInmueble[]> {
  return (await http.get<DocumentoInmueble[]>(`/inmuebles/${consecutivo}/documentos`, { signal, silent: true })).data;
}

export function documentosQueryOptions(consecutivo: number) {
  return queryOptions({
    queryKey: documentosKeys.lista(consecutivo),
    queryFn: ({ signal }) => getDocumentos(consecutivo, signal),
  });
}

export function useDocumentos(consecutivo: number) {
  return useQuery(documentosQueryOptions(consecutivo));
}
