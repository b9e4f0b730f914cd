import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClienteDetalle, ResultadoCierre, RolConversion } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { clientesKeys } from './get-clientes.ts';

export type Accion =
  | { tipo: 'nota'; consecutivo: number; texto: string }
  | { tipo: 'cerrar'; consecutivo: number; resultado: ResultadoCierre; observacion: string; fecha_cierre: string }
  | { tipo: 'reabrir'; consecutivo: number }
  | { tipo: 'convertir'; consecutivo: number; rol: RolConversion };

/** The lead's actions (follow-up note, close, reopen, clienteConvertir); each answers the updated lead. */
export async function accionCliente(a: Accion): Promise<ClienteDetalle> {
  const base = `/clientes-atendidos/${a.consecutivo}`;
  const r =
    a.tipo === 'nota'
      ? await http.post<ClienteDetalle>(`${base}/notas`, { texto: a.texto }, { silent: true })
      : a.tipo === 'cerrar'
        ? await http.post<ClienteDetalle>(
            `${base}/cerrar`,
            { resultado: a.resultado, observacion: a.observacion, fecha_cierre: a.fecha_cierre },
            { silent: true },
          )
        : a.tipo === 'reabrir'
          ? await http.post<ClienteDetalle>(`${base}/reabrir`, undefined, { silent: true })
          : await http.post<ClienteDetalle>(`${base}/convertir`, { rol: a.rol }, { silent: true });
  return r.data;
}

export function useAccionCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accionCliente,
    onSuccess: (d) => queryClient.setQueryData(clientesKeys.detail(d.consecutivo), d),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientesKeys.lists() }),
  });
}
