import type { ModificacionesFiltros, RolAsesor, TvConfig } from '@predio/contract/inmuebles-utilidades';
import type { EstadoInmueble } from '@predio/contract/inmuebles';

export type ModificacionesParams = ModificacionesFiltros & {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
};
export type UbicacionesParams = {
  sinCoordenadas: boolean;
  municipio?: number | undefined;
  estado?: EstadoInmueble | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
};
export type PreviaParams = { origen: number; destino: number; rol: RolAsesor; estado?: EstadoInmueble[] | undefined };

/** Query keys of the four utilities; writes invalidate through these, never a hand-typed string. */
export const utilidadesKeys = {
  all: ['inmuebles-utilidades'] as const,
  opciones: () => [...utilidadesKeys.all, 'opciones'] as const,
  previa: (p: PreviaParams) => [...utilidadesKeys.all, 'reasignar', p] as const,
  modificaciones: () => [...utilidadesKeys.all, 'modificaciones'] as const,
  modificacionesLista: (p: ModificacionesParams) => [...utilidadesKeys.modificaciones(), 'list', p] as const,
  modificacionesValores: () => [...utilidadesKeys.modificaciones(), 'valores'] as const,
  ubicaciones: () => [...utilidadesKeys.all, 'ubicacion'] as const,
  ubicacionesLista: (p: UbicacionesParams) => [...utilidadesKeys.ubicaciones(), p] as const,
  tvConfig: () => [...utilidadesKeys.all, 'tv', 'config'] as const,
  tvInmuebles: () => [...utilidadesKeys.all, 'tv', 'inmuebles'] as const,
};

/** A query string without the empty values; arrays become comma-separated lists. */
export function queryString(
  p: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>,
): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length > 0) s.set(k, v.join(','));
    } else s.set(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  return s.toString();
}

export type { TvConfig };
