import type { FotoInmueble } from '@predio/contract/inmuebles-archivos';
import { http } from '../../../lib/http.ts';

/** One photo per request, so each file has its own progress and its own error. */
export async function subirFoto(o: {
  consecutivo: number;
  archivo: File;
  alProgreso: (porcentaje: number) => void;
}): Promise<FotoInmueble[]> {
  const form = new FormData();
  form.append('file', o.archivo, o.archivo.name);
  return (
    await http.upload<FotoInmueble[]>(`/inmuebles/${o.consecutivo}/fotos`, form, { silent: true, onProgress: o.alProgreso })
  ).data;
}
