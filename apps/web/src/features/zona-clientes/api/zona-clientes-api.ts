import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ESTADOS_INMUEBLE, type InmuebleResumen } from '@predio/contract/inmuebles';
import type { ListResult } from '@predio/contract/list';
import type { TerceroResumen } from '@predio/contract/terceros';
import type {
  ClientePortalFila,
  ConfigZonaClientes,
  ConfigZonaClientesForm,
  InvitacionForm,
  MantenimientoCambios,
  MantenimientoComentario,
  SolicitudMantenimiento,
  SolicitudMantenimientoDetalle,
} from '@predio/contract/zona-clientes';
import type { ConsultaOpciones, OpcionRemota } from '../../../components/remote-select.tsx';
import { http } from '../../../lib/http.ts';
import { listaMantenimiento, type MantenimientoParams } from '../mantenimiento-params.ts';

/** Every staff query of the module hangs from this key. */
export const zonaKeys = {
  all: ['zona-clientes'] as const,
  config: () => [...zonaKeys.all, 'config'] as const,
  clientes: () => [...zonaKeys.all, 'clientes'] as const,
  mantenimiento: () => [...zonaKeys.all, 'mantenimiento'] as const,
  lista: (p: MantenimientoParams) => [...zonaKeys.mantenimiento(), 'lista', p] as const,
  detalle: (n: number) => [...zonaKeys.mantenimiento(), 'detalle', n] as const,
  opciones: () => [...zonaKeys.mantenimiento(), 'opciones'] as const,
};

export const useConfigZona = () =>
  useQuery(
    queryOptions({
      queryKey: zonaKeys.config(),
      queryFn: async () => (await http.get<ConfigZonaClientes>('/zona-clientes/config')).data,
    }),
  );

export function useGuardarConfigZona() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: ConfigZonaClientesForm) => (await http.put<ConfigZonaClientes>('/zona-clientes/config', c)).data,
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

export function useInvitar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: InvitacionForm) =>
      (await http.post<{ id: number; expira_horas: number }>('/zona-clientes/invitaciones', b)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: zonaKeys.clientes() }),
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
        (await http.get<SolicitudMantenimientoDetalle>(`/solicitudes-mantenimiento/${n}`, { silent: true })).data,
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

export function useComentarMantenimiento(n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: MantenimientoComentario) =>
      (await http.post<SolicitudMantenimientoDetalle>(`/solicitudes-mantenimiento/${n}/comentarios`, b)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: zonaKeys.mantenimiento() }),
  });
}

/** Terceros for the invitation (GET /terceros, by name, document or e-mail). */
export const consultaTerceros: ConsultaOpciones = (q) =>
  queryOptions({
    queryKey: [...zonaKeys.all, 'terceros', q] as QueryKey,
    queryFn: async ({ signal }): Promise<OpcionRemota[]> => {
      const p = new URLSearchParams({ pageSize: '20', ...(q ? { q } : {}) });
      const r = await http.get<ListResult<TerceroResumen>>(`/terceros?${p}`, { signal, silent: true });
      return r.data.items.map((t) => ({ id: t.id, label: `${t.nombre} (${t.nro_id})`, detalle: t.email }));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Properties by consecutivo or address, for «arrendatario de» (GET /inmuebles). */
export const consultaInmuebles: ConsultaOpciones = (q) =>
  queryOptions({
    queryKey: [...zonaKeys.all, 'inmuebles', q] as QueryKey,
    queryFn: async ({ signal }): Promise<OpcionRemota[]> => {
      const p = new URLSearchParams({ estado: ESTADOS_INMUEBLE.join(','), pageSize: '20', sort: 'consecutivo', order: 'desc' });
      if (q) p.set('q', q);
      const r = await http.get<ListResult<InmuebleResumen>>(`/inmuebles?${p}`, { signal, silent: true });
      return r.data.items.map((i) => ({ id: i.consecutivo, label: `${i.consecutivo} · ${i.direccion}` }));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
