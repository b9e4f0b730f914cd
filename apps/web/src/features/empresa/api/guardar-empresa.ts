import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Empresa, EmpresaActualizarInput } from '@predio/contract/empresa';
import { empresaKeys } from '../../../lib/api/get-empresa.ts';
import { http } from '../../../lib/http.ts';

export async function guardarEmpresa(body: EmpresaActualizarInput): Promise<Empresa> {
  return (await http.put<Empresa>('/empresa', body, { silent: true })).data;
}

/** Saving refreshes objEmpresa, so the shell header shows the new name at once. */
export function useGuardarEmpresa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarEmpresa,
    onSuccess: (empresa) => {
      queryClient.setQueryData(empresaKeys.all, empresa);
      return queryClient.invalidateQueries({ queryKey: empresaKeys.all });
    },
  });
}
