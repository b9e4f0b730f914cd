import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GrupoCampos, Plantilla, PlantillaResumen, TipoPlantilla } from '@predio/contract/documentos';
import { http } from '../../../lib/http.ts';

export const plantillasKeys = {
  all: ['plantillas'] as const,
  lista: () => [...plantillasKeys.all, 'lista'] as const,
  una: (id: number) => [...plantillasKeys.all, 'una', id] as const,
  campos: (tipo: TipoPlantilla) => ['documentos', 'campos', tipo] as const,
};

export function usePlantillas() {
  return useQuery(
    queryOptions({
      queryKey: plantillasKeys.lista(),
      queryFn: async ({ signal }) => (await http.get<PlantillaResumen[]>('/plantillas', { signal })).data,
    }),
  );
}

export function usePlantilla(id: number | null) {
  return useQuery({
    queryKey: plantillasKeys.una(id ?? 0),
    queryFn: async ({ signal }) => (await http.get<Plantilla>(`/plantillas/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** The fields a template of this type may use; they only change with a new version of the app. */
export function useCamposPlantilla(tipo: TipoPlantilla) {
  return useQuery({
    queryKey: plantillasKeys.campos(tipo),
    queryFn: async ({ signal }) => (await http.get<GrupoCampos[]>(`/documentos/campos?tipo=${tipo}`, { signal })).data,
    staleTime: Infinity,
  });
}
