import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '@predio/contract/list';
import type {
  ComentarioForm,
  GuionCategoria,
  ListaVerificacion,
  ListaVerificacionFormEntrada,
  ModTarea,
  ModTareaQuery,
  OpcionesTareas,
  PlaybookForm,
  Tarea,
  TareaCambios,
  TareaFormEntrada,
  TareaResumen,
  TareasQuery,
} from '@predio/contract/tareas';
import { http } from '../../lib/http.ts';

export const tareasKeys = {
  all: ['tareas'] as const,
  lista: (q: object) => [...tareasKeys.all, 'lista', q] as const,
  tarea: (c: number) => [...tareasKeys.all, 'tarea', c] as const,
  opciones: () => [...tareasKeys.all, 'opciones'] as const,
  listas: () => [...tareasKeys.all, 'listas'] as const,
  mod: (q: object) => [...tareasKeys.all, 'mod', q] as const,
  guion: (idCategoria: number) => [...tareasKeys.all, 'guion', idCategoria] as const,
};

export const parametros = (f: Record<string, unknown>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === '') continue;
    p.set(k, Array.isArray(v) ? v.join(',') : String(v as string | number));
  }
  return p.toString();
};

export type FiltrosTareas = Partial<TareasQuery>;

export function useTareas(f: FiltrosTareas, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: tareasKeys.lista(f),
      queryFn: async ({ signal }) =>
        (await http.get<ListResult<TareaResumen>>(`/tareas?${parametros(f)}`, { signal, silent: true })).data,
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

export function useTarea(consecutivo: number) {
  return useQuery(
    queryOptions({
      queryKey: tareasKeys.tarea(consecutivo),
      queryFn: async ({ signal }) => (await http.get<Tarea>(`/tareas/${consecutivo}`, { signal, silent: true })).data,
    }),
  );
}

export function useOpcionesTareas() {
  return useQuery(
    queryOptions({
      queryKey: tareasKeys.opciones(),
      queryFn: async ({ signal }) => (await http.get<OpcionesTareas>('/tareas/opciones', { signal, silent: true })).data,
      staleTime: 60_000,
    }),
  );
}

export function useListasVerificacion() {
  return useQuery(
    queryOptions({
      queryKey: tareasKeys.listas(),
      queryFn: async ({ signal }) => (await http.get<ListaVerificacion[]>('/listas-verificacion', { signal, silent: true })).data,
    }),
  );
}

/** A category's guion (playbook), read with idm 10586 like the categories' master. */
export function useGuionCategoria(idCategoria: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: tareasKeys.guion(idCategoria),
      queryFn: async ({ signal }) =>
        (await http.get<GuionCategoria>(`/tareas-categorias/${idCategoria}/playbook`, { signal, silent: true })).data,
      enabled,
    }),
  );
}

export function useModTarea(f: Partial<ModTareaQuery>) {
  return useQuery(
    queryOptions({
      queryKey: tareasKeys.mod(f),
      queryFn: async ({ signal }) =>
        (await http.get<ListResult<ModTarea>>(`/tareas/modificaciones?${parametros(f)}`, { signal, silent: true })).data,
      placeholderData: keepPreviousData,
    }),
  );
}

/** Every write refreshes every task query (lists, boards, the open task, the log). */
function useInvalidar() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: tareasKeys.all });
}

export function useCrearTarea() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (b: TareaFormEntrada) => (await http.post<Tarea>('/tareas', b, { silent: true })).data,
    onSuccess: invalidar,
  });
}

export function useCambiarTarea() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (o: { consecutivo: number; cambios: Partial<TareaCambios> }) =>
      (await http.patch<Tarea>(`/tareas/${o.consecutivo}`, o.cambios)).data,
    onSettled: invalidar,
  });
}

export function useMarcarItem(consecutivo: number) {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (o: { idItem: number; hecho: boolean }) =>
      (await http.patch<Tarea>(`/tareas/${consecutivo}/items/${o.idItem}`, { hecho: o.hecho })).data,
    onSettled: invalidar,
  });
}

export function useAgregarItem(consecutivo: number) {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (o: { texto: string; obligatorio: boolean }) =>
      (await http.post<Tarea>(`/tareas/${consecutivo}/items`, o)).data,
    onSuccess: invalidar,
  });
}

export function useComentar(consecutivo: number) {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (c: ComentarioForm) => (await http.post<Tarea>(`/tareas/${consecutivo}/comentarios`, c)).data,
    onSuccess: invalidar,
  });
}

export function useGuardarLista() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (o: { id: number | null; lista: ListaVerificacionFormEntrada }) =>
      (o.id === null
        ? await http.post<ListaVerificacion>('/listas-verificacion', o.lista, { silent: true })
        : await http.put<ListaVerificacion>(`/listas-verificacion/${o.id}`, o.lista, { silent: true })
      ).data,
    onSuccess: invalidar,
  });
}

export function useBorrarLista() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (id: number) => (await http.delete<unknown>(`/listas-verificacion/${id}`)).data,
    onSuccess: invalidar,
  });
}

export function useGuardarPlaybook() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (o: { idCategoria: number; playbook: PlaybookForm; silent?: boolean }) =>
      (await http.put<unknown>(`/tareas-categorias/${o.idCategoria}/playbook`, o.playbook, { silent: o.silent ?? false })).data,
    onSuccess: invalidar,
  });
}
