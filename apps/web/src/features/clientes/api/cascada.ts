import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResultadoCascada, VistaPreviaCascada } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { clientesKeys } from './get-clientes.ts';

export type CriteriosEntrada = {
  estados: ('activo' | 'en_seguimiento')[];
  id_asesor?: number | null;
  id_medio?: number | null;
  ingreso_antes_de?: string | null;
  sin_seguimiento_desde?: string | null;
};

export const tieneCriterio = (c: CriteriosEntrada) =>
  c.estados.length > 0 && Boolean(c.id_asesor || c.id_medio || c.ingreso_antes_de || c.sin_seguimiento_desde);

export function useVistaPreviaCascada(c: CriteriosEntrada) {
  return useQuery(
    queryOptions({
      queryKey: clientesKeys.cascada(c),
      queryFn: async ({ signal }) =>
        (await http.post<VistaPreviaCascada>('/clientes-atendidos/cascada/vista-previa', c, { signal, silent: true })).data,
      enabled: tieneCriterio(c),
    }),
  );
}

export async function cerrarCascada(b: {
  criterios: CriteriosEntrada;
  resultado: string;
  observacion: string;
  esperados: number;
}): Promise<ResultadoCascada> {
  return (await http.post<ResultadoCascada>('/clientes-atendidos/cascada/cerrar', b, { silent: true, timeoutMs: 60_000 })).data;
}

export function useCerrarCascada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cerrarCascada,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientesKeys.all }),
  });
}
