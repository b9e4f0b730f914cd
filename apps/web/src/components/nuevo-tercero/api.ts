import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { hasIdm } from '@predio/contract/menu';
import { IDM_TERCEROS, type Advertencia, type TerceroFormEntrada, type TerceroGuardado } from '@predio/contract/terceros';
import { http } from '../../lib/http.ts';
import { usePermisos } from '../../lib/session-store.ts';

/** A tercero created from another form, through the terceros API (its rules and duplicate warnings apply). */
export async function crearTercero(valores: TerceroFormEntrada): Promise<TerceroGuardado> {
  return (await http.post<TerceroGuardado>('/terceros', valores, { silent: true })).data;
}

export function useCrearTercero() {
  return useMutation({ mutationFn: crearTercero });
}

/** Creating a tercero is the Terceros permission's (idm 59), wherever the form that offers it lives. */
export function usePuedeCrearTercero(): boolean {
  return hasIdm(usePermisos(), IDM_TERCEROS);
}

export type Duplicados = { nro_id?: string; email?: string; celular?: string };

/** Possible duplicates while the inline tercero is typed (the caller debounces). */
export function useDuplicadosTercero(b: Duplicados) {
  const limpio = Object.fromEntries(Object.entries(b).filter(([, v]) => v)) as Record<string, string>;
  const activa = Boolean(limpio.nro_id || limpio.email || (limpio.celular && limpio.celular.replace(/\D/g, '').length >= 7));
  return useQuery(
    queryOptions({
      queryKey: ['terceros', 'duplicados', JSON.stringify(limpio)],
      queryFn: async ({ signal }) =>
        (await http.get<Advertencia[]>(`/terceros/duplicados?${new URLSearchParams(limpio)}`, { signal, silent: true })).data,
      enabled: activa,
      staleTime: 10_000,
    }),
  );
}
