import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormularioWeb, FormularioWebCambio } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';

const clave = ['empresa', 'formulario-web'] as const;

export function useFormularioWeb() {
  return useQuery(
    queryOptions({
      queryKey: clave,
      queryFn: async ({ signal }) => (await http.get<FormularioWeb>('/empresa/formulario-web', { signal, silent: true })).data,
    }),
  );
}

/** activar: on with a new key (also to change it), or off; confirmar: the confirmation to visitors. */
export function useCambiarFormularioWeb() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cambio: FormularioWebCambio) =>
      (await http.put<FormularioWeb>('/empresa/formulario-web', cambio, { silent: true })).data,
    onSuccess: (d) => queryClient.setQueryData(clave, d),
  });
}
