import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsuarioAsignable } from '@predio/contract/solicitudes';
import { http } from '../../../lib/http.ts';
import { solicitudesKeys } from './get-solicitudes.ts';

/** Active users who may take a request (their permisos include solicitudes). */
export async function getAsignables(signal?: AbortSignal): Promise<UsuarioAsignable[]> {
  return (await http.get<UsuarioAsignable[]>('/solicitudes/asignables', { signal, silent: true })).data;
}

export function useAsignables() {
  return useQuery(
    queryOptions({ queryKey: solicitudesKeys.asignables(), queryFn: ({ signal }) => getAsignables(signal), staleTime: 60_000 }),
  );
}
