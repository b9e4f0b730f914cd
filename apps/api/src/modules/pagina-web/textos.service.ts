import {
  ETIQUETAS_SECCION_TEXTO,
  SECCIONES_TEXTO,
  type SeccionTexto,
  type TextoSitio,
  type TextoSitioForm,
  type TextoSitioPublico,
} from '@predio/contract/pagina-web-textos';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import * as repo from './textos.repo.ts';

// Página web > Sesión de texto (idm 10565): one block per section, saved sanitised, audited.

export const ENTIDAD_TEXTO = 'sesion-texto';

/** Every section, written or not yet (an unwritten one is empty and unpublished). */
export async function listar(o: { tx: Tx }): Promise<TextoSitio[]> {
  const rows = await repo.escritos(o.tx);
  return SECCIONES_TEXTO.map(
    (s) =>
      rows.find((r) => r.seccion === s) ?? {
        seccion: s,
        titulo: ETIQUETAS_SECCION_TEXTO[s],
        contenido: '',
        publicado: false,
        modificado_por: null,
        modificado_en: null,
      },
  );
}

export async function guardar(o: { tx: Tx; user: Principal; ip: string; seccion: SeccionTexto; body: TextoSitioForm }) {
  const antes = (await listar(o)).find((t) => t.seccion === o.seccion)!;
  const b = { ...o.body, titulo: o.body.titulo || ETIQUETAS_SECCION_TEXTO[o.seccion], contenido: sanearHtml(o.body.contenido) };
  await repo.guardar(o.tx, o.seccion, b, o.user.usuario);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  if (antes.titulo !== b.titulo) cambios.titulo = { antes: antes.titulo, despues: b.titulo };
  if (antes.publicado !== b.publicado) cambios.publicado = { antes: antes.publicado, despues: b.publicado };
  if (antes.contenido !== b.contenido) cambios.contenido = { antes: '(contenido anterior)', despues: '(contenido nuevo)' };
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'modificar',
    entidad: ENTIDAD_TEXTO,
    entidadId: o.seccion,
    cambios,
    ip: o.ip,
  });
  return (await listar(o)).find((t) => t.seccion === o.seccion)!;
}

/** What the public sees: published sections with content, sanitised again on the way out. */
export async function publicados(tx: Tx): Promise<TextoSitioPublico[]> {
  const rows = await repo.publicados(tx);
  return rows.map((r) => ({ ...r, contenido: sanearHtml(r.contenido) }));
}
