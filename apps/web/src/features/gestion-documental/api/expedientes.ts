import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DisponerLoteIn,
  DisposicionLote,
  Expediente,
  ExpedienteDetalle,
  ExpedienteFormIn,
  ExpedientesQuery,
  RetencionLegalIn,
  RetencionQuery,
  TransferenciaLote,
} from '@predio/contract/gestion-documental-expedientes';
import type { ListResult } from '@predio/contract/list';
import { http } from '../../../lib/http.ts';

const URL = '/gestion-documental/expedientes';

export const expedientesKeys = {
  all: ['expedientes'] as const,
  lista: (q: string) => [...expedientesKeys.all, 'lista', q] as const,
  uno: (id: number) => [...expedientesKeys.all, 'uno', id] as const,
  retencion: (q: string) => [...expedientesKeys.all, 'retencion', q] as const,
};

export type FiltrosExpedientes = Partial<ExpedientesQuery>;

export function useExpedientes(f: FiltrosExpedientes) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const q = p.toString();
  return useQuery(
    queryOptions({
      queryKey: expedientesKeys.lista(q),
      queryFn: async ({ signal }) => (await http.get<ListResult<Expediente>>(`${URL}?${q}`, { signal, silent: true })).data,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useExpediente(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: expedientesKeys.uno(id ?? 0),
      queryFn: async ({ signal }) => (await http.get<ExpedienteDetalle>(`${URL}/${id}`, { signal, silent: true })).data,
      enabled: id !== null,
    }),
  );
}

/** Every write answers the expediente as it is now; the lists refresh. */
function useEscritura<V>(fn: (v: V) => Promise<ExpedienteDetalle>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (e) => {
      qc.setQueryData(expedientesKeys.uno(e.id), e);
      void qc.invalidateQueries({ queryKey: expedientesKeys.all });
    },
  });
}

export const useCrearExpediente = () =>
  useEscritura(async (v: ExpedienteFormIn) => (await http.post<ExpedienteDetalle>(URL, v, { silent: true })).data);
export const useAgregarRadicado = () =>
  useEscritura(
    async (v: { id: number; id_radicado: number }) =>
      (await http.post<ExpedienteDetalle>(`${URL}/${v.id}/radicados`, { id_radicado: v.id_radicado }, { silent: true })).data,
  );
export const useQuitarRadicado = () =>
  useEscritura(
    async (v: { id: number; id_radicado: number }) =>
      (await http.delete<ExpedienteDetalle>(`${URL}/${v.id}/radicados/${v.id_radicado}`, { silent: true })).data,
  );
export const useCerrarExpediente = () =>
  useEscritura(async (id: number) => (await http.post<ExpedienteDetalle>(`${URL}/${id}/cerrar`, {}, { silent: true })).data);
export const useReabrirExpediente = () =>
  useEscritura(async (id: number) => (await http.post<ExpedienteDetalle>(`${URL}/${id}/reabrir`, {}, { silent: true })).data);

// ----- Retention (tab «Retención») -----

export function useRetencion(f: Partial<RetencionQuery>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const q = p.toString();
  return useQuery(
    queryOptions({
      queryKey: expedientesKeys.retencion(q),
      queryFn: async ({ signal }) =>
        (await http.get<ListResult<Expediente>>(`/gestion-documental/retencion?${q}`, { signal, silent: true })).data,
      placeholderData: keepPreviousData,
    }),
  );
}
export const useTransferirExpediente = () =>
  useEscritura(async (id: number) => (await http.post<ExpedienteDetalle>(`${URL}/${id}/transferir`, {}, { silent: true })).data);
/** Several expedientes to the archivo central at once: each one's result (transferred or why not). */
export function useTransferirExpedientes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (await http.post<TransferenciaLote>(`${URL}/transferir`, { ids }, { silent: true })).data,
    onSettled: () => void qc.invalidateQueries({ queryKey: expedientesKeys.all }),
  });
}
export function useDisponerExpedientes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: DisponerLoteIn) => (await http.post<DisposicionLote>(`${URL}/disponer`, v, { silent: true })).data,
    onSettled: () => void qc.invalidateQueries({ queryKey: expedientesKeys.all }),
  });
}
export const useConservarExpediente = () =>
  useEscritura(async (id: number) => (await http.post<ExpedienteDetalle>(`${URL}/${id}/conservar`, {}, { silent: true })).data);
export const useEliminarExpediente = () =>
  useEscritura(
    async (v: { id: number; motivo: string }) =>
      (await http.post<ExpedienteDetalle>(`${URL}/${v.id}/eliminar`, { motivo: v.motivo }, { silent: true })).data,
  );
export const useRetencionLegal = () =>
  useEscritura(
    async (v: { id: number } & RetencionLegalIn) =>
      (
        await http.post<ExpedienteDetalle>(
          `${URL}/${v.id}/retencion-legal`,
          { activa: v.activa, motivo: v.motivo ?? '' },
          { silent: true },
        )
      ).data,
  );
export const urlActa = (id: number) => `${URL}/${id}/acta`;
