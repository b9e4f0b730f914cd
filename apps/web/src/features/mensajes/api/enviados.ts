import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from '@predio/contract/list';
import type { Enviado, EnviadosQuery, TotalesEnviados } from '@predio/contract/mensajes';
import { http } from '../../../lib/http.ts';
import { mensajesKeys } from './plantillas-mensaje.ts';

export type Informe = 'emails-enviados' | 'sms-enviados';
export type FiltrosEnviados = Partial<EnviadosQuery>;

export const parametros = (f: FiltrosEnviados) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
};

export function useEnviados(informe: Informe, f: FiltrosEnviados) {
  return useQuery(
    queryOptions({
      queryKey: [...mensajesKeys.all, informe, 'lista', f] as const,
      queryFn: async ({ signal }) =>
        (await http.get<ListResult<Enviado>>(`/informes/${informe}?${parametros(f)}`, { signal, silent: true })).data,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useTotalesEnviados(informe: Informe, f: FiltrosEnviados) {
  return useQuery(
    queryOptions({
      queryKey: [...mensajesKeys.all, informe, 'totales', f] as const,
      queryFn: async ({ signal }) =>
        (await http.get<TotalesEnviados>(`/informes/${informe}/totales?${parametros(f)}`, { signal, silent: true })).data,
      placeholderData: keepPreviousData,
    }),
  );
}
