import type { DocumentoInmueble } from '@predio/contract/inmuebles-archivos';
import { http } from '../../../lib/http.ts';

export async function subirDocumento(o: {
  consecutivo: number;
  archivo: File;
  descripcion: string;
  alProgreso: (porcentaje: number) => void;
}): Promise<DocumentoInmueble> {
  const form = new FormData();
  if (o.descripcion.trim() !== '') form.append('descripcion', o.descripcion.trim());
  form.append('file', o.archivo, o.archivo.name);
  return (
    await http.upload<DocumentoInmueble>(`/inmuebles/${o.consecutivo}/documentos`, form, {
      silent: true,
      onProgress: o.alProgreso,
    })
  ).data;
}
