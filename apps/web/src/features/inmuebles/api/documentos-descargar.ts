import { useMutation } from '@tanstack/react-query';
import { descargar } from '../../../lib/descargar.ts';

/** The browser saves the document under its stored name. */
export async function descargarDocumento(o: { consecutivo: number; id: number }): Promise<string> {
  return descargar(`/inmuebles/${o.consecutivo}/documentos/${o.id}`);
}

export function useDescargarDocumento() {
  return useMutation({ mutationFn: descargarDocumento });
}
