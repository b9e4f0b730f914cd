import { useMutation } from '@tanstack/react-query';
import type { TerceroFormEntrada, TerceroGuardado } from '@predio/contract/terceros';
import { http } from '../../../lib/http.ts';

/** Creates the requester as a tercero through the terceros API (permiso 59); its form errors name the fields. */
export async function crearTerceroContacto(valores: TerceroFormEntrada): Promise<TerceroGuardado> {
  return (await http.post<TerceroGuardado>('/terceros', valores, { silent: true })).data;
}

export function useCrearTerceroContacto() {
  return useMutation({ mutationFn: crearTerceroContacto });
}
