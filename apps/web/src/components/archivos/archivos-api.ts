import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArchivoRegistro, UsoArchivos } from '@predio/contract/archivos';
import { descargar } from '../../lib/descargar.ts';
import { http } from '../../lib/http.ts';

// The files of any record (/api/archivos/:tipo/:dueno, platform/archivos on the server).

export type Dueno = { tipo: string; dueno: string; categoria: string };

const ruta = (d: Dueno) => `/archivos/${encodeURIComponent(d.tipo)}/${encodeURIComponent(d.dueno)}`;

export const archivosKeys = {
  all: ['archivos'] as const,
  lista: (d: Dueno) => [...archivosKeys.all, d.tipo, d.dueno, d.categoria] as const,
  uso: () => [...archivosKeys.all, 'uso'] as const,
};

export async function getArchivos(d: Dueno, signal?: AbortSignal): Promise<ArchivoRegistro[]> {
  return (await http.get<ArchivoRegistro[]>(`${ruta(d)}?categoria=${d.categoria}`, { signal, silent: true })).data;
}

export function archivosQueryOptions(d: Dueno) {
  return queryOptions({ queryKey: archivosKeys.lista(d), queryFn: ({ signal }) => getArchivos(d, signal) });
}

export function useArchivos(d: Dueno) {
  return useQuery(archivosQueryOptions(d));
}

export async function subirArchivo(
  d: Dueno & { archivo: File; descripcion: string; alProgreso: (porcentaje: number) => void },
): Promise<ArchivoRegistro> {
  const form = new FormData();
  // Before the file: the server reads the parts in order and records the description with it.
  if (d.descripcion.trim() !== '') form.append('descripcion', d.descripcion.trim());
  form.append('file', d.archivo, d.archivo.name);
  return (
    await http.upload<ArchivoRegistro>(`${ruta(d)}?categoria=${d.categoria}`, form, { silent: true, onProgress: d.alProgreso })
  ).data;
}

export function useEliminarArchivo(d: Dueno) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => void (await http.delete<{ id: number }>(`${ruta(d)}/${id}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: archivosKeys.all }),
  });
}

/** The browser saves the file under its stored name. */
export function useDescargarArchivo(d: Dueno) {
  return useMutation({ mutationFn: (id: number) => descargar(`${ruta(d)}/${id}`) });
}

export function useUsoArchivos() {
  return useQuery({
    queryKey: archivosKeys.uso(),
    queryFn: async ({ signal }) => (await http.get<UsoArchivos>('/archivos/uso', { signal, silent: true })).data,
  });
}
