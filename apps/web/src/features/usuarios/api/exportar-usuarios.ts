import { useMutation } from '@tanstack/react-query';
import { descargar } from '../../../lib/descargar.ts';
import { queryString, type UsuariosParams } from './get-usuarios.ts';

export type ExportarUsuarios = Omit<UsuariosParams, 'page' | 'pageSize'> & { formato: 'csv' | 'xlsx' };

/** GET /usuarios/exportar with the list's current filter and order; the browser saves the file. */
export function exportarUsuarios(o: ExportarUsuarios): Promise<string> {
  return descargar(`/usuarios/exportar?${queryString(o)}`);
}

export function useExportarUsuarios() {
  return useMutation({ mutationFn: exportarUsuarios });
}
