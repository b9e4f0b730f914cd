import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClaveInforme,
  DestinatarioInforme,
  EnvioInformeEncolado,
  ProgramacionForm,
  ProgramacionInforme,
} from '@predio/contract/informes';
import { http } from '../../lib/http.ts';

/** Query keys of the reports: every write to a report's schedules refreshes its list. */
export const clavesInformes = {
  programaciones: (clave: ClaveInforme) => ['informes', clave, 'programaciones'] as const,
  destinatarios: (clave: ClaveInforme) => ['informes', clave, 'destinatarios'] as const,
  asesores: (clave: ClaveInforme) => ['informes', clave, 'asesores'] as const,
};

const base = (clave: ClaveInforme) => `/informes/${clave}/programaciones`;

export const useProgramaciones = (clave: ClaveInforme, activo = true) =>
  useQuery({
    queryKey: clavesInformes.programaciones(clave),
    queryFn: async ({ signal }) => (await http.get<ProgramacionInforme[]>(base(clave), { signal, silent: true })).data,
    enabled: activo,
    // A send runs in the background: while the list is shown its last send and errors come in by themselves.
    refetchInterval: 10_000,
  });

export const useDestinatarios = (clave: ClaveInforme, activo = true) =>
  useQuery({
    queryKey: clavesInformes.destinatarios(clave),
    queryFn: async ({ signal }) =>
      (await http.get<DestinatarioInforme[]>(`/informes/${clave}/destinatarios`, { signal, silent: true })).data,
    staleTime: 5 * 60_000,
    enabled: activo,
  });

export const useAsesoresInforme = (clave: ClaveInforme) =>
  useQuery({
    queryKey: clavesInformes.asesores(clave),
    queryFn: async ({ signal }) =>
      (await http.get<{ id: number; nombre: string }[]>(`/informes/${clave}/asesores`, { signal, silent: true })).data,
    staleTime: 5 * 60_000,
  });

function useEscritura<V, R>(clave: ClaveInforme, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: clavesInformes.programaciones(clave) }),
  });
}

export const useGuardarProgramacion = (clave: ClaveInforme) =>
  useEscritura(clave, async ({ id, body }: { id: number | null; body: ProgramacionForm }) =>
    id === null
      ? (await http.post<ProgramacionInforme>(base(clave), body, { silent: true })).data
      : (await http.put<ProgramacionInforme>(`${base(clave)}/${id}`, body, { silent: true })).data,
  );

export const useActivarProgramacion = (clave: ClaveInforme) =>
  useEscritura(
    clave,
    async ({ id, activo }: { id: number; activo: boolean }) =>
      (await http.patch<ProgramacionInforme>(`${base(clave)}/${id}`, { activo }, { silent: true })).data,
  );

export const useEliminarProgramacion = (clave: ClaveInforme) =>
  useEscritura(clave, async (id: number) => (await http.delete<null>(`${base(clave)}/${id}`, { silent: true })).data);

export const useEnviarAhora = (clave: ClaveInforme) =>
  useEscritura(
    clave,
    async (id: number) =>
      (await http.post<EnvioInformeEncolado>(`${base(clave)}/${id}/enviar`, undefined, { silent: true })).data,
  );
