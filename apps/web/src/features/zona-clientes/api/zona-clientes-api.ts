import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '@predio/contract/list';
import type {
  ClientePortalFila,
  ConfigZonaClientesPantalla,
  CostoMantenimiento,
  ConfigZonaClientesForm,
  MantenimientoCambios,
  CotizacionForm,
  MantenimientoComentario,
  SolicitudMantenimiento,
  SolicitudMantenimientoDetalle,
  SolicitudMantenimientoGestion,
} from '@predio/contract/zona-clientes';
import { http } from '../../../lib/http.ts';
import { zonaKeys } from '../../../components/zona-clientes/api.ts';
import { listaMantenimiento, type MantenimientoParams } from '../mantenimiento-params.ts';

export const useConfigZona = () =>
  useQuery(
    queryOptions({
      queryKey: zonaKeys.config(),
      queryFn: async () => (await http.get<ConfigZonaClientesPantalla>('/zona-clientes/config')).data,
    }),
  );

export function useGuardarConfigZona() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: ConfigZonaClientesForm) =>
      (await http.put<ConfigZonaClientesPantalla>('/zona-clientes/config', c)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: zonaKeys.all }),
  });
}

export const useClientesPortal = () =>
  useQuery(
    queryOptions({
      queryKey: zonaKeys.clientes(),
      queryFn: async () => (await http.get<ClientePortalFila[]>('/zona-clientes/clientes')).data,
    }),
  );

export function useActivoClientePortal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number; activo: boolean }) =>
      (await http.put<ClientePortalFila[]>(`/zona-clientes/clientes/${v.id}/activo`, { activo: v.activo })).data,
    onSuccess: (d) => qc.setQueryData(zonaKeys.clientes(), d),
  });
}

export const useMantenimientos = (p: MantenimientoParams) =>
  useQuery(
    queryOptions({
      queryKey: zonaKeys.lista(p),
      queryFn: async ({ signal }) =>
        (
          await http.get<ListResult<SolicitudMantenimiento>>(
            `/solicitudes-mantenimiento?${listaMantenimiento.consulta(p, true)}`,
            {
              signal,
              silent: true,
            },
          )
        ).data,
      placeholderData: keepPreviousData,
    }),
  );

export const useMantenimiento = (n: number | null) =>
  useQuery(
    queryOptions({
      queryKey: zonaKeys.detalle(n ?? 0),
      queryFn: async () =>
        (await http.get<SolicitudMantenimientoGestion>(`/solicitudes-mantenimiento/${n}`, { silent: true })).data,
      enabled: n !== null,
    }),
  );

export const useOpcionesMantenimiento = () =>
  useQuery(
    queryOptions({
      queryKey: zonaKeys.opciones(),
      queryFn: async () =>
        (await http.get<{ usuarios: { id: number; nombre: string }[] }>('/solicitudes-mantenimiento/opciones')).data,
      staleTime: 60_000,
    }),
  );

export function useCambiarMantenimiento(n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: MantenimientoCambios) =>
      (await http.patch<SolicitudMantenimientoDetalle>(`/solicitudes-mantenimiento/${n}`, b)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: zonaKeys.mantenimiento() }),
  });
}

export function useCostoMantenimiento(n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: CostoMantenimiento) =>
      (await http.put<SolicitudMantenimientoDetalle>(`/solicitudes-mantenimiento/${n}/costo`, b)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: zonaKeys.mantenimiento() }),
  });
}

export function useComentarMantenimiento(n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: MantenimientoComentario) =>
      (await http.post<SolicitudMantenimientoDetalle>(`/solicitudes-mantenimiento/${n}/comentarios`, b)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: zonaKeys.mantenimiento() }),
  });
}

export function useCrearCotizacion(n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: CotizacionForm) =>
      (await http.post<SolicitudMantenimientoGestion>(`/solicitudes-mantenimiento/${n}/cotizaciones`, b)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: zonaKeys.mantenimiento() }),
  });
}

export function useAnularCotizacion(n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.post<SolicitudMantenimientoGestion>(`/solicitudes-mantenimiento/${n}/cotizaciones/${id}/anular`, {})).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: zonaKeys.mantenimiento() }),
  });
}
