import { CODES } from '@predio/contract/codes';
import { hasIdm } from '@predio/contract/menu';
import type { Tx } from '../../db/client.ts';
import type { Principal } from '../auth/principal.ts';
import type { FilaArchivo } from './archivos.repo.ts';
import { AppError, invalido, noEncontrado, sinPermiso } from '../errors/app-error.ts';

/** What one category of an owner's files accepts (a property's «documento», a cita's «adjunto»). */
export type Categoria = {
  /** Largest file, in bytes: the request is cut off past it (each use has its own limit). */
  maxBytes: number;
  /** Most files of this category one owner may have. */
  maxPorDueno?: number;
  /** The category's files in a message: «documentos». */
  plural?: string;
  /**
   * The stored content type, from the file's name and its first bytes (up to 64 KB), or an AppError to
   * refuse it. Without it, any file is accepted with the type `file-type` reads from its bytes
   * (application/octet-stream when it knows none).
   */
  tipo?: (o: { nombre: string; cabeza: Buffer; detectado: string | null }) => string;
  /** Listed newest first (documents) instead of in their order (photos). */
  recientesPrimero?: boolean;
  /**
   * Rewrites the file once it is received whole (a photo re-encoded without its metadata): the stored
   * bytes, name and type become what it answers. Throws an AppError to refuse the file.
   */
  procesar?: (o: { nombre: string; contenido: Buffer }) => Promise<{ nombre: string; contentType: string; contenido: Buffer }>;
  /**
   * Written only by its module's own code (a radicado's previous versions): the generic routes list and
   * download its files but neither upload to it nor delete from it.
   */
  interna?: boolean;
};

const TIPOS_FOTO = ['image/jpeg', 'image/png', 'image/webp'];

/** Photos taken on a phone (an inventory item, a repair): JPG, PNG or WEBP by their bytes, ten at most. */
export const CATEGORIA_FOTO: Categoria = {
  maxBytes: 15 * 1024 * 1024,
  maxPorDueno: 10,
  plural: 'fotos',
  tipo: ({ detectado }) => {
    if (detectado && TIPOS_FOTO.includes(detectado)) return detectado;
    throw new AppError(CODES.ARCHIVO_INVALIDO, 'file: la foto debe ser una imagen JPG, PNG o WEBP.');
  },
};

/**
 * A kind of record that owns files. A module registers its own once (registrarDueno, from its routes
 * function) and gets /api/archivos/<tipo>/<clave>/… for its records, with the web's <Archivos> component.
 */
export type TipoDueno = {
  tipo: string;
  /** Its name in messages: «El inmueble 12 no existe…». */
  nombre: string;
  /** Menu idms that may see the files (any of them) and that may add or delete them. */
  leer: number[];
  escribir: number[];
  /**
   * The owner's id as stored (archivo.id_dueno) for the key users know (a consecutivo), or null when the
   * caller's company has no such record (runs in the company's transaction: RLS). `escribir` is true when
   * the caller is about to add or delete files and may take a row lock.
   */
  resolver(tx: Tx, clave: string, escribir: boolean): Promise<string | null>;
  /** A check every write makes beside the permission (the record's edit lock); throws to refuse. */
  antesDeEscribir?(o: { tx: Tx; user: Principal; clave: string }): Promise<unknown>;
  /**
   * A check every read (list, download) makes beside the permission, for records a user with the idm
   * may still not see (a task they take no part in); throws to refuse, best as «no existe».
   */
  antesDeLeer?(o: { tx: Tx; user: Principal; clave: string }): Promise<unknown>;
  /**
   * Work an upload's owner does in the transaction that records the file (queueing a job that reads it:
   * a radicado's text extraction), so it exists if and only if the file does.
   */
  despuesDeRegistrar?(o: { tx: Tx; user: Principal; clave: string; archivo: FilaArchivo }): Promise<unknown>;
  /** Work a download does in its transaction (a radicado's history records who downloaded what). */
  alDescargar?(o: { tx: Tx; user: Principal; clave: string; archivo: FilaArchivo }): Promise<unknown>;
  /** A check (or a record) before one file is deleted, knowing which; throws to refuse. */
  antesDeEliminar?(o: { tx: Tx; user: Principal; clave: string; archivo: FilaArchivo }): Promise<unknown>;
  categorias: Record<string, Categoria>;
  /** Used when the request names none. */
  categoriaPorDefecto: string;
  /** The audit log's entity for this owner's changes ('inmuebles'). */
  entidadAuditoria: string;
};

const tipos = new Map<string, TipoDueno>();

/** Registering a type again replaces it (every server built in one process registers its modules). */
export function registrarDueno(t: TipoDueno): void {
  if (!t.categorias[t.categoriaPorDefecto]) throw new Error(`${t.tipo}: la categoría por defecto no está en categorias`);
  tipos.set(t.tipo, t);
}

export function tiposRegistrados(): TipoDueno[] {
  return [...tipos.values()];
}

export function tipoDueno(tipo: string): TipoDueno {
  const t = tipos.get(tipo);
  if (!t) throw noEncontrado(`El tipo de registro «${tipo}»`);
  return t;
}

export function categoriaDe(t: TipoDueno, categoria: string | undefined): [string, Categoria] {
  const nombre = categoria ?? t.categoriaPorDefecto;
  const c = t.categorias[nombre];
  if (!c)
    throw invalido(
      'categoria',
      `«${nombre}» no es una categoría de archivos de ${t.tipo} (${Object.keys(t.categorias).join(', ')})`,
    );
  return [nombre, c];
}

/** A category its module writes by itself refuses the generic upload and delete (400 naming categoria). */
export function escribible(t: TipoDueno, nombre: string, c: Categoria): void {
  if (c.interna)
    throw invalido('categoria', `Los archivos «${nombre}» de ${t.nombre.toLowerCase()} no se suben ni se eliminan aquí`);
}

export function exigir(user: Principal, idms: number[]): void {
  if (!idms.some((idm) => hasIdm(user.permisos, idm))) throw sinPermiso();
}

export async function resolverOError(t: TipoDueno, tx: Tx, clave: string, escribir: boolean): Promise<string> {
  const id = await t.resolver(tx, clave, escribir);
  if (id === null) throw noEncontrado(`${t.nombre} ${clave}`);
  return id;
}
