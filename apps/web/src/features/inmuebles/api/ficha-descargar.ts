import { useMutation } from '@tanstack/react-query';
import { rutaFicha } from '@predio/contract/inmuebles-archivos';
import { descargar } from '../../../lib/descargar.ts';

/** Downloads ficha-inmueble-<consecutivo>.pdf (the server lays it out with the photos). */
export async function descargarFicha(consecutivo: number): Promise<string> {
  return descargar(rutaFicha(consecutivo));
}

export function useDescargarFicha() {
  return useMutation({ mutationFn: descargarFicha });
}
