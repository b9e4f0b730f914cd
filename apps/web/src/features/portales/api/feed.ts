import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccionFeed,
  FeedConfig,
  FeedConfigGuardar,
  PortalFeed,
  PublicacionFeed,
  VistaPreviaFeed,
} from '@predio/contract/portales';
import { http } from '../../../lib/http.ts';

export const feedKeys = {
  all: (portal: PortalFeed) => ['portales', portal, 'feed'] as const,
  config: (portal: PortalFeed) => [...feedKeys.all(portal), 'config'] as const,
  inmuebles: (portal: PortalFeed) => [...feedKeys.all(portal), 'inmuebles'] as const,
};

export function useConfigFeed(portal: PortalFeed) {
  return useQuery({
    queryKey: feedKeys.config(portal),
    queryFn: async ({ signal }) => (await http.get<FeedConfig>(`/portales/${portal}/feed`, { signal, silent: true })).data,
  });
}

export function useGuardarConfigFeed(portal: PortalFeed) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: FeedConfigGuardar) =>
      (await http.put<FeedConfig>(`/portales/${portal}/feed`, body, { silent: true })).data,
    onSuccess: (data) => {
      qc.setQueryData(feedKeys.config(portal), data);
      return qc.invalidateQueries({ queryKey: feedKeys.inmuebles(portal) });
    },
  });
}

export function useNuevaDireccionFeed(portal: PortalFeed) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<FeedConfig>(`/portales/${portal}/feed/direccion`, undefined, { silent: true })).data,
    onSuccess: (data) => qc.setQueryData(feedKeys.config(portal), data),
  });
}

export function useInmueblesFeed(portal: PortalFeed) {
  return useQuery({
    queryKey: feedKeys.inmuebles(portal),
    queryFn: async ({ signal }) =>
      (await http.get<PublicacionFeed[]>(`/portales/${portal}/feed/inmuebles`, { signal, silent: true })).data,
  });
}

export function useAccionFeed(portal: PortalFeed) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ consecutivo, accion }: { consecutivo: number; accion: AccionFeed }) =>
      (
        await http.post<PublicacionFeed>(`/portales/${portal}/feed/inmuebles/${consecutivo}/${accion}`, undefined, {
          silent: true,
        })
      ).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: feedKeys.inmuebles(portal) }),
  });
}

/** Read on demand (the button), never in the background: it builds the whole feed. */
export function useVistaPreviaFeed(portal: PortalFeed, activa: boolean) {
  return useQuery({
    queryKey: [...feedKeys.all(portal), 'vista-previa'],
    queryFn: async ({ signal }) =>
      (await http.get<VistaPreviaFeed>(`/portales/${portal}/feed/vista-previa`, { signal, silent: true })).data,
    enabled: activa,
    staleTime: 0,
    gcTime: 0,
  });
}
