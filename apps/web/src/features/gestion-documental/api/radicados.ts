import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContratoRadicado,
  InmuebleRadicado,
  OpcionesRadicado,
  Radicado,
  RadicadoFormIn,
  RadicadosQuery,
  TerceroRadicado,
} from '@predio/contract/gestion-documental';
import type { ListaAcotada } from '@predio/contract/list';
import { http } from '../../../lib/http.ts';

export const radicadosKeys = {
  all: ['radicados'] as const,
  listas: () => [...radicadosKeys.all, 'lista'] as const,
  lista: (ruta: string, q: string) => [...radicadosKeys.listas(), ruta, q] as const,
  opciones: () => [...radicadosKeys.all, 'opciones'] as const,
  uno: (id: number) => [...radicadosKeys.all, 'uno', id] as const,
  numero: (radicado: string) => [...radicadosKeys.all, 'numero', radicado] as const,
  terceros: (q: string) => [...radicadosKeys.all, 'terceros', q] as const,
  inmuebles: (q: string) => [...radicadosKeys.all, 'inmuebles', q] as const,
  contratos: (q: string) => [...radicadosKeys.all, 'contratos', q] as const,
};

export type FiltrosRadicados = Partial<Omit<RadicadosQuery, 'page' | 'pageSize'>> & { page?: number; pageSize?: number };

export const parametros = (f: FiltrosRadicados) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
};

/** A page of radicados: Gestión documental lists them (idm 10579), Buscar finds them (idm 10581). */
export function useRadicados(
  f: FiltrosRadicados,
  ruta: '/gestion-documental/radicados' | '/gestion-documental/buscar',
  activo = true,
) {
  const q = parametros(f);
  return useQuery(
    queryOptions({
      queryKey: radicadosKeys.lista(ruta, q),
      queryFn: async ({ signal }) => (await http.get<ListaAcotada<Radicado>>(`${ruta}?${q}`, { signal, silent: true })).data,
      placeholderData: keepPreviousData,
      enabled: activo,
    }),
  );
}

export function useRadicado(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: radicadosKeys.uno(id ?? 0),
      queryFn: async ({ signal }) =>
        (await http.get<Radicado>(`/gestion-documental/radicados/${id}`, { signal, silent: true })).data,
      enabled: id !== null,
    }),
  );
}

export function useRadicadoPorNumero(radicado: string | null) {
  return useQuery(
    queryOptions({
      queryKey: radicadosKeys.numero(radicado ?? ''),
      queryFn: async ({ signal }) =>
        (await http.get<Radicado>(`/gestion-documental/buscar/${encodeURIComponent(radicado ?? '')}`, { signal, silent: true }))
          .data,
      enabled: radicado !== null,
      retry: false,
    }),
  );
}

export function useOpcionesRadicado() {
  return useQuery(
    queryOptions({
      queryKey: radicadosKeys.opciones(),
      queryFn: async ({ signal }) =>
        (await http.get<OpcionesRadicado>('/gestion-documental/radicados/opciones', { signal, silent: true })).data,
      staleTime: 60_000,
    }),
  );
}

export function useTercerosRadicado(q: string) {
  return useQuery(
    queryOptions({
      queryKey: radicadosKeys.terceros(q),
      queryFn: async ({ signal }) =>
        (
          await http.get<TerceroRadicado[]>(`/gestion-documental/radicados/terceros?${new URLSearchParams({ q })}`, {
            signal,
            silent: true,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useRadicar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: RadicadoFormIn) =>
      (await http.post<Radicado>('/gestion-documental/radicados', v, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: radicadosKeys.listas() }),
  });
}

/** The inmueble picker of the radicado and expediente forms (gestión documental's own lookup). */
export function useInmueblesRadicado(q: string) {
  return useQuery(
    queryOptions({
      queryKey: radicadosKeys.inmuebles(q),
      queryFn: async ({ signal }) =>
        (
          await http.get<InmuebleRadicado[]>(`/gestion-documental/radicados/inmuebles?${new URLSearchParams({ q })}`, {
            signal,
            silent: true,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  );
}

/** The contrato picker: no idm of Contratos needed (gestión documental's own lookup). */
export function useContratosRadicado(q: string) {
  return useQuery(
    queryOptions({
      queryKey: radicadosKeys.contratos(q),
      queryFn: async ({ signal }) =>
        (
          await http.get<ContratoRadicado[]>(`/gestion-documental/radicados/contratos?${new URLSearchParams({ q })}`, {
            signal,
            silent: true,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  );
}
