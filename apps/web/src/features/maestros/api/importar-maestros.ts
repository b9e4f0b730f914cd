import { useMutation, useQueryClient } from '@tanstack/react-query';
import { urlMaestro, type ResourceDef } from '@predio/contract/maestros/resource';
import type { ImportReporte } from '@predio/contract/maestros/schemas';
import { http } from '../../../lib/http.ts';
import { keysAfectadas } from './get-maestros.ts';

export type ModoImportar = 'validar' | 'parcial';

/**
 * POST /maestros/<recurso>/importar?modo= (multipart `file`) → the report of rows inserted, updated and
 * refused. `validar` writes nothing. Silent: the import dialog shows the failure.
 */
export async function importarMaestros(
  def: ResourceDef,
  archivo: File,
  modo: ModoImportar,
  onProgress?: (percent: number) => void,
): Promise<ImportReporte> {
  const form = new FormData();
  form.append('file', archivo);
  const body = await http.upload<ImportReporte>(urlMaestro(def, `/importar?modo=${modo}`), form, { silent: true, onProgress });
  return body.data;
}

export function useImportarMaestros(def: ResourceDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (o: { archivo: File; modo: ModoImportar; onProgress?: (percent: number) => void }) =>
      importarMaestros(def, o.archivo, o.modo, o.onProgress),
    onSuccess: async (reporte) => {
      if (reporte.aplicado) await Promise.all(keysAfectadas(def).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
