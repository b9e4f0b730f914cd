import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdjuntoSubido,
  CarpetaCorreo,
  CrearSolicitudCorreo,
  CrearTerceroCorreo,
  CuentaCorreo,
  CuentaCorreoGuardar,
  HiloCorreo,
  HiloDetalle,
  PlantillaRespuesta,
  ResponderCorreo,
} from '@predio/contract/bandeja';
import type { ListResult } from '@predio/contract/list';
import { http } from '../../../lib/http.ts';

export const bandejaKeys = {
  all: ['bandeja'] as const,
  cuenta: () => [...bandejaKeys.all, 'cuenta'] as const,
  carpetas: () => [...bandejaKeys.all, 'carpetas'] as const,
  hilos: (carpeta: number, page: number, q: string) => [...bandejaKeys.all, 'hilos', carpeta, page, q] as const,
  mensaje: (id: number, imagenes: boolean) => [...bandejaKeys.all, 'mensaje', id, imagenes] as const,
};

export function useCuentaCorreo() {
  return useQuery(
    queryOptions({
      queryKey: bandejaKeys.cuenta(),
      queryFn: async ({ signal }) => (await http.get<CuentaCorreo | null>('/bandeja/cuenta', { signal, silent: true })).data,
      // While a sync job waits or runs, look again every few seconds: the box shows when it ends.
      refetchInterval: (q) => (q.state.data?.sincronizando ? 3000 : false),
    }),
  );
}

export function useCarpetasCorreo(activa: boolean) {
  return useQuery({
    queryKey: bandejaKeys.carpetas(),
    queryFn: async ({ signal }) => (await http.get<CarpetaCorreo[]>('/bandeja/carpetas', { signal, silent: true })).data,
    enabled: activa,
  });
}

export function useHilosCorreo(carpeta: number | null, page: number, q: string) {
  return useQuery({
    queryKey: bandejaKeys.hilos(carpeta ?? 0, page, q),
    queryFn: async ({ signal }) => {
      const p = new URLSearchParams({ carpeta: String(carpeta), page: String(page), pageSize: '25' });
      if (q) p.set('q', q);
      return (await http.get<ListResult<HiloCorreo>>(`/bandeja/hilos?${p.toString()}`, { signal, silent: true })).data;
    },
    enabled: carpeta !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMensajeCorreo(id: number | null, imagenes: boolean) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: bandejaKeys.mensaje(id ?? 0, imagenes),
    queryFn: async ({ signal }) => {
      const hilo = (
        await http.get<HiloDetalle>(`/bandeja/mensajes/${id}${imagenes ? '?imagenes=1' : ''}`, { signal, silent: true })
      ).data;
      // Opening a conversation marks it read: the folders' and the list's unread counts change.
      void qc.invalidateQueries({ queryKey: bandejaKeys.carpetas() });
      void qc.invalidateQueries({ queryKey: [...bandejaKeys.all, 'hilos'] });
      return hilo;
    },
    enabled: id !== null,
  });
}

export function useGuardarCuentaCorreo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CuentaCorreoGuardar) =>
      (await http.put<CuentaCorreo>('/bandeja/cuenta', body, { silent: true })).data,
    onSuccess: (c) => {
      qc.setQueryData(bandejaKeys.cuenta(), c);
      void qc.invalidateQueries({ queryKey: bandejaKeys.all });
    },
  });
}

export function useSincronizarCorreo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<CuentaCorreo>('/bandeja/sincronizar', undefined, { silent: true })).data,
    onSuccess: (c) => qc.setQueryData(bandejaKeys.cuenta(), c),
  });
}

/** Free messages filled for a reply to message `id`; asked when the reply form opens. */
export function usePlantillasRespuesta(id: number) {
  return useQuery({
    queryKey: [...bandejaKeys.all, 'plantillas', id],
    queryFn: async ({ signal }) =>
      (await http.get<PlantillaRespuesta[]>(`/bandeja/mensajes/${id}/plantillas`, { signal, silent: true })).data,
  });
}

export function useResponderCorreo() {
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: ResponderCorreo }) =>
      (
        await http.post<{ para: string; asunto: string; adjuntos: string[] }>(`/bandeja/mensajes/${id}/responder`, body, {
          silent: true,
        })
      ).data,
  });
}

/** Uploads one file for the reply being written; the reply names it by its `clave`. */
export function useSubirAdjuntoCorreo() {
  return useMutation({
    mutationFn: async (archivo: File) => {
      const form = new FormData();
      form.append('file', archivo);
      return (await http.upload<AdjuntoSubido>('/bandeja/adjuntos', form, { silent: true })).data;
    },
  });
}

/** Where a received attachment downloads from (the session cookie authorises it, the user's own box only). */
export const urlAdjuntoRecibido = (idMensaje: number, n: number) => `/api/bandeja/mensajes/${idMensaje}/adjuntos/${n}`;

export function useCrearTerceroCorreo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: CrearTerceroCorreo }) =>
      (await http.post<{ id_tercero: number }>(`/bandeja/mensajes/${id}/tercero`, body, { silent: true })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...bandejaKeys.all, 'mensaje'] }),
  });
}

export function useCrearSolicitudCorreo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: CrearSolicitudCorreo }) =>
      (await http.post<{ numero: number; id_tercero: number }>(`/bandeja/mensajes/${id}/solicitud`, body, { silent: true })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...bandejaKeys.all, 'mensaje'] }),
  });
}

/** Read or unread in Predio and, through a job, on the mail server. */
export function useMarcarLeidoCorreo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, leido }: { id: number; leido: boolean }) =>
      (await http.put<{ leido: boolean }>(`/bandeja/mensajes/${id}/leido`, { leido }, { silent: true })).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: bandejaKeys.carpetas() });
      void qc.invalidateQueries({ queryKey: [...bandejaKeys.all, 'hilos'] });
    },
  });
}
