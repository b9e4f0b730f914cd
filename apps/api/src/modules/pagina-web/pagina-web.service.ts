import { slugDe, type BannerForm, type NoticiaForm, type UbicacionBanner } from '@predio/contract/pagina-web';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import { CODES } from '@predio/contract/codes';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import * as repo from './pagina-web.repo.ts';

// Página web, the staff side: news (idm 202) and banners (idm 10535), each change audited.

export const ENTIDAD_NOTICIA = 'noticias';
export const ENTIDAD_BANNER = 'banners';
export const TRABAJO_PUBLICAR = 'paginaweb.publicar';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
type Lista = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
};

const auditar = (o: Escritura, entidad: string, accion: string, id: number, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad,
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });

const pagina = (q: Lista) => ({ sort: q.sort, order: q.order, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

// ----- noticias

export const listarNoticias = (o: Base & { query: Lista & { estado?: NoticiaForm['estado'] | undefined } }) =>
  repo.listarNoticias(o.tx, { q: o.query.q, estado: o.query.estado }, pagina(o.query));

async function noticiaOError(tx: Tx, id: number) {
  const n = await repo.noticia(tx, id);
  if (!n) throw noEncontrado(`La noticia ${id}`);
  return n;
}
export const verNoticia = (o: Base & { id: number }) => noticiaOError(o.tx, o.id);

/** The title's slug, or the first of «-2», «-3»… the company has not used. */
async function slugLibre(tx: Tx, titulo: string, salvo: number | null): Promise<string> {
  const base = slugDe(titulo);
  const usados = new Set(await repo.slugsParecidos(tx, base, salvo));
  if (!usados.has(base)) return base;
  for (let i = 2; ; i++) if (!usados.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * The body as stored: HTML sanitised, and a news published now dated now (its date on the site). A news
 * signed by a user drops the old free-text author (that text only stays readable on rows without one).
 */
function normalizar(b: NoticiaForm): NoticiaForm {
  const publicar_en = b.estado === 'publicada' && !b.publicar_en ? new Date().toISOString() : b.publicar_en;
  return { ...b, cuerpo: sanearHtml(b.cuerpo), publicar_en, autor: b.id_autor === null ? b.autor : '' };
}

const AUTOR_INVALIDO = 'El campo Autor debe ser un usuario activo de la empresa';

/** The author must be an active user of this company (RLS hides the others), or the one the news already has. */
async function validarAutor(tx: Tx, b: NoticiaForm, idNoticia: number | null): Promise<void> {
  if (b.id_autor !== null && !(await repo.autorValido(tx, b.id_autor, idNoticia)))
    throw new AppError(CODES.VALIDACION, AUTOR_INVALIDO, [{ campo: 'id_autor', mensaje: AUTOR_INVALIDO }]);
}

/** The users who can sign a news (the dialog's Autor); `incluir` keeps an inactive one a news already has. */
export const autores = (o: Base & { incluir?: number | undefined }) => repo.autores(o.tx, o.incluir ?? null);

/**
 * A scheduled news is visible from its moment by the public queries' own rule; the job then marks it
 * «publicada», so the staff list says what the site shows. A new moment is a new key: a job per moment.
 */
async function programar(tx: Tx, id: number, b: NoticiaForm): Promise<void> {
  if (b.estado !== 'programada' || !b.publicar_en) return;
  await encolar(tx, {
    tipo: TRABAJO_PUBLICAR,
    datos: { id },
    ejecutarEn: new Date(b.publicar_en),
    clave: `noticia:${id}:${new Date(b.publicar_en).toISOString()}`,
  });
}

export async function crearNoticia(o: Escritura & { body: NoticiaForm }) {
  const b = normalizar(o.body);
  await validarAutor(o.tx, b, null);
  const id = await repo.insertarNoticia(o.tx, { ...b, slug: await slugLibre(o.tx, b.titulo, null) }, o.user.usuario);
  await programar(o.tx, id, b);
  await auditar(o, ENTIDAD_NOTICIA, 'crear', id, { noticia: { antes: null, despues: `${b.titulo} (${b.estado})` } });
  return noticiaOError(o.tx, id);
}

export async function actualizarNoticia(o: Escritura & { id: number; body: NoticiaForm }) {
  const antes = await noticiaOError(o.tx, o.id);
  const b = normalizar(o.body);
  await validarAutor(o.tx, b, o.id);
  await repo.actualizarNoticia(o.tx, o.id, b, o.user.usuario);
  await programar(o.tx, o.id, b);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const k of ['titulo', 'resumen', 'estado', 'publicar_en', 'id_autor', 'autor'] as const) {
    const a = k === 'publicar_en' && antes[k] ? new Date(antes[k]).toISOString() : antes[k];
    const d = k === 'publicar_en' && b[k] ? new Date(b[k]).toISOString() : b[k];
    if (a !== d) cambios[k] = { antes: a, despues: d };
  }
  if (antes.cuerpo !== b.cuerpo) cambios.cuerpo = { antes: '(contenido anterior)', despues: '(contenido nuevo)' };
  const despues = await noticiaOError(o.tx, o.id);
  // The audit names the author as people read it, not only by the user's id.
  if (antes.autor_nombre !== despues.autor_nombre)
    cambios.autor_nombre = { antes: antes.autor_nombre, despues: despues.autor_nombre };
  await auditar(o, ENTIDAD_NOTICIA, 'modificar', o.id, cambios);
  return despues;
}

export async function borrarNoticia(o: Escritura & { id: number }) {
  const n = await noticiaOError(o.tx, o.id);
  await repo.borrarNoticia(o.tx, o.id);
  await auditar(o, ENTIDAD_NOTICIA, 'eliminar', o.id, { noticia: { antes: n.titulo, despues: null } });
  return { id: o.id };
}

/** The job: a scheduled news whose moment came is marked published (nothing if it changed since). */
export const publicarProgramada = (tx: Tx, id: number) => repo.publicarProgramada(tx, id);

// ----- banners

export const listarBanners = (o: Base & { query: Lista & { ubicacion?: UbicacionBanner | undefined } }) =>
  repo.listarBanners(o.tx, { q: o.query.q, ubicacion: o.query.ubicacion }, pagina(o.query));

async function bannerOError(tx: Tx, id: number) {
  const b = await repo.banner(tx, id);
  if (!b) throw noEncontrado(`El banner ${id}`);
  return b;
}
export const verBanner = (o: Base & { id: number }) => bannerOError(o.tx, o.id);

export async function crearBanner(o: Escritura & { body: BannerForm }) {
  const id = await repo.insertarBanner(o.tx, o.body, o.user.usuario);
  await auditar(o, ENTIDAD_BANNER, 'crear', id, {
    banner: { antes: null, despues: o.body.titulo },
    ubicacion: { antes: null, despues: o.body.ubicacion },
  });
  return bannerOError(o.tx, id);
}

export async function actualizarBanner(o: Escritura & { id: number; body: BannerForm }) {
  const antes = await bannerOError(o.tx, o.id);
  await repo.actualizarBanner(o.tx, o.id, o.body, o.user.usuario);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const k of ['titulo', 'enlace', 'ubicacion', 'orden', 'vigente_desde', 'vigente_hasta', 'activo'] as const)
    if (antes[k] !== o.body[k]) cambios[k] = { antes: antes[k], despues: o.body[k] };
  await auditar(o, ENTIDAD_BANNER, 'modificar', o.id, cambios);
  return bannerOError(o.tx, o.id);
}

export async function borrarBanner(o: Escritura & { id: number }) {
  const b = await bannerOError(o.tx, o.id);
  await repo.borrarBanner(o.tx, o.id);
  await auditar(o, ENTIDAD_BANNER, 'eliminar', o.id, { banner: { antes: b.titulo, despues: null } });
  return { id: o.id };
}
