import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AlcanceCita,
  Cita,
  CitaCalendario,
  CitaCambiosEntrada,
  CitaFormEntrada,
  CitasQuery,
  InvitacionCita,
  OpcionesAgenda,
} from '@predio/contract/agenda';
import { http } from '../../../lib/http.ts';

export const agendaKeys = {
  all: ['agenda'] as const,
  rangos: () => [...agendaKeys.all, 'rango'] as const,
  rango: (q: CitasQuery) => [...agendaKeys.rangos(), q] as const,
  opciones: () => [...agendaKeys.all, 'opciones'] as const,
  cita: (id: number) => [...agendaKeys.all, 'cita', id] as const,
  inmueble: (consecutivo: number) => [...agendaKeys.all, 'inmueble', consecutivo] as const,
};

/** The citas that overlap a range, as the calendar draws them (the form reads the whole cita). */
export async function getCitas(q: CitasQuery, signal?: AbortSignal): Promise<CitaCalendario[]> {
  const p = new URLSearchParams({ desde: q.desde, hasta: q.hasta });
  if (q.asesores?.length) p.set('asesores', q.asesores.join(','));
  if (q.categorias?.length) p.set('categorias', q.categorias.join(','));
  return (await http.get<CitaCalendario[]>(`/citas?${p.toString()}`, { signal, silent: true })).data;
}

/** Everything that shows citas (ranges, a property's), not the options (asesores, categories). */
export const invalidarCitas = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: agendaKeys.all, predicate: (q) => q.queryKey[1] !== 'opciones' });

export const citasRangoQuery = (q: CitasQuery) =>
  queryOptions({ queryKey: agendaKeys.rango(q), queryFn: ({ signal }) => getCitas(q, signal) });

export function useOpcionesAgenda() {
  return useQuery(
    queryOptions({
      queryKey: agendaKeys.opciones(),
      queryFn: async ({ signal }) => (await http.get<OpcionesAgenda>('/citas/opciones', { signal, silent: true })).data,
      staleTime: 60_000,
    }),
  );
}

export function useCitasInmueble(consecutivo: number) {
  return useQuery(
    queryOptions({
      queryKey: agendaKeys.inmueble(consecutivo),
      queryFn: async ({ signal }) => (await http.get<Cita[]>(`/citas/inmueble/${consecutivo}`, { signal, silent: true })).data,
    }),
  );
}

export type GuardarCita = { id: number | null; valores: CitaFormEntrada | CitaCambiosEntrada };

/** POST /citas or PATCH /citas/:id; errors come back to the caller (fields, conflicts to confirm). */
export async function guardarCita({ id, valores }: GuardarCita): Promise<Cita> {
  if (id === null) return (await http.post<Cita>('/citas', valores, { silent: true })).data;
  return (await http.patch<Cita>(`/citas/${id}`, valores, { silent: true })).data;
}

export function useGuardarCita() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarCita,
    onSettled: () => invalidarCitas(queryClient),
  });
}

export function useBorrarCita() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number; alcance: AlcanceCita }) => {
      await http.delete<null>(`/citas/${v.id}?alcance=${v.alcance}`, { silent: true });
    },
    onSettled: () => invalidarCitas(queryClient),
  });
}

/** E-mails the cita to its participants with an .ics (POST /citas/:id/invitar). */
export function useInvitarCita() {
  return useMutation({
    mutationFn: async (v: { id: number; mensaje: string }) =>
      (await http.post<InvitacionCita>(`/citas/${v.id}/invitar`, { mensaje: v.mensaje }, { silent: true })).data,
  });
}
