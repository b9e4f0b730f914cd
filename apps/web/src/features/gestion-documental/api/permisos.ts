import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PermisoGdFormIn, PermisosGd } from '@predio/contract/gestion-documental-permisos';
import { http } from '../../../lib/http.ts';

const URL = '/gestion-documental/permisos';
export const permisosGdKeys = { all: ['gd-permisos'] as const };

/** Permisos de gestión documental (idm 10578): rules, área members and the options to write them. */
export function usePermisosGd() {
  return useQuery(
    queryOptions({
      queryKey: permisosGdKeys.all,
      queryFn: async ({ signal }) => (await http.get<PermisosGd>(URL, { signal, silent: true })).data,
    }),
  );
}

function useEscritura<A>(fn: (a: A) => Promise<PermisosGd>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Every write answers the whole screen's data; radicados lists change with the rules.
    onSuccess: async (d) => {
      queryClient.setQueryData(permisosGdKeys.all, d);
      await queryClient.invalidateQueries({ queryKey: ['radicados'] });
    },
  });
}

export const useGuardarPermisoGd = () =>
  useEscritura(async (o: { id: number | null; body: PermisoGdFormIn }) =>
    o.id === null
      ? (await http.post<PermisosGd>(URL, o.body, { silent: true })).data
      : (await http.put<PermisosGd>(`${URL}/${o.id}`, o.body, { silent: true })).data,
  );
export const useBorrarPermisoGd = () => useEscritura(async (id: number) => (await http.delete<PermisosGd>(`${URL}/${id}`)).data);
export const useIntegrantesArea = () =>
  useEscritura(
    async (o: { idArea: number; usuarios: number[] }) =>
      (await http.put<PermisosGd>(`${URL}/areas/${o.idArea}`, { id_usuarios: o.usuarios })).data,
  );
