import { CODES } from '@predio/contract/codes';
import { hasIdm } from '@predio/contract/menu';
import {
  DOCUMENTO_CLIENTE_MAX_MB,
  ETIQUETAS_VISIBLE_PARA,
  IDM_CATEGORIAS_DOCUMENTOS_CLIENTES,
  TIPO_CARTA_DOCUMENTO_CLIENTE,
  type CategoriaDocumentoCliente,
  type CompartirDocumento,
  type DocumentoCliente,
  type DocumentoPortal,
  type DocumentosClientesQuery,
  type DocumentosPortal,
  type OpcionesDocumentosClientes,
  type SubirDocumentoPortal,
} from '@predio/contract/zona-clientes';
import type { Database, Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import * as archivos from '../../platform/archivos/archivos.service.ts';
import * as archivosRepo from '../../platform/archivos/archivos.repo.ts';
import { registrarDueno, type Categoria } from '../../platform/archivos/duenos.ts';
import type { ClientePortal } from '../../platform/auth/portal.ts';
import { principalSinSesion, type Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { inTenant, type Scope } from '../../platform/tenant.ts';
import * as repo from './documentos.repo.ts';
import * as zonaRepo from './zona-clientes.repo.ts';
import { exigirAutorizacion, leerConfig, seccionesDe } from './zona-clientes.service.ts';

export const TIPO_DUENO_DOCUMENTO = repo.TIPO_DUENO_DOCUMENTO;
export const ENTIDAD_DOCUMENTO = 'documento_cliente';
const IDM = IDM_CATEGORIAS_DOCUMENTOS_CLIENTES;

type Aviso = Scope & { hub: Hub; mailer: Despertador };
type Staff = { tx: Tx; user: Principal; ip: string };
type Avisos = { mailer: Despertador };
type Escritura = Staff & { storage: Storage; onCommit: (fn: () => void) => void };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TIPOS_DOCUMENTO = ['application/pdf', 'image/jpeg', 'image/png', DOCX];

/** One file per document: PDF, JPG, PNG or DOCX by its bytes (a text renamed .pdf is 415), 20 MB at most. */
export const CATEGORIA_DOCUMENTO: Categoria = {
  maxBytes: DOCUMENTO_CLIENTE_MAX_MB * 1024 * 1024,
  maxPorDueno: 1,
  plural: 'archivos',
  tipo: ({ nombre, detectado }) => {
    if (detectado && TIPOS_DOCUMENTO.includes(detectado)) return detectado;
    throw new AppError(
      CODES.ARCHIVO_INVALIDO,
      `file: «${nombre}» no es un PDF, una imagen JPG o PNG ni un documento de Word (DOCX).`,
    );
  },
};

/** Staff see and delete the files through platform/archivos too (download links use its cookie route). */
export function registrarDuenoDocumento(): void {
  registrarDueno({
    tipo: TIPO_DUENO_DOCUMENTO,
    nombre: 'El documento',
    leer: [IDM],
    escribir: [IDM],
    resolver: async (tx, clave) => {
      const n = Number(clave);
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
      return (await repo.existe(tx, n)) ? String(n) : null;
    },
    categorias: { documento: CATEGORIA_DOCUMENTO },
    categoriaPorDefecto: 'documento',
    entidadAuditoria: ENTIDAD_DOCUMENTO,
  });
}

// ---- Staff (10525) ----

export const categorias = (o: { tx: Tx }): Promise<CategoriaDocumentoCliente[]> => repo.categorias(o.tx);

export async function opciones(o: { tx: Tx }): Promise<OpcionesDocumentosClientes> {
  return { categorias: await repo.categorias(o.tx), clientes: await repo.clientesPortal(o.tx) };
}

/** «El cliente puede subir»: the one setting of a category the master's form does not edit. */
export async function cambiarSubida(o: Staff & { id: number; puede: boolean }): Promise<CategoriaDocumentoCliente> {
  const antes = await repo.categoria(o.tx, o.id);
  if (!antes) throw noEncontrado(`La categoría de documentos ${o.id}`);
  await repo.ponerSubida(o.tx, o.id, o.puede, o.user.usuario);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'modificar',
    entidad: 'categoriasdocumentosclientes',
    entidadId: String(o.id),
    cambios: { cliente_puede_subir: { antes: antes.cliente_puede_subir, despues: o.puede } },
    ip: o.ip,
  });
  return (await repo.categoria(o.tx, o.id))!;
}

