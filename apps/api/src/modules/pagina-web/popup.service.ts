import type { PopupForm, PopupPublico } from '@predio/contract/pagina-web-popup';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import { noEncontrado } from '../../platform/errors/app-error.ts';
import * as repo from './popup.repo.ts';

// Página web > Popup de inicio (idm 10538): CRUD audited; the public side reads the current one.

export const ENTIDAD_POPUP = 'popup-inicio';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
type Lista = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
};

const auditar = (o: Escritura, accion: string, id: number, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_POPUP,
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });

export const listar = (o: Base & { query: Lista }) =>
  repo.listar(o.tx, o.query.q, {
    sort: o.query.sort,
    order: o.query.order,
    limit: o.query.pageSize,
    offset: (o.query.page - 1) * o.query.pageSize,
  });

async function popupOError(tx: Tx, id: number) {
  const p = await repo.ver(tx, id);
  if (!p) throw noEncontrado(`El popup ${id}`);
  return p;
}

export async function crear(o: Escritura & { body: PopupForm }) {
  const b = { ...o.body, contenido: sanearHtml(o.body.contenido) };
  const id = await repo.insertar(o.tx, b, o.user.usuario);
  await auditar(o, 'crear', id, { popup: { antes: null, despues: b.titulo } });
  return popupOError(o.tx, id);
}

export async function actualizar(o: Escritura & { id: number; body: PopupForm }) {
  const antes = await popupOError(o.tx, o.id);
  const b = { ...o.body, contenido: sanearHtml(o.body.contenido) };
  await repo.actualizar(o.tx, o.id, b, o.user.usuario);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const k of [
    'titulo',
    'enlace',
    'texto_enlace',
    'vigente_desde',
    'vigente_hasta',
    'frecuencia',
    'prioridad',
    'activo',
  ] as const)
    if (antes[k] !== b[k]) cambios[k] = { antes: antes[k], despues: b[k] };
  if (antes.contenido !== b.contenido) cambios.contenido = { antes: '(contenido anterior)', despues: '(contenido nuevo)' };
  await auditar(o, 'modificar', o.id, cambios);
  return popupOError(o.tx, o.id);
}

export async function borrar(o: Escritura & { id: number }) {
  const p = await popupOError(o.tx, o.id);
  await repo.borrar(o.tx, o.id);
  await auditar(o, 'eliminar', o.id, { popup: { antes: p.titulo, despues: null } });
  return { id: o.id };
}

export const existe = (tx: Tx, id: number) => repo.existe(tx, id);

/** The current pop-up as the public sees it (image by its public address), or null. */
export async function vigente(tx: Tx, idEmpresa: number): Promise<PopupPublico | null> {
  const p = await repo.vigente(tx);
  if (!p) return null;
  return {
    ...p,
    contenido: sanearHtml(p.contenido),
    imagen: p.imagen === null ? null : `/api/publico/${idEmpresa}/archivos/${p.imagen}`,
  };
}
