import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { CODES } from '@predio/contract/codes';
import { tamanoLegible, type ArchivoRegistro, type UsoArchivos } from '@predio/contract/archivos';
import type { Database, Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../audit.ts';
import type { Principal } from '../auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../errors/app-error.ts';
import { YA_RESPONDIDO } from '../http/route.ts';
import type { CarpetaArchivos } from '../storage/sin-uso.ts';
import type { Storage } from '../storage/storage.ts';
import * as repo from './archivos.repo.ts';
import { contadorDeMemoria } from './memoria.ts';
import { categoriaDe, escribible, exigir, resolverOError, tipoDueno, type Categoria, type TipoDueno } from './duenos.ts';

/** What a category's `tipo` check and the type sniffing see of a file: its first bytes. */
const CABEZA_BYTES = 64 * 1024;
const DESCRIPCION_MAX = 500;

export type Parte = MultipartFile | { type: 'field'; fieldname: string; value: unknown };
export type Partes = (opts: { limits: { files: number; fileSize: number } }) => AsyncIterableIterator<Parte>;

/** A file stored by `recibir`, not yet recorded: `registrar` writes its row, or it is deleted. */
export type Subida = {
  clave: string;
  nombre: string;
  descripcion: string;
  contentType: string;
  bytes: number;
  sha256: string;
  /** The extra multipart fields the caller asked `recibir` for (a new version's motivo). */
  campos?: Record<string, string>;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export const aRegistro = (f: repo.FilaArchivo): ArchivoRegistro => ({
  id: f.id,
  categoria: f.categoria,
  orden: f.orden,
  nombre: f.nombre,
  descripcion: f.descripcion,
  content_type: f.contentType,
  bytes: Number(f.bytes),
  sha256: f.sha256,
  creado_por: f.creadoPor,
  creado_en: iso(f.creadoEn),
});

/** A file name for messages and storage rows: no folders, no control characters, at most 200 characters. */
export function nombreArchivo(nombre: string | undefined, porDefecto: string): string {
  const limpio = (nombre ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (limpio || porDefecto).slice(-200);
}

const demasiadoGrande = (nombre: string, maxBytes: number) =>
  new AppError(CODES.ARCHIVO_GRANDE, `file: «${nombre}» supera el tamaño máximo de ${tamanoLegible(maxBytes)}.`);

export const cuotaAgotada = (usados: number, limite: number) =>
  new AppError(
    CODES.ARCHIVO_GRANDE,
    `file: la empresa ya usa ${tamanoLegible(usados)} de los ${tamanoLegible(limite)} de archivos que tiene contratados; elimine archivos que ya no necesite o pida ampliar el espacio.`,
  );

/**
 * Passes the bytes through while hashing and counting them; holds back the first CABEZA_BYTES until
 * `alCabeza` has checked them (the type), and fails as soon as more than `maxBytes` went by, so a file
 * too large or of a refused type is cut off early and never stored whole.
 */
class Medidor extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  private readonly liberar = contadorDeMemoria();
  private cabeza: Buffer[] = [];
  private cabezaBytes = 0;
  private revisada = false;
  constructor(
    private readonly maxBytes: number,
    private readonly excedido: () => Error,
    private readonly alCabeza: (cabeza: Buffer) => Promise<void>,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return cb(this.excedido());
    this.liberar(chunk.length);
    this.hash.update(chunk);
    if (this.revisada) return cb(null, chunk);
    this.cabeza.push(chunk);
    this.cabezaBytes += chunk.length;
    if (this.cabezaBytes < CABEZA_BYTES) return cb();
    this.soltarCabeza(cb);
  }
  override _flush(cb: TransformCallback): void {
    if (this.revisada) return cb();
    this.soltarCabeza(cb);
  }
  private soltarCabeza(cb: TransformCallback): void {
    const cabeza = Buffer.concat(this.cabeza);
    this.cabeza = [];
    this.revisada = true;
    this.alCabeza(cabeza).then(
      () => cb(null, cabeza),
      (e: unknown) => cb(e as Error),
    );
  }
}

/** The company's limit in bytes: the setting ARCHIVOS_CUOTA_MB (null: no limit). */
export type Cuota = { limiteBytes: number | null };

async function usoYLimite(tx: Tx, cuota: Cuota): Promise<{ usados: number; libre: number }> {
  const { bytes } = await repo.uso(tx);
  return { usados: bytes, libre: cuota.limiteBytes === null ? Infinity : cuota.limiteBytes - bytes };
}

async function tipoDeContenido(c: Categoria, nombre: string, cabeza: Buffer): Promise<string> {
  const detectado = (await fileTypeFromBuffer(cabeza).catch(() => undefined))?.mime ?? null;
  if (c.tipo) return c.tipo({ nombre, cabeza, detectado });
  return detectado ?? 'application/octet-stream';
}

/**
 * Receives one upload as a stream (before the request's transaction, in defineRoute's prepare): checks
 * the permission, that the owner is the company's and the quota, then streams the `file` part through
 * SHA-256 and a size limit into storage. Only the first 64 KB are ever held in memory.
 */
export async function recibir(o: {
  db: Database;
  storage: Storage;
  user: Principal;
  cuota: Cuota;
  tipo: string;
  clave: string;
  categoria: string | undefined;
  partes: Partes;
  /** Other text fields to keep (at most 2,000 characters each), besides descripcion. */
  campos?: string[];
}): Promise<Subida> {
  const t = tipoDueno(o.tipo);
  exigir(o.user, t.escribir);
  const [nombreCat, cat] = categoriaDe(t, o.categoria);
  escribible(t, nombreCat, cat);
  // A short transaction before any byte is read: a stranger's record or a full quota costs no upload.
  const { usados, libre } = await o.db.tenant(o.user.idEmpresa, async (tx) => {
    await resolverOError(t, tx, o.clave, false);
    await t.antesDeEscribir?.({ tx, user: o.user, clave: o.clave });
    return usoYLimite(tx, o.cuota);
  });
  if (libre <= 0) throw cuotaAgotada(usados, o.cuota.limiteBytes!);
  const max = Math.min(cat.maxBytes, libre);
  let descripcion = '';
  const campos: Record<string, string> = {};
  let subida: Subida | null = null;
  for await (const part of o.partes({ limits: { files: 1, fileSize: max + 1 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'descripcion' && typeof part.value === 'string') {
        descripcion = part.value.trim();
        if (descripcion.length > DESCRIPCION_MAX) throw invalido('descripcion', `admite máximo ${DESCRIPCION_MAX} caracteres`);
      } else if (o.campos?.includes(part.fieldname) && typeof part.value === 'string') {
        if (part.value.length > 2000) throw invalido(part.fieldname, 'admite máximo 2.000 caracteres');
        campos[part.fieldname] = part.value;
      }
      continue;
    }
    if (part.fieldname !== 'file' || subida) {
      part.file.resume();
      continue;
    }
    const nombre = nombreArchivo(part.filename, 'archivo');
    const clave = `${o.user.idEmpresa}/archivos/${randomUUID()}`;
    let contentType = 'application/octet-stream';
    const medidor = new Medidor(
      max,
      () => (max < cat.maxBytes ? cuotaAgotada(usados, o.cuota.limiteBytes!) : demasiadoGrande(nombre, cat.maxBytes)),
      async (cabeza) => {
        if (cabeza.length === 0) throw invalido('file', `«${nombre}» está vacío`);
        contentType = await tipoDeContenido(cat, nombre, cabeza);
      },
    );
    // The request's stream and the meter fail together; the storage driver sees the failure and keeps
    // nothing. The error reaches this function through putStream, so the streams' own events are quiet.
    medidor.on('error', () => undefined);
    pipeline(part.file, medidor, () => undefined);
    try {
      await o.storage.putStream(clave, medidor);
    } catch (e) {
      part.file.resume();
      const code = (e as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw demasiadoGrande(nombre, cat.maxBytes);
      throw e;
    }
    // Busboy stops at its own limit without an error when the stream is not read to the end by it.
    if (part.file.truncated) {
      await o.storage.delete(clave).catch(() => undefined);
      throw demasiadoGrande(nombre, cat.maxBytes);
    }
    subida = { clave, nombre, descripcion, contentType, bytes: medidor.bytes, sha256: medidor.hash.digest('hex') };
    if (cat.procesar) subida = await procesarSubida(o.storage, cat.procesar, subida);
  }
  if (!subida) throw invalido('file', 'adjunte el archivo en el campo file');
  // A description sent after the file still counts.
  return { ...subida, descripcion, campos };
}

/**
 * A category that rewrites its files (procesar): the stored bytes are read back whole (they passed the
 * size limit already), rewritten in place, and the upload describes the result. A refusal deletes them.
 */
async function procesarSubida(storage: Storage, procesar: NonNullable<Categoria['procesar']>, s: Subida): Promise<Subida> {
  try {
    const contenido = await storage.get(s.clave);
    if (!contenido) throw noEncontrado(`El archivo recibido «${s.nombre}»`);
    const r = await procesar({ nombre: s.nombre, contenido });
    await storage.put(s.clave, r.contenido);
    return {
      ...s,
      nombre: r.nombre,
      contentType: r.contentType,
      bytes: r.contenido.length,
      sha256: createHash('sha256').update(r.contenido).digest('hex'),
    };
  } catch (e) {
    await storage.delete(s.clave).catch(() => undefined);
    throw e;
  }
}

/**
 * For the nightly unused-files job (platform/storage/sin-uso.ts): a file streamed in by a process that
 * died before its row was written is deleted the next night.
 */
export const CARPETA_ARCHIVOS: CarpetaArchivos = { carpeta: 'archivos', enUso: repo.nombresEnUso };

type Escritura = { tx: Tx; user: Principal; ip: string; storage: Storage; onCommit: (fn: () => void) => void };

/** Removes stored files once the rows that pointed at them are gone for good. */
export function deleteOnCommit(o: Pick<Escritura, 'storage' | 'onCommit'>, claves: string[]): void {
  o.onCommit(() => Promise.all(claves.map((k) => o.storage.delete(k).catch(() => undefined))));
}

/**
 * Records an upload received by `recibir` in the request's transaction (the owner, its lock and the
 * quota are checked again: they may have changed while the bytes came). On any failure the stored file
 * is deleted.
 */
export async function registrar(
  o: Escritura & { cuota: Cuota; tipo: string; clave: string; categoria: string | undefined; subida: Subida },
  auditar: { accion: string; campo: string } = { accion: 'subir archivo', campo: 'archivos' },
): Promise<repo.FilaArchivo> {
  try {
    const t = tipoDueno(o.tipo);
    exigir(o.user, t.escribir);
    const [categoria, cat] = categoriaDe(t, o.categoria);
    escribible(t, categoria, cat);
    const id = await resolverOError(t, o.tx, o.clave, true);
    await t.antesDeEscribir?.({ tx: o.tx, user: o.user, clave: o.clave });
    const dueno = { tipo: t.tipo, id, categoria };
    if (cat.maxPorDueno !== undefined && (await repo.contar(o.tx, dueno)) >= cat.maxPorDueno)
      throw invalido(
        'file',
        `${t.nombre.toLowerCase()} ya tiene ${cat.maxPorDueno} ${cat.plural ?? `archivos de ${categoria}`}, el máximo; elimine alguno antes de subir otro`,
      );
    if (o.cuota.limiteBytes !== null) {
      // Two uploads of one company finishing together must not both fit in the last free bytes.
      await repo.bloquearCuota(o.tx);
      const { usados, libre } = await usoYLimite(o.tx, o.cuota);
      if (o.subida.bytes > libre) throw cuotaAgotada(usados, o.cuota.limiteBytes);
    }
    const [fila] = await repo.agregar(o.tx, dueno, [
      {
        nombre: o.subida.nombre,
        descripcion: o.subida.descripcion,
        contentType: o.subida.contentType,
        bytes: o.subida.bytes,
        sha256: o.subida.sha256,
        clave: o.subida.clave,
        creadoPor: o.user.usuario,
      },
    ]);
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: auditar.accion,
      entidad: t.entidadAuditoria,
      entidadId: o.clave,
      cambios: { [auditar.campo]: { antes: null, despues: `${fila!.id}: ${fila!.nombre}` } },
      ip: o.ip,
    });
    await t.despuesDeRegistrar?.({ tx: o.tx, user: o.user, clave: o.clave, archivo: fila! });
    return fila!;
  } catch (e) {
    await o.storage.delete(o.subida.clave).catch(() => undefined);
    throw e;
  }
}

/**
 * Puts a new file in the place of one of the owner's (a radicado's document gets a new version): the row
 * keeps its id and takes the new bytes, name and author; the previous bytes stay, never overwritten, as a
 * new row of `categoriaAnterior` (same stored key) that the caller numbers. Checked like `registrar` (the
 * permission, the owner, its lock, the quota); on any failure the new stored file is deleted. The row is
 * rewritten in place, so links to the file give its newest version.
 */
export async function sustituir(
  o: Escritura & { cuota: Cuota; tipo: string; clave: string; id: number; categoriaAnterior: string; subida: Subida },
): Promise<{ anterior: repo.FilaArchivo; actual: repo.FilaArchivo }> {
  try {
    const t = tipoDueno(o.tipo);
    exigir(o.user, t.escribir);
    categoriaDe(t, o.categoriaAnterior);
    const idDueno = await resolverOError(t, o.tx, o.clave, true);
    await t.antesDeEscribir?.({ tx: o.tx, user: o.user, clave: o.clave });
    const f = await repo.deDueno(o.tx, t.tipo, idDueno, o.id, true);
    if (!f || !t.categorias[f.categoria] || t.categorias[f.categoria]!.interna)
      throw noEncontrado(`El archivo ${o.id} de ${t.nombre.toLowerCase()} ${o.clave}`);
    if (o.cuota.limiteBytes !== null) {
      await repo.bloquearCuota(o.tx);
      const { usados, libre } = await usoYLimite(o.tx, o.cuota);
      if (o.subida.bytes > libre) throw cuotaAgotada(usados, o.cuota.limiteBytes);
    }
    const [anterior] = await repo.agregar(o.tx, { tipo: t.tipo, id: idDueno, categoria: o.categoriaAnterior }, [
      {
        nombre: f.nombre,
        descripcion: f.descripcion,
        contentType: f.contentType,
        bytes: f.bytes,
        sha256: f.sha256,
        clave: f.clave,
        claveMiniatura: f.claveMiniatura,
        ancho: f.ancho,
        alto: f.alto,
        creadoPor: f.creadoPor,
        creadoEn: f.creadoEn,
      },
    ]);
    const actual = await repo.cambiarContenido(o.tx, f.id, {
      nombre: o.subida.nombre,
      contentType: o.subida.contentType,
      bytes: o.subida.bytes,
      sha256: o.subida.sha256,
      clave: o.subida.clave,
      creadoPor: o.user.usuario,
    });
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'nueva versión de archivo',
      entidad: t.entidadAuditoria,
      entidadId: o.clave,
      cambios: { archivos: { antes: `${f.id}: ${f.nombre}`, despues: `${f.id}: ${actual.nombre}` } },
      ip: o.ip,
    });
    // The owner's follow-up (despuesDeRegistrar) is the caller's: a replacement is its own event.
    return { anterior: anterior!, actual };
  } catch (e) {
    await o.storage.delete(o.subida.clave).catch(() => undefined);
    throw e;
  }
}

