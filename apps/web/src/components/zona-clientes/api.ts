import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ESTADOS_INMUEBLE, type InmuebleResumen } from '@predio/contract/inmuebles';
import type { ListResult } from '@predio/contract/list';
import type { TerceroResumen } from '@predio/contract/terceros';
import type { InvitacionForm } from '@predio/contract/zona-clientes';
import { http } from '../../lib/http.ts';
import type { ConsultaOpciones, OpcionRemota } from '../remote-select.tsx';

// The invitation to the zona clientes, shared by its configuration page and a tercero's form.

/** Every staff query of the module hangs from this key. */
export const zonaKeys = {
  all: ['zona-clientes'] as const,
  config: () => [...zonaKeys.all, 'config'] as const,
  clientes: () => [...zonaKeys.all, 'clientes'] as const,
  mantenimiento: () => [...zonaKeys.all, 'mantenimiento'] as const,
  lista: (p: object) => [...zonaKeys.mantenimiento(), 'lista', p] as const,
  detalle: (n: number) => [...zonaKeys.mantenimiento(), 'detalle', n] as const,
  opciones: () => [...zonaKeys.mantenimiento(), 'opciones'] as const,
};

export function useInvitar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: InvitacionForm) =>
      (await http.post<{ id: number; expira_horas: number }>('/zona-clientes/invitaciones', b)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: zonaKeys.clientes() }),
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
