import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiPublica, ApiPublicaCambio } from '@predio/contract/empresa';
import { http } from '../../../lib/http.ts';

const clave = ['empresa', 'api-publica'] as const;

export function useApiPublica() {
  return useQuery(
    queryOptions({
      queryKey: clave,
      queryFn: async ({ signal }) => (await http.get<ApiPublica>('/empresa/api-publica', { signal, silent: true })).data,
    }),
  );
}

/** clave: «generar» (also to change it) or «quitar»; origenes: the whole list of allowed origins. */
export function useCambiarApiPublica() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cambio: ApiPublicaCambio) =>
      (await http.put<ApiPublica>('/empresa/api-publica', cambio, { silent: true })).data,
    onSuccess: (d) => queryClient.setQueryData(clave, d),
  });
}