type Lectura = { tx: Tx; user: Principal; tipo: string; clave: string };

async function duenoParaLeer(o: Lectura, categoria: string | undefined): Promise<[TipoDueno, repo.Dueno, Categoria]> {
  const t = tipoDueno(o.tipo);
  exigir(o.user, t.leer);
  const [nombre, cat] = categoriaDe(t, categoria);
  const id = await resolverOError(t, o.tx, o.clave, false);
  await t.antesDeLeer?.({ tx: o.tx, user: o.user, clave: o.clave });
  return [t, { tipo: t.tipo, id, categoria: nombre }, cat];
}

export async function listar(o: Lectura & { categoria: string | undefined }): Promise<ArchivoRegistro[]> {
  const [, d, cat] = await duenoParaLeer(o, o.categoria);
  return (await repo.listar(o.tx, d, cat.recientesPrimero)).map(aRegistro);
}

/** The row of a file to download (the bytes are streamed after the transaction: enviar). */
export async function guardado(o: Lectura & { id: number; categoria?: string }): Promise<repo.FilaArchivo> {
  const t = tipoDueno(o.tipo);
  exigir(o.user, t.leer);
  const id = await resolverOError(t, o.tx, o.clave, false);
  await t.antesDeLeer?.({ tx: o.tx, user: o.user, clave: o.clave });
  // Any category: the id names the file.
  const f = await repo.deDueno(o.tx, t.tipo, id, o.id);
  // Only the categories the type lists (a property's photos have routes of their own).
  if (!f || !t.categorias[f.categoria] || (o.categoria !== undefined && f.categoria !== o.categoria))
    throw noEncontrado(`El archivo ${o.id} de ${t.nombre.toLowerCase()} ${o.clave}`);
  return f;
}

