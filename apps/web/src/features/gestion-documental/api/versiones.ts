import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentoConVersiones, HistorialDocumento } from '@predio/contract/gestion-documental-versiones';
import { archivosKeys } from '../../../components/archivos/archivos-api.ts';
import { http } from '../../../lib/http.ts';

// Under the files' key: <Archivos> invalidates it after an upload or a delete, so the versions and the
// history of the radicado refresh with its list of documents.
export const versionesKeys = {
  documentos: (id: number) => [...archivosKeys.all, 'radicado-versiones', id] as const,
  historial: (id: number) => [...archivosKeys.all, 'radicado-historial', id] as const,
};

const URL = (id: number) => `/gestion-documental/radicados/${id}`;

export function useDocumentosRadicado(id: number) {
  return useQuery(
    queryOptions({
      queryKey: versionesKeys.documentos(id),
      queryFn: async ({ signal }) =>
        (await http.get<DocumentoConVersiones[]>(`${URL(id)}/documentos`, { signal, silent: true })).data,
    }),
  );
}

export function useHistorialRadicado(id: number) {
  return useQuery(
    queryOptions({
      queryKey: versionesKeys.historial(id),
      queryFn: async ({ signal }) =>
        (await http.get<HistorialDocumento[]>(`${URL(id)}/historial`, { signal, silent: true })).data,
    }),
  );
}

/** A new version of one document: the motivo goes before the file (the server reads the parts in order). */
export function useNuevaVersion(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { documento: number; archivo: File; motivo: string }) => {
      const form = new FormData();
      form.append('motivo', v.motivo);
      form.append('file', v.archivo, v.archivo.name);
      return (await http.upload<DocumentoConVersiones>(`${URL(id)}/documentos/${v.documento}/versiones`, form, { silent: true }))
        .data;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: archivosKeys.all }),
  });
}
