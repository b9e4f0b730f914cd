import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CanalesFirma,
  CamposFirmaForm,
  CertificadoFirma,
  CertificadoFirmaForm,
  DocumentoFirma,
  DocumentoFirmaForm,
  DocumentoFirmaResumen,
  SelloTiempoForm,
} from '@predio/contract/firmas';
import { http } from '../../../lib/http.ts';

export const firmasKeys = {
  todo: ['firmas'] as const,
  lista: (consulta: string) => ['firmas', 'lista', consulta] as const,
  uno: (id: number) => ['firmas', 'documento', id] as const,
  certificado: ['firmas', 'certificado'] as const,
  canales: ['firmas', 'canales'] as const,
};

/** Whether the company can send links and codes by SMS or WhatsApp (a provider in Configurar mensajes). */
export const useCanalesFirma = () =>
  useQuery({
    queryKey: firmasKeys.canales,
    queryFn: async () => (await http.get<CanalesFirma>('/firmas/canales')).data,
    staleTime: 60_000,
  });

export const documentosOptions = (consulta: string) =>
  queryOptions({
    queryKey: firmasKeys.lista(consulta),
    queryFn: async () =>
      (await http.get<{ items: DocumentoFirmaResumen[]; total: number }>(`/firmas/documentos?${consulta}`)).data,
    placeholderData: keepPreviousData,
  });
export const useDocumentosFirma = (consulta: string) => useQuery(documentosOptions(consulta));

export const documentoOptions = (id: number) =>
  queryOptions({
    queryKey: firmasKeys.uno(id),
    queryFn: async () => (await http.get<DocumentoFirma>(`/firmas/documentos/${id}`)).data,
    // Everyone signed and the seal job is at work: it takes seconds, so the detail asks again until done.
    // An SMS or WhatsApp still in the outbox: asked again every 5 s until it leaves or fails.
    refetchInterval: (q) =>
      q.state.data?.sellado?.estado === 'pendiente'
        ? 2_000
        : q.state.data?.detalle.some((f) => f.mensaje?.estado === 'en_cola')
          ? 5_000
          : false,
  });
export const useDocumentoFirma = (id: number) => useQuery(documentoOptions(id));

/** Draft, its PDF through platform archivos, then the sending: three calls, one action for the user. */
export function useEnviarAFirma() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { form: DocumentoFirmaForm; pdf: File; onProgress?: (p: number) => void }) => {
      const { id } = (await http.post<{ id: number }>('/firmas/documentos', v.form)).data;
      const datos = new FormData();
      datos.append('file', v.pdf, v.pdf.name);
      await http.upload(`/archivos/firma_documento/${id}?categoria=original`, datos, { onProgress: v.onProgress });
      return (await http.post<DocumentoFirma>(`/firmas/documentos/${id}/enviar`)).data;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: firmasKeys.todo }),
  });
}

/** Draft and its PDF without sending: the sender places the signers' fields next. */
export function useCrearBorrador() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { form: DocumentoFirmaForm; pdf: File; onProgress?: (p: number) => void }) => {
      const { id } = (await http.post<{ id: number }>('/firmas/documentos', v.form)).data;
      const datos = new FormData();
      datos.append('file', v.pdf, v.pdf.name);
      await http.upload(`/archivos/firma_documento/${id}?categoria=original`, datos, { onProgress: v.onProgress });
      return id;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: firmasKeys.todo }),
  });
}

/** Saves the placed fields and, when asked, sends the draft right after. */
export function useGuardarCampos(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: CamposFirmaForm & { enviar: boolean }) => {
      const d = (await http.put<DocumentoFirma>(`/firmas/documentos/${id}/campos`, { campos: v.campos })).data;
      return v.enviar ? (await http.post<DocumentoFirma>(`/firmas/documentos/${id}/enviar`)).data : d;
    },
    onSuccess: (d) => qc.setQueryData(firmasKeys.uno(id), d),
    onSettled: () => qc.invalidateQueries({ queryKey: firmasKeys.todo }),
  });
}

export function useAccionDocumento(id: number, accion: 'cancelar' | 'reenviar' | 'enviar') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<DocumentoFirma>(`/firmas/documentos/${id}/${accion}`)).data,
    onSuccess: (d) => qc.setQueryData(firmasKeys.uno(id), d),
    onSettled: () => qc.invalidateQueries({ queryKey: firmasKeys.todo }),
  });
}

export const certificadoOptions = () =>
  queryOptions({
    queryKey: firmasKeys.certificado,
    queryFn: async () => (await http.get<CertificadoFirma>('/firmas/certificado')).data,
  });
export const useCertificadoFirma = () => useQuery(certificadoOptions());

/** Upload the company's own PKCS#12, go back to a self-generated one, or set the TSA. */
export function useCambiarCertificado() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      v: { accion: 'subir'; form: CertificadoFirmaForm } | { accion: 'autogenerar' } | { accion: 'tsa'; form: SelloTiempoForm },
    ) =>
      (v.accion === 'subir'
        ? await http.put<CertificadoFirma>('/firmas/certificado', v.form)
        : v.accion === 'tsa'
          ? await http.put<CertificadoFirma>('/firmas/certificado/sello-tiempo', v.form)
          : await http.delete<CertificadoFirma>('/firmas/certificado')
      ).data,
    onSuccess: (c) => qc.setQueryData(firmasKeys.certificado, c),
  });
}