/** A download: the file's row, after the owner's hook recorded it (a radicado's history). */
export async function descargar(o: Lectura & { id: number }): Promise<repo.FilaArchivo> {
  const f = await guardado(o);
  await tipoDueno(o.tipo).alDescargar?.({ tx: o.tx, user: o.user, clave: o.clave, archivo: f });
  return f;
}

export async function eliminar(
  o: Escritura & { tipo: string; clave: string; id: number; categoria?: string },
  auditar: { accion: string; campo: string } = { accion: 'eliminar archivo', campo: 'archivos' },
): Promise<repo.FilaArchivo> {
  const t = tipoDueno(o.tipo);
  exigir(o.user, t.escribir);
  const id = await resolverOError(t, o.tx, o.clave, true);
  await t.antesDeEscribir?.({ tx: o.tx, user: o.user, clave: o.clave });
  const f = await guardado({ ...o, tipo: t.tipo });
  escribible(t, f.categoria, t.categorias[f.categoria]!);
  await t.antesDeEliminar?.({ tx: o.tx, user: o.user, clave: o.clave, archivo: f });
  await repo.eliminar(o.tx, { tipo: t.tipo, id, categoria: f.categoria }, f);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: auditar.accion,
    entidad: t.entidadAuditoria,
    entidadId: o.clave,
    cambios: { [auditar.campo]: { antes: `${f.id}: ${f.nombre}`, despues: null } },
    ip: o.ip,
  });
  // A stored file another row shares (a radicado's copy of an inventory's PDF) stays for that row.
  const compartida = await repo.clavesEnUso(o.tx, [f.clave]);
  deleteOnCommit(o, [...(compartida.has(f.clave) ? [] : [f.clave]), ...(f.claveMiniatura ? [f.claveMiniatura] : [])]);
  return f;
}

