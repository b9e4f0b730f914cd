import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { queryString, type UsuariosParams } from './get-usuarios.ts';

export type ExportarUsuarios = Omit<UsuariosParams, 'page' | 'pageSize'> & { formato: 'csv' | 'xlsx' };

/** GET /usuarios/exportar with the list's current filter and order; the browser saves the file. */
export async function exportarUsuarios(o: ExportarUsuarios): Promise<string> {
  const { blob, nombre } = await http.download(`/usuarios/exportar?${queryString(o)}`, { timeoutMs: 60_000 });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return nombre;
}

export function useExportarUsuarios() {
  return useMutation({ mutationFn: exportarUsuarios });
}
