import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const bitacoraKeys = { consulta: ['usuarios', 'consultar-acepto-bitacora'] as const };

/** HTML of the notice the user has not accepted yet; '' when there is none. Errors are silent (spec §8). */
export async function consultarBitacora(signal?: AbortSignal): Promise<string> {
  const body = await http.get<string>('/usuarios/consultar_acepto_bitacora', { signal, silent: true });
  return typeof body.data === 'string' ? body.data : '';
}

export function bitacoraQueryOptions() {
  return queryOptions({
    queryKey: bitacoraKeys.consulta,
    queryFn: ({ signal }) => consultarBitacora(signal),
    staleTime: Infinity,
  });
}

export function useBitacora() {
  return useQuery(bitacoraQueryOptions());
}