export async function uso(o: { tx: Tx; cuota: Cuota }): Promise<UsoArchivos> {
  const u = await repo.uso(o.tx);
  return { bytes: u.bytes, archivos: u.archivos, limite_bytes: o.cuota.limiteBytes };
}

/** Passes a download through, freeing its spent chunks as it goes (memoria.ts). */
function liberando(): Transform {
  const liberar = contadorDeMemoria();
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      liberar(chunk.length);
      cb(null, chunk);
    },
  });
}

/** Shown inline by the browser: images it draws safely and PDF. Anything else is downloaded. */
const EN_LINEA = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf']);

/** `filename` in ASCII for old clients and `filename*` in UTF-8 for the real name (RFC 6266). */
export function disposicion(tipo: 'inline' | 'attachment', nombre: string): string {
  const ascii = nombre.replace(/[^\w.-]/g, '_') || 'archivo';
  return `${tipo}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nombre)}`;
}

/**
 * Streams a stored file to the client with its recorded type and size. `descargar` forces a download
 * (the property documents' route always did); otherwise only safe images and PDF open in the browser.
 */
export async function enviar(
  reply: FastifyReply,
  storage: Storage,
  f: Pick<repo.FilaArchivo, 'clave' | 'nombre' | 'contentType'>,
  o: { descargar?: boolean; disposicion?: string } = {},
): Promise<typeof YA_RESPONDIDO> {
  const lectura = await storage.getStream(f.clave);
  if (!lectura) throw noEncontrado(`El contenido del archivo «${f.nombre}»`);
  const enLinea = !o.descargar && EN_LINEA.has(f.contentType);
  await reply
    .header('content-type', f.contentType)
    .header('content-length', lectura.bytes)
    .header('content-disposition', o.disposicion ?? disposicion(enLinea ? 'inline' : 'attachment', f.nombre))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pipeline(lectura.stream, liberando(), () => undefined));
  return YA_RESPONDIDO;
}
