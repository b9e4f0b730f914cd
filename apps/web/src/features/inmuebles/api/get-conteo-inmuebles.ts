import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InmueblesConteo } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

/** filtro: the search's criteria without page or order (inmuebles-params.ts `filtroDe`). */
export async function getConteoInmuebles(filtro: string, signal?: AbortSignal): Promise<InmueblesConteo> {
  return (await http.get<InmueblesConteo>(`/inmuebles/conteo?${filtro}`, { signal })).data;
}

/** How many properties match, asked beside the page and kept while the user pages or reorders. */
export function useConteoInmuebles(filtro: string) {
  return useQuery(
    queryOptions({
      queryKey: inmueblesKeys.conteo(filtro),
      queryFn: ({ signal }) => getConteoInmuebles(filtro, signal),
    }),
  );
}
