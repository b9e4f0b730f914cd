import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClienteCoincidente } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

export async function getClientesCoincidentes(consecutivo: number, signal?: AbortSignal): Promise<ClienteCoincidente[]> {
  return (await http.get<ClienteCoincidente[]>(`/inmuebles/${consecutivo}/clientes-coincidentes`, { signal, silent: true })).data;
}

export function useClientesCoincidentes(consecutivo: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...inmueblesKeys.all, 'clientes-coincidentes', consecutivo],
      queryFn: ({ signal }) => getClientesCoincidentes(consecutivo, signal),
      enabled,
    }),
  );
}
