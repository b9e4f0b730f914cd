import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProblemaPlantilla } from '@predio/contract/documentos';
import type {
  CamposCarta,
  Carta,
  GenerarCartaIn,
  OpcionesCarta,
  PlantillaCarta,
  PlantillaCartaFormIn,
  PlantillaCartaResumen,
} from '@predio/contract/gestion-documental-cartas';
import { http } from '../../../lib/http.ts';

const URL = '/gestion-documental/plantillas-cartas';
export const cartasKeys = {
  all: ['gd-cartas'] as const,
  plantillas: () => [...cartasKeys.all, 'plantillas'] as const,
  plantilla: (id: number) => [...cartasKeys.all, 'plantilla', id] as const,
  campos: () => [...cartasKeys.all, 'campos'] as const,
  opciones: () => [...cartasKeys.all, 'opciones'] as const,
  cartas: () => [...cartasKeys.all, 'cartas'] as const,
};

export const usePlantillasCarta = () =>
  useQuery(
    queryOptions({
      queryKey: cartasKeys.plantillas(),
      queryFn: async ({ signal }) => (await http.get<PlantillaCartaResumen[]>(URL, { signal, silent: true })).data,
    }),
  );

export const usePlantillaCarta = (id: number | null) =>
  useQuery(
    queryOptions({
      queryKey: cartasKeys.plantilla(id ?? 0),
      queryFn: async ({ signal }) => (await http.get<PlantillaCarta>(`${URL}/${id}`, { signal, silent: true })).data,
      enabled: id !== null,
    }),
  );

export const useCamposCarta = () =>
  useQuery({
    queryKey: cartasKeys.campos(),
    queryFn: async ({ signal }) => (await http.get<CamposCarta>(`${URL}/campos`, { signal, silent: true })).data,
    staleTime: Infinity,
  });

export const useOpcionesCarta = () =>
  useQuery({
    queryKey: cartasKeys.opciones(),
    queryFn: async ({ signal }) => (await http.get<OpcionesCarta>(`${URL}/opciones`, { signal, silent: true })).data,
  });

export const useCartas = () =>
  useQuery({
    queryKey: cartasKeys.cartas(),
    queryFn: async ({ signal }) => (await http.get<Carta[]>('/gestion-documental/cartas', { signal, silent: true })).data,
  });

export const revisarCarta = async (contenido: string) =>
  (await http.post<{ problemas: ProblemaPlantilla[] }>(`${URL}/revisar`, { contenido })).data;
export const vistaPreviaCarta = async (contenido: string) =>
  (await http.post<{ html: string }>(`${URL}/vista-previa`, { contenido }, { silent: true })).data;

export function useGuardarPlantillaCarta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (o: { id: number | null; body: PlantillaCartaFormIn }) =>
      o.id === null
        ? (await http.post<PlantillaCarta>(URL, o.body, { silent: true })).data
        : (await http.put<PlantillaCarta>(`${URL}/${o.id}`, o.body, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: cartasKeys.all }),
  });
}

export function useBorrarPlantillaCarta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.delete<{ id: number }>(`${URL}/${id}`)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: cartasKeys.all }),
  });
}

export function useGenerarCarta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: GenerarCartaIn) =>
      (await http.post<Carta>('/gestion-documental/cartas', body, { silent: true })).data,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: cartasKeys.all });
      await qc.invalidateQueries({ queryKey: ['radicados'] });
    },
  });
}
