import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccionPortal,
  ContactosPortal,
  DespublicarMasivo,
  FiltroDespublicarMasivo,
  FiltroMasivo,
  PortalConfig,
  PortalConfigGuardar,
  PortalSincronizado,
  PublicacionPortal,
  PublicarMasivo,
  SaludPortal,
  VistaPreviaDespublicar,
  VistaPreviaMasivo,
} from '@predio/contract/portales';
import type { UsuarioAsignable } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';

export const portalesKeys = {
  all: ['portales'] as const,
  config: (portal: PortalSincronizado) => [...portalesKeys.all, portal, 'config'] as const,
  inmuebles: (portal: PortalSincronizado) => [...portalesKeys.all, portal, 'inmuebles'] as const,
  salud: (portal: PortalSincronizado, dias: number) => [...portalesKeys.all, portal, 'salud', dias] as const,
  contactos: (portal: PortalSincronizado) => [...portalesKeys.all, portal, 'contactos'] as const,
};

/** The sync-health panel: published, errors, last success, contacts in the last `dias` days. */
export function useSaludPortal(portal: PortalSincronizado, dias: number) {
  return useQuery({
    queryKey: portalesKeys.salud(portal, dias),
    queryFn: async ({ signal }) =>
      (await http.get<SaludPortal>(`/portales/${portal}/salud?dias=${dias}`, { signal, silent: true })).data,
  });
}

/** The contacts a portal handed over; read again every few seconds while a read is queued. */
export function useContactosPortal(portal: PortalSincronizado, esperando: boolean) {
  return useQuery({
    queryKey: portalesKeys.contactos(portal),
    queryFn: async ({ signal }) =>
      (await http.get<ContactosPortal>(`/portales/${portal}/contactos`, { signal, silent: true })).data,
    refetchInterval: esperando ? 2_000 : false,
  });
}

export function useLeerContactos(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await http.post<{ encolado: boolean }>(`/portales/${portal}/contactos/leer`, undefined, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...portalesKeys.all, portal] }),
  });
}

/** «Conciliar ahora»: queues the reconciliation of the portal's published listings (a job). */
export function useConciliarPortal(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await http.post<{ encolado: boolean }>(`/portales/${portal}/conciliar`, undefined, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...portalesKeys.all, portal] }),
  });
}

/** Who may take a contact (the users who attend solicitudes); empty when the person cannot list them. */
export function useAsignablesContactos(activo: boolean) {
  return useQuery({
    queryKey: ['solicitudes', 'asignables', 'portales'],
    enabled: activo,
    queryFn: async ({ signal }) => {
      try {
        return (await http.get<UsuarioAsignable[]>('/solicitudes/asignables', { signal, silent: true })).data;
      } catch {
        return [];
      }
    },
  });
}

export function useConfigPortal(portal: PortalSincronizado) {
  return useQuery({
    queryKey: portalesKeys.config(portal),
    queryFn: async ({ signal }) =>
      (await http.get<PortalConfig>(`/portales/${portal}/configuracion`, { signal, silent: true })).data,
  });
}

export function useGuardarConfigPortal(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PortalConfigGuardar) =>
      (await http.put<PortalConfig>(`/portales/${portal}/configuracion`, body, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...portalesKeys.all, portal] }),
  });
}

/** While a sync is under way (pendiente, enviado, en proceso) the list reads itself again every few seconds. */
export function useInmueblesPortal(portal: PortalSincronizado) {
  return useQuery({
    queryKey: portalesKeys.inmuebles(portal),
    queryFn: async ({ signal }) =>
      (await http.get<PublicacionPortal[]>(`/portales/${portal}/inmuebles`, { signal, silent: true })).data,
    refetchInterval: (q) =>
      q.state.data?.some((p) => p.estado === 'pendiente' || p.estado === 'enviado' || p.estado === 'en_proceso') ? 2_000 : false,
  });
}

export function useAccionPortal(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ consecutivo, accion }: { consecutivo: number; accion: AccionPortal }) =>
      (await http.post<PublicacionPortal>(`/portales/${portal}/inmuebles/${consecutivo}/${accion}`, undefined, { silent: true }))
        .data,
    onSuccess: () => qc.invalidateQueries({ queryKey: portalesKeys.inmuebles(portal) }),
  });
}

export function useProbarPortal(portal: PortalSincronizado) {
  return useMutation({
    mutationFn: async () =>
      (await http.post<{ ok: boolean; mensaje: string }>(`/portales/${portal}/probar`, undefined, { silent: true })).data,
  });
}

/** «Suscribir webhook» (integrators' API): the portal subscribes the webhook's address and assigns its HUB.ID. */
export function useSuscribirWebhook(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await http.post<PortalConfig>(`/portales/${portal}/webhook/suscribir`, undefined, { silent: true })).data,
    onSuccess: (c) => qc.setQueryData(portalesKeys.config(portal), c),
  });
}

/** OAuth2 portals: the portal's authorisation page for this company, with a fresh single-use state. */
export function useUrlAutorizacion(portal: PortalSincronizado) {
  return useMutation({
    mutationFn: async () => (await http.get<{ url: string }>(`/portales/${portal}/autorizacion`, { silent: true })).data,
  });
}

/** The return from the portal's authorisation: code and state become the account's tokens. */
export function useAutorizarPortal(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { code: string; state: string }) =>
      (await http.post<PortalConfig>(`/portales/${portal}/autorizacion`, body, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...portalesKeys.all, portal] }),
  });
}

/** Bulk publication: what a filter would send and what it would refuse, before sending. */
export function useVistaPreviaMasivo(portal: PortalSincronizado) {
  return useMutation({
    mutationFn: async (f: FiltroMasivo) =>
      (await http.post<VistaPreviaMasivo>(`/portales/${portal}/masivo/vista-previa`, f, { silent: true })).data,
  });
}

export function usePublicarMasivo(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: PublicarMasivo) =>
      (await http.post<{ encolados: number; con_faltantes: number }>(`/portales/${portal}/masivo`, b, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...portalesKeys.all, portal] }),
  });
}

/** Bulk unpublishing: what a filter would take off the portal, before anything is taken off. */
export function useVistaPreviaDespublicar(portal: PortalSincronizado) {
  return useMutation({
    mutationFn: async (f: FiltroDespublicarMasivo) =>
      (await http.post<VistaPreviaDespublicar>(`/portales/${portal}/masivo/despublicar/vista-previa`, f, { silent: true })).data,
  });
}

export function useDespublicarMasivo(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: DespublicarMasivo) =>
      (await http.post<{ encolados: number }>(`/portales/${portal}/masivo/despublicar`, b, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...portalesKeys.all, portal] }),
  });
}