export const listar = (o: { tx: Tx; query: DocumentosClientesQuery }) => repo.listar(o.tx, o.query);

const paraQuien = (c: CategoriaDocumentoCliente) => ETIQUETAS_VISIBLE_PARA[c.visible_para].toLowerCase();

/** The query of a share, checked against the company's records; each mistake names its field. */
async function validarCompartir(
  tx: Tx,
  q: CompartirDocumento,
): Promise<{ categoria: CategoriaDocumentoCliente; idTercero: number | null; idInmueble: number | null }> {
  const categoria = await repo.categoria(tx, q.id_categoria);
  if (!categoria || !categoria.activo)
    throw invalido('id_categoria', 'El campo Categoría no es una categoría de documentos activa de esta empresa');
  let idInmueble: number | null = null;
  if (q.inmueble !== undefined) {
    const i = await repo.inmueblePorConsecutivo(tx, q.inmueble);
    if (!i) throw invalido('inmueble', 'El campo Inmueble no es un inmueble de esta empresa');
    idInmueble = i.id;
  }
  if (q.id_tercero !== undefined) {
    const nombre = await repo.nombreTercero(tx, q.id_tercero);
    if (nombre === null) throw invalido('id_tercero', 'El campo Cliente no es un tercero de esta empresa');
    if (categoria.visible_para !== 'todos') {
      const roles = await repo.rolesDe(tx, q.id_tercero);
      if (!roles.some((r) => r.para === categoria.visible_para))
        throw invalido(
          'id_categoria',
          `El campo Categoría: «${categoria.nombre}» solo la ven ${paraQuien(categoria)}, y ${nombre} no es uno de ellos`,
        );
    }
  }
  return { categoria, idTercero: q.id_tercero ?? null, idInmueble };
}

/**
 * Before the request's transaction: checks the share, writes the document's row (committed, so the
 * upload has an owner) and streams the file in. A refused or failed upload deletes the row again; a row
 * left without a file is shown to nobody (lists join its file).
 */
export async function recibirCompartido(o: {
  db: Database;
  storage: Storage;
  user: Principal;
  cuota: archivos.Cuota;
  query: CompartirDocumento;
  partes: archivos.Partes;
}): Promise<{ id: number; subida: archivos.Subida }> {
  const id = await inTenant(o.db, o.user.idEmpresa, async ({ tx }) => {
    const v = await validarCompartir(tx, o.query);
    return repo.crear(tx, {
      idCategoria: v.categoria.id,
      titulo: o.query.titulo,
      idTercero: v.idTercero,
      idInmueble: v.idInmueble,
      subidoPorCliente: false,
      idCliente: null,
      usuario: o.user.usuario,
    });
  });
  return recibirPara(o, id);
}

async function recibirPara(
  o: { db: Database; storage: Storage; user: Principal; cuota: archivos.Cuota; partes: archivos.Partes },
  id: number,
): Promise<{ id: number; subida: archivos.Subida }> {
  try {
    const subida = await archivos.recibir({
      db: o.db,
      storage: o.storage,
      user: o.user,
      cuota: o.cuota,
      tipo: TIPO_DUENO_DOCUMENTO,
      clave: String(id),
      categoria: 'documento',
      partes: o.partes,
    });
    return { id, subida };
  } catch (e) {
    await inTenant(o.db, o.user.idEmpresa, ({ tx }) => repo.borrar(tx, id)).catch(() => undefined);
    throw e;
  }
}

async function registrarArchivo(o: Escritura & { cuota: archivos.Cuota; id: number; subida: archivos.Subida }): Promise<void> {
  await archivos.registrar({
    tx: o.tx,
    onCommit: o.onCommit,
    user: o.user,
    ip: o.ip,
    storage: o.storage,
    cuota: o.cuota,
    tipo: TIPO_DUENO_DOCUMENTO,
    clave: String(o.id),
    categoria: 'documento',
    subida: o.subida,
  });
}

