import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmpleadoOpcion } from '@predio/contract/usuarios';
import { http } from '../../../lib/http.ts';
import { queryString } from './get-usuarios.ts';

export const empleadosKeys = { search: (q: string) => ['usuarios', 'empleados', q] as const };

export async function getEmpleados(q: string, signal?: AbortSignal): Promise<EmpleadoOpcion[]> {
  return (await http.get<EmpleadoOpcion[]>(`/usuarios/empleados?${queryString({ q })}`, { signal })).data;
}

export function empleadosQueryOptions(q: string) {
  return queryOptions({ queryKey: empleadosKeys.search(q), queryFn: ({ signal }) => getEmpleados(q, signal), staleTime: 30_000 });
}

/** Empleado terceros a user can be linked to. */
export function useEmpleados(q: string) {
  return useQuery(empleadosQueryOptions(q));
}
