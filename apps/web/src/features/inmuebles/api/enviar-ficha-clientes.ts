import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnviarFichaAClientesEntrada, EnvioFichaAClientes } from '@predio/contract/clientes';
import { http } from '../../../lib/http.ts';
import { inmueblesKeys } from './get-inmuebles.ts';

/** E-mails the property's PDF ficha to several leads, one message each, to the e-mail each has in Terceros. */
export async function enviarFichaAClientes(consecutivo: number, body: EnviarFichaAClientesEntrada): Promise<EnvioFichaAClientes> {
  return (await http.post<EnvioFichaAClientes>(`/inmuebles/${consecutivo}/enviar-a-clientes`, body, { silent: true })).data;
}

/** Refreshes the property's matching leads (their «Ficha enviada el …») once sent. */
export function useEnviarFichaAClientes(consecutivo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnviarFichaAClientesEntrada) => enviarFichaAClientes(consecutivo, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...inmueblesKeys.all, 'clientes-coincidentes', consecutivo] }),
  });
}