/**
 * E-mails each portal client who sees a newly shared document (by the portal's own query, and with
 * Documentos among their sections), when the company has «Avisar al cliente por correo» on.
 */
async function avisarCompartido(o: Escritura & Avisos & { urlBase: string }, d: DocumentoCliente): Promise<number> {
  const cfg = await leerConfig(o);
  if (!cfg.activo || !cfg.avisar_cliente) return 0;
  const empresa = await zonaRepo.nombreEmpresa(o.tx);
  let n = 0;
  for (const c of await repo.clientesAvisables(o.tx, { idTercero: d.id_tercero, idInmueble: d.id_inmueble })) {
    if ((await repo.paraCliente(o.tx, c.id_tercero, d.id)).length === 0) continue;
    if (!(await seccionesDe({ tx: o.tx, idTercero: c.id_tercero, cfg })).includes('documentos')) continue;
    await encolarCorreo(o, {
      para: c.email,
      asunto: `${empresa || 'Su inmobiliaria'}: compartimos con usted «${d.titulo}»`,
      texto: [
        `${c.nombre}:`,
        `${empresa || 'La inmobiliaria'} compartió con usted el documento «${d.titulo}» (${d.categoria})${d.inmueble ? `, de ${d.inmueble}` : ''}.`,
        `Descárguelo en su zona clientes: ${o.urlBase}/zona-clientes/${o.user.idEmpresa}`,
      ].join('\n\n'),
      origen: 'zona_clientes',
      idUsuario: o.user.idUsuario || null,
      entidad: ENTIDAD_DOCUMENTO,
      entidadId: String(d.id),
    });
    n++;
  }
  return n;
}

export async function compartir(
  o: Escritura & Avisos & { cuota: archivos.Cuota; prep: { id: number; subida: archivos.Subida }; urlBase: string },
): Promise<DocumentoCliente> {
  await registrarArchivo({ ...o, id: o.prep.id, subida: o.prep.subida });
  const d = (await repo.documento(o.tx, o.prep.id))!;
  await avisarCompartido(o, d);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'compartir',
    entidad: ENTIDAD_DOCUMENTO,
    entidadId: String(d.id),
    cambios: {
      titulo: { antes: null, despues: d.titulo },
      categoria: { antes: null, despues: d.categoria },
      para: { antes: null, despues: d.tercero ?? `clientes del inmueble ${d.inmueble_consecutivo}` },
    },
    ip: o.ip,
  });
  return d;
}

export async function eliminar(o: Escritura & { id: number }): Promise<{ id: number }> {
  const d = await repo.documento(o.tx, o.id);
  if (!d) throw noEncontrado(`El documento ${o.id}`);
  const claves = await archivosRepo.borrarDeDueno(o.tx, TIPO_DUENO_DOCUMENTO, String(o.id));
  await repo.borrar(o.tx, o.id);
  archivos.deleteOnCommit(o, claves);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'eliminar',
    entidad: ENTIDAD_DOCUMENTO,
    entidadId: String(o.id),
    cambios: { titulo: { antes: d.titulo, despues: null }, archivo: { antes: d.archivo.nombre, despues: null } },
    ip: o.ip,
  });
  return { id: o.id };
}

// ---- Portal: a client's own ----

/** Who the platform's files see acting for a portal client uploading a document. */
function comoPrincipal(c: ClientePortal): Principal {
  return principalSinSesion({ idEmpresa: c.idEmpresa, usuario: `zona clientes: ${c.email}`, permisos: String(IDM), jti: c.jti });
}

/** The categories a client sees: for every client, or for a kind of client they are (of any property). */
async function categoriasDelCliente(tx: Tx, idTercero: number) {
  const paras = new Set((await repo.rolesDe(tx, idTercero)).map((r) => r.para));
  return (await repo.categorias(tx)).filter((c) => c.visible_para === 'todos' || paras.has(c.visible_para));
}

