import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Radicado, RadicadoEdicionIn } from '@predio/contract/gestion-documental';
import type {
  CambioEstadoIn,
  EstadosRadicado,
  TransicionFormIn,
  Transiciones,
} from '@predio/contract/gestion-documental-estados';
import { http } from '../../../lib/http.ts';
import { radicadosKeys } from './radicados.ts';

const URL = '/gestion-documental/transiciones';
export const transicionesKeys = { all: ['gd-transiciones'] as const };
const estadosKey = (id: number) => [...radicadosKeys.all, 'estados', id] as const;

/** Estados de gestión documental (idm 10602): the allowed transitions and the estados to write them. */
export function useTransiciones() {
  return useQuery(
    queryOptions({
      queryKey: transicionesKeys.all,
      queryFn: async ({ signal }) => (await http.get<Transiciones>(URL, { signal, silent: true })).data,
    }),
  );
}

function useEscritura<A>(fn: (a: A) => Promise<Transiciones>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (d) => {
      queryClient.setQueryData(transicionesKeys.all, d);
      await queryClient.invalidateQueries({ queryKey: radicadosKeys.all });
    },
  });
}
export const useCrearTransicion = () =>
  useEscritura(async (b: TransicionFormIn) => (await http.post<Transiciones>(URL, b, { silent: true })).data);
export const useBorrarTransicion = () =>
  useEscritura(async (id: number) => (await http.delete<Transiciones>(`${URL}/${id}`)).data);

/** A radicado's estado history and where it may go next. */
export function useEstadosRadicado(id: number) {
  return useQuery(
    queryOptions({
      queryKey: estadosKey(id),
      queryFn: async ({ signal }) =>
        (await http.get<EstadosRadicado>(`/gestion-documental/radicados/${id}/estados`, { signal, silent: true })).data,
    }),
  );
}

/** A write on one radicado refreshes it, its history and every list of radicados. */
function useEscrituraRadicado<A>(fn: (a: A) => Promise<Radicado>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (r) => {
      queryClient.setQueryData(radicadosKeys.uno(r.id), r);
      await queryClient.invalidateQueries({ queryKey: radicadosKeys.all });
    },
  });
}
export const useCambiarEstado = (id: number) =>
  useEscrituraRadicado(
    async (b: CambioEstadoIn) =>
      (await http.post<Radicado>(`/gestion-documental/radicados/${id}/estado`, b, { silent: true })).data,
  );
export const useEditarRadicado = (id: number) =>
  useEscrituraRadicado(
    async (b: RadicadoEdicionIn) => (await http.put<Radicado>(`/gestion-documental/radicados/${id}`, b, { silent: true })).data,
  );
