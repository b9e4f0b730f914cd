import { useMutation } from '@tanstack/react-query';
import type { EnviarInmueblesEntrada, EnvioInmuebles } from '@predio/contract/clientes';
import { http } from '../../lib/http.ts';

/** E-mails a lead the PDF ficha of each chosen property; answers the lead with its new follow-up note. */
export async function enviarFichas(consecutivoCliente: number, body: EnviarInmueblesEntrada): Promise<EnvioInmuebles> {
  return (await http.post<EnvioInmuebles>(`/clientes-atendidos/${consecutivoCliente}/enviar-inmuebles`, body, { silent: true }))
    .data;
}

/** The caller keeps its caches current (onEnviado): the lead's screens and the property's live in different features. */
export function useEnviarFichas(consecutivoCliente: number) {
  return useMutation({ mutationFn: (body: EnviarInmueblesEntrada) => enviarFichas(consecutivoCliente, body) });
}
