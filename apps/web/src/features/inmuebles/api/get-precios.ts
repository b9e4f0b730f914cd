import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CambioPrecio } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

export async function getPrecios(consecutivo: number, signal?: AbortSignal): Promise<CambioPrecio[]> {
  return (await http.get<CambioPrecio[]>(`/inmuebles/${consecutivo}/precios`, { signal, silent: true })).data;
}

export function usePrecios(consecutivo: number) {
  return useQuery(
    queryOptions({
      queryKey: [...inmueblesKeys.all, 'precios', consecutivo],
      queryFn: ({ signal }) => getPrecios(consecutivo, signal),
    }),
  );
}