export async function documentosPortal(o: { tx: Tx; cliente: ClientePortal }): Promise<DocumentosPortal> {
  await exigirAutorizacion(o);
  const documentos = await repo.paraCliente(o.tx, o.cliente.idTercero);
  const conDocumentos = new Set(documentos.map((d) => d.id_categoria));
  const categorias = (await categoriasDelCliente(o.tx, o.cliente.idTercero))
    .filter((c) => c.activo || conDocumentos.has(c.id))
    .map((c) => ({ id: c.id, nombre: c.nombre, descripcion: c.descripcion, puede_subir: c.activo && c.cliente_puede_subir }));
  return { categorias, documentos };
}

/** The file of a document the client may see; any other (another client's, another company's) is not found. */
export async function archivoPortal(o: { tx: Tx; cliente: ClientePortal; id: number }) {
  await exigirAutorizacion(o);
  const [d] = await repo.paraCliente(o.tx, o.cliente.idTercero, o.id);
  const f = d ? await archivosRepo.deDueno(o.tx, TIPO_DUENO_DOCUMENTO, String(d.id), d.archivo.id) : null;
  if (!f) throw noEncontrado(`El documento ${o.id}`);
  return f;
}

/** Before the transaction: checks the category and the property are the client's to use, then streams the file. */
export async function recibirDelCliente(o: {
  db: Database;
  storage: Storage;
  cuota: archivos.Cuota;
  cliente: ClientePortal;
  query: SubirDocumentoPortal;
  partes: archivos.Partes;
}): Promise<{ id: number; subida: archivos.Subida }> {
  const c = o.cliente;
  const id = await inTenant(o.db, c.idEmpresa, async ({ tx }) => {
    await exigirAutorizacion({ tx, cliente: c });
    const cat = (await categoriasDelCliente(tx, c.idTercero)).find((x) => x.id === o.query.id_categoria);
    if (!cat || !cat.activo || !cat.cliente_puede_subir)
      throw invalido('id_categoria', 'El campo Categoría no es una categoría en la que usted pueda subir documentos');
    let idInmueble: number | null = null;
    if (o.query.id_inmueble !== undefined) {
      const suyos = await zonaRepo.inmueblesDe(tx, c.idTercero);
      if (!suyos.some((i) => i.id === o.query.id_inmueble))
        throw invalido('id_inmueble', 'El campo Inmueble no es uno de sus inmuebles');
      idInmueble = o.query.id_inmueble;
    }
    return repo.crear(tx, {
      idCategoria: cat.id,
      titulo: o.query.titulo,
      idTercero: c.idTercero,
      idInmueble,
      subidoPorCliente: true,
      idCliente: c.idCliente,
      usuario: `zona clientes: ${c.email}`,
    });
  });
  return recibirPara({ ...o, user: comoPrincipal(c) }, id);
}

/** Staff who receive notice 702: active users with Categorías de documentos (10525). */
async function quienesReciben(tx: Tx) {
  return (await zonaRepo.usuarios(tx)).filter((u) => u.activo && hasIdm(u.permisos, IDM));
}

export async function subirDelCliente(
  o: Aviso & {
    cliente: ClientePortal;
    ip: string;
    storage: Storage;
    onCommit: (fn: () => void) => void;
    cuota: archivos.Cuota;
    prep: { id: number; subida: archivos.Subida };
  },
): Promise<DocumentoPortal> {
  await registrarArchivo({ ...o, user: comoPrincipal(o.cliente), id: o.prep.id, subida: o.prep.subida });
  const [d] = await repo.paraCliente(o.tx, o.cliente.idTercero, o.prep.id);
  if (!d) throw noEncontrado(`El documento ${o.prep.id}`);
  for (const u of await quienesReciben(o.tx))
    await notificar(o, {
      idEmpresa: o.cliente.idEmpresa,
      idUsuario: u.id,
      tipoCarta: TIPO_CARTA_DOCUMENTO_CLIENTE,
      titulo: `Documento cargado por ${o.cliente.nombre}`,
      cuerpo: `${o.cliente.nombre} subió «${d.titulo}» (${d.categoria})${d.inmueble ? ` sobre ${d.inmueble}` : ''}.`,
      enlace: '/zonaclientes/categoriasdocumentosclientes?pestana=documentos&origen=cliente',
    });
  return d;
}
