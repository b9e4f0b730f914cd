import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnviarInmueblesEntrada, EnvioInmuebles } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { clientesKeys } from './get-clientes.ts';

/** E-mails the lead the PDF ficha of each chosen property; answers the lead with its new follow-up note. */
export async function enviarInmuebles(consecutivo: number, body: EnviarInmueblesEntrada): Promise<EnvioInmuebles> {
  return (await http.post<EnvioInmuebles>(`/clientes-atendidos/${consecutivo}/enviar-inmuebles`, body, { silent: true })).data;
}

export function useEnviarInmuebles(consecutivo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnviarInmueblesEntrada) => enviarInmuebles(consecutivo, body),
    onSuccess: (r) => queryClient.setQueryData(clientesKeys.detail(consecutivo), r.cliente),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientesKeys.lists() }),
  });
}
