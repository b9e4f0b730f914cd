import type { ProblemaPlantilla, TipoPlantilla, VistaPrevia } from '@predio/contract/documentos';
import { http } from '../../../lib/http.ts';

/** The template filled with a record (or sample values), as HTML; a mistake comes back as an ApiError. */
export async function vistaPreviaHtml(body: VistaPrevia): Promise<string> {
  return (await http.post<{ html: string }>('/plantillas/vista-previa', body, { silent: true })).data.html;
}

/** The same as a PDF with the letterhead, opened in a new tab (or saved when the browser cannot show it). */
export async function vistaPreviaPdf(body: VistaPrevia): Promise<void> {
  const { blob } = await http.download('/plantillas/vista-previa/pdf', { timeoutMs: 60_000, silent: true }, body);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${(body.titulo || 'vista-previa').replace(/[^\w áéíóúñÁÉÍÓÚÑ-]/g, '_')}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Every problem of the template being edited (empty: none), without saving it. */
export async function revisarPlantilla(body: { tipo: TipoPlantilla; contenido: string }): Promise<ProblemaPlantilla[]> {
  return (await http.post<{ problemas: ProblemaPlantilla[] }>('/plantillas/revisar', body, { silent: true })).data.problemas;
}
