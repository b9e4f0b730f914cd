import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CargaCatalogo,
  CatalogoCsv,
  ClaseCatalogo,
  ClaseEquivalencia,
  EntradaCatalogo,
  EquivalenciaGuardar,
  FilaEquivalencia,
  PortalSincronizado,
  ResumenCatalogo,
} from '@predio/contract/portales';
import { http } from '../../../lib/http.ts';
import { portalesKeys } from './portales.ts';

const catalogoKeys = {
  todo: (portal: PortalSincronizado) => [...portalesKeys.all, portal, 'catalogo'] as const,
  resumen: (portal: PortalSincronizado) => [...catalogoKeys.todo(portal), 'resumen'] as const,
  entradas: (portal: PortalSincronizado, clase: ClaseCatalogo, q: string, padre: string) =>
    [...catalogoKeys.todo(portal), 'entradas', clase, q, padre] as const,
  equivalencias: (portal: PortalSincronizado, c: ConsultaEquivalencias) =>
    [...catalogoKeys.todo(portal), 'equivalencias', c] as const,
};

export type ConsultaEquivalencias = { clase: ClaseEquivalencia; q: string; sin_mapear: boolean; page: number; pageSize: number };

/** What of the portal's catalogue is loaded, and how many of the company's masters lack an equivalence. */
export function useResumenCatalogo(portal: PortalSincronizado) {
  return useQuery({
    queryKey: catalogoKeys.resumen(portal),
    queryFn: async ({ signal }) =>
      (await http.get<ResumenCatalogo>(`/portales/${portal}/catalogo`, { signal, silent: true })).data,
  });
}

/** The Select's search in the portal's catalogue (at most 50 entries). */
export function useEntradasCatalogo(portal: PortalSincronizado, clase: ClaseCatalogo, q: string, padre: string, activo: boolean) {
  return useQuery({
    queryKey: catalogoKeys.entradas(portal, clase, q, padre),
    queryFn: async ({ signal }) =>
      (
        await http.get<EntradaCatalogo[]>(
          `/portales/${portal}/catalogo/entradas?${new URLSearchParams({ clase, q, ...(padre ? { padre } : {}) }).toString()}`,
          { signal, silent: true },
        )
      ).data,
    enabled: activo,
    placeholderData: keepPreviousData,
  });
}

export function useEquivalencias(portal: PortalSincronizado, c: ConsultaEquivalencias) {
  return useQuery({
    queryKey: catalogoKeys.equivalencias(portal, c),
    queryFn: async ({ signal }) =>
      (
        await http.get<{ items: FilaEquivalencia[]; total: number }>(
          `/portales/${portal}/equivalencias?${new URLSearchParams({
            clase: c.clase,
            q: c.q,
            sin_mapear: String(c.sin_mapear),
            page: String(c.page),
            pageSize: String(c.pageSize),
          }).toString()}`,
          { signal, silent: true },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useGuardarEquivalencia(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: EquivalenciaGuardar) =>
      (await http.put<FilaEquivalencia>(`/portales/${portal}/equivalencias`, b, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogoKeys.todo(portal) }),
  });
}

type Carga = CargaCatalogo & { emparejados: number };

export function useCargarCatalogo(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<Carga>(`/portales/${portal}/catalogo/cargar`, undefined, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogoKeys.todo(portal) }),
  });
}

export function useSubirCatalogoCsv(portal: PortalSincronizado) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: CatalogoCsv) => (await http.post<Carga>(`/portales/${portal}/catalogo/csv`, b, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogoKeys.todo(portal) }),
  });
}
