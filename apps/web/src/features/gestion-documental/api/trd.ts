import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilaTrd, ReporteTrd } from '@predio/contract/gestion-documental-trd';
import { descargar } from '../../../lib/descargar.ts';
import { ApiError, http } from '../../../lib/http.ts';

export const trdKeys = {
  all: ['trd'] as const,
  filas: () => [...trdKeys.all, 'filas'] as const,
};

/** The company's TRD (idm 10574), one row per área-subserie-tipo. */
export function useTrd() {
  return useQuery(
    queryOptions({
      queryKey: trdKeys.filas(),
      queryFn: async ({ signal }) => (await http.get<FilaTrd[]>('/gestion-documental/trd', { signal, silent: true })).data,
    }),
  );
}

/** A refused import answers 400 with the per-row report in `data`; the page shows it like a validation. */
export type ResultadoTrd = { reporte: ReporteTrd; mensaje: string | null };

async function subir(accion: 'validar' | 'importar', archivo: File): Promise<ResultadoTrd> {
  const form = new FormData();
  form.append('file', archivo);
  try {
    return {
      reporte: (await http.upload<ReporteTrd>(`/gestion-documental/trd/${accion}`, form, { silent: true })).data,
      mensaje: null,
    };
  } catch (e) {
    if (e instanceof ApiError && e.data && typeof e.data === 'object' && 'filas' in e.data)
      return { reporte: e.data as ReporteTrd, mensaje: e.message.replace(/^file: /, '') };
    throw e;
  }
}

export const useValidarTrd = () => useMutation({ mutationFn: (archivo: File) => subir('validar', archivo) });

export function useImportarTrd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archivo: File) => subir('importar', archivo),
    onSuccess: async (r) => {
      if (!r.reporte.aplicado) return;
      // The masters' lists and the filing form's options show what the import created.
      for (const queryKey of [trdKeys.all, ['maestros'], ['radicados']]) await queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const descargarTrd = (que: 'exportar' | 'plantilla') => descargar(`/gestion-documental/trd/${que}`);
