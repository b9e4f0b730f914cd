import { createHash, randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { CODES } from '@predio/contract/codes';
import { hasIdm } from '@predio/contract/menu';
import { IDM_INMUEBLE, IDMS_LECTURA_INMUEBLE } from '@predio/contract/inmuebles';
import {
  DOCUMENTO_MAX_BYTES,
  DOCUMENTO_TIPOS,
  DOCUMENTOS_POR_INMUEBLE,
  esExtensionDocumento,
  extension,
  FICHA_FOTOS_ADICIONALES,
  FOTO_INMUEBLE_MAX_BYTES,
  FOTO_INMUEBLE_MIN_PX,
  FOTO_TAMANOS,
  FOTOS_POR_ENVIO,
  FOTOS_POR_INMUEBLE,
  nombreFicha,
  VIDEO_MAX_BYTES,
  VIDEO_TIPOS,
  VIDEOS_POR_INMUEBLE,
  type DocumentoInmueble,
  type ExtensionDocumento,
  type FotoInmueble,
  type OrdenFotos,
  type TamanoFoto,
} from '@predio/contract/inmuebles-archivos';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria, type Cambios } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado, sinPermiso } from '../../platform/errors/app-error.ts';
import { fotoJpeg } from '../../platform/fotos.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import * as archivos from '../../platform/archivos/archivos.service.ts';
import { registrarDueno } from '../../platform/archivos/duenos.ts';
import { getConfiguracion, leerLogoGuardado } from '../empresa/empresa.service.ts';
import { mapaEstatico } from '../../platform/geo/mapa-estatico.ts';
import * as locks from '../../platform/bloqueos/bloqueos.ts';
import * as repo from './inmuebles-archivos.repo.ts';
import { alGuardarInmueble } from '../portales/portales.service.ts';
import { generarFicha } from './inmuebles-ficha.service.ts';
import { urlInmuebleEnSitio } from '../../platform/http/url-publica.ts';

type Base = { tx: Tx; user: Principal; consecutivo: number };
type Escritura = Base & { ip: string; storage: Storage; onCommit: (fn: () => void) => void };
type Parte = MultipartFile | { type: 'field'; fieldname: string; value: unknown };

const ENTIDAD = 'inmuebles';
const RECURSO_BLOQUEO = 'inmueble';
const MB = 1024 * 1024;
const MAX_PIXELES = 80_000_000;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

// ----- permissions, lock, audit --------------------------------------------------------------------

/**
 * The ficha is also built for other modules' routes (fichas e-mailed to leads, attached to messages),
 * which declare their own permission: it still asks for the property's.
 */
function exigirLectura(user: Principal): void {
  if (!IDMS_LECTURA_INMUEBLE.some((idm) => hasIdm(user.permisos, idm))) throw sinPermiso();
}

async function idOError(tx: Tx, consecutivo: number, escribir = false): Promise<number> {
  const id = await repo.idInmueble(tx, consecutivo, escribir);
  if (id === null) throw noEncontrado(`El inmueble ${consecutivo}`);
  return id;
}

/** A write needs the property free of other users' edit locks (its own lock, or none, is fine). */
const libreDeOtros = (o: { tx: Tx; user: Principal; clave: string }) =>
  locks.libreDeOtros(
    o.tx,
    { recurso: RECURSO_BLOQUEO, clave: o.clave, idUsuario: o.user.idUsuario },
    (usuario, desde) =>
      `El inmueble lo está editando ${usuario} desde ${desde}. No puede cambiar sus fotos ni sus documentos hasta que lo libere.`,
  );

async function paraEscribir(o: Base): Promise<number> {
  const id = await idOError(o.tx, o.consecutivo, true);
  await libreDeOtros({ ...o, clave: String(o.consecutivo) });
  return id;
}

/**
 * A property owns files in platform/archivos by its consecutivo: its documents go through the generic
 * streaming upload and download (here and at /api/archivos/inmueble/<consecutivo>?categoria=documento).
 * Photos are resized on upload (procesarFoto) and keep their own routes.
 */
export function registrarDuenoInmueble(): void {
  registrarDueno({
    tipo: repo.TIPO_DUENO,
    nombre: 'El inmueble',
    leer: [...IDMS_LECTURA_INMUEBLE],
    escribir: [IDM_INMUEBLE],
    resolver: async (tx, clave, escribir) => {
      const n = Number(clave);
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
      const id = await repo.idInmueble(tx, n, escribir);
      return id === null ? null : String(id);
    },
    antesDeEscribir: libreDeOtros,
    categorias: {
      documento: {
        maxBytes: DOCUMENTO_MAX_BYTES,
        maxPorDueno: DOCUMENTOS_POR_INMUEBLE,
        plural: 'documentos',
        tipo: ({ nombre, cabeza }) => DOCUMENTO_TIPOS[validarDocumento(nombre, cabeza)],
        recientesPrimero: true,
      },
      video: {
        maxBytes: VIDEO_MAX_BYTES,
        maxPorDueno: VIDEOS_POR_INMUEBLE,
        plural: 'videos',
        tipo: ({ nombre, detectado }) => {
          if (!detectado || !(VIDEO_TIPOS as readonly string[]).includes(detectado))
            throw new AppError(CODES.ARCHIVO_INVALIDO, `file: «${nombre}» no es un video MP4, MOV o WEBM.`);
          return detectado;
        },
      },
    },
    categoriaPorDefecto: 'documento',
    entidadAuditoria: ENTIDAD,
  });
}

const auditar = (o: Escritura, accion: string, cambios: Cambios) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD,
    entidadId: String(o.consecutivo),
    cambios,
    ip: o.ip,
  });

/** Stores files, runs the database work, and takes the files back if that work fails. */
async function guardandoArchivos<T>(storage: Storage, archivos: [string, Buffer][], fn: () => Promise<T>): Promise<T> {
  const puestas: string[] = [];
  try {
    for (const [clave, buf] of archivos) {
      await storage.put(clave, buf);
      puestas.push(clave);
    }
    return await fn();
  } catch (e) {
    await Promise.all(puestas.map((k) => storage.delete(k).catch(() => undefined)));
    throw e;
  }
}

// ----- reading uploads (before the transaction, see defineRoute's prepare) ----------------------------

/** Fastify-multipart limit errors, with the file's name in Spanish. */
function errorDeLimite(e: unknown, archivo: string, maxBytes: number, maxArchivos: number): unknown {
  const code = (e as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(CODES.ARCHIVO_GRANDE, `file: «${archivo}» supera el tamaño máximo de ${maxBytes / MB} MB.`);
  if (code === 'FST_FILES_LIMIT')
    return new AppError(CODES.ARCHIVO_GRANDE, `file: se pueden enviar máximo ${maxArchivos} archivos a la vez.`);
  return e;
}

async function descartar(part: MultipartFile): Promise<void> {
  await part.toBuffer().catch(() => undefined);
}

export type FotoProcesada = {
  nombre: string;
  miniatura: Buffer;
  grande: Buffer;
  ancho: number;
  alto: number;
  bytes: number;
  /** Of the original as uploaded. */
  sha256: string;
};

/**
 * Decodes the bytes (never the name or the declared type), turns it upright by its EXIF orientation,
 * and writes the two sizes as JPEG without metadata (no GPS position of the owner's home leaks).
 */
export async function procesarFoto(buf: Buffer, nombre: string): Promise<FotoProcesada> {
  const noEsImagen = () =>
    new AppError(
      CODES.ARCHIVO_INVALIDO,
      `file: «${nombre}» no es una imagen válida (se aceptan fotos JPG, PNG, WEBP, HEIC, GIF, AVIF o TIFF).`,
    );
  const {
    jpeg: grande,
    ancho,
    alto,
  } = await fotoJpeg(buf, {
    ladoMax: FOTO_TAMANOS.grande,
    calidad: 82,
    maxPixeles: MAX_PIXELES,
    noEsImagen,
    revisar: (ancho, alto) => {
      if (ancho < FOTO_INMUEBLE_MIN_PX || alto < FOTO_INMUEBLE_MIN_PX)
        throw invalido('file', `«${nombre}» mide ${ancho}×${alto} px; cada lado debe medir al menos ${FOTO_INMUEBLE_MIN_PX} px.`);
    },
  });
  try {
    const miniatura = await sharp(grande)
      .resize({
        width: FOTO_TAMANOS.miniatura,
        height: Math.round(FOTO_TAMANOS.miniatura * 1.5),
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    const sha256 = createHash('sha256').update(buf).digest('hex');
    return { nombre, miniatura, grande, ancho, alto, bytes: buf.length, sha256 };
  } catch {
    throw noEsImagen();
  }
}

/** Reads every `file` part of the upload, one at a time, keeping only the resized sizes in memory. */
export async function leerSubidaFotos(
  parts: (opts: { limits: { files: number; fileSize: number } }) => AsyncIterableIterator<Parte>,
): Promise<FotoProcesada[]> {
  const fotos: FotoProcesada[] = [];
  let actual = '';
  try {
    for await (const part of parts({ limits: { files: FOTOS_POR_ENVIO, fileSize: FOTO_INMUEBLE_MAX_BYTES } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        await descartar(part);
        continue;
      }
      actual = archivos.nombreArchivo(part.filename, `foto-${fotos.length + 1}`);
      const buf = await part.toBuffer();
      if (buf.length === 0) throw invalido('file', `«${actual}» está vacío`);
      fotos.push(await procesarFoto(buf, actual));
    }
  } catch (e) {
    throw errorDeLimite(e, actual, FOTO_INMUEBLE_MAX_BYTES, FOTOS_POR_ENVIO);
  }
  if (fotos.length === 0) throw invalido('file', 'adjunte al menos una foto en el campo file');
  return fotos;
}

const FIRMAS: Record<ExtensionDocumento, (b: Buffer) => boolean> = {
  pdf: (b) => b.subarray(0, 1024).includes('%PDF-'),
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  doc: (b) => b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  xls: (b) => b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  docx: (b) => b.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004' && b.includes('word/'),
  xlsx: (b) => b.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004' && b.includes('xl/'),
};

const TIPOS_LEGIBLES = 'PDF, imágenes JPG, PNG o WEBP, Word (DOC, DOCX) o Excel (XLS, XLSX)';

/** Checks the document's type by its extension and its first bytes (the declared type is not trusted). */
export function validarDocumento(nombre: string, contenido: Buffer): ExtensionDocumento {
  const ext = extension(nombre);
  if (!esExtensionDocumento(ext))
    throw new AppError(CODES.ARCHIVO_INVALIDO, `file: «${nombre}» no es un tipo de documento permitido (${TIPOS_LEGIBLES}).`);
  if (!FIRMAS[ext](contenido))
    throw new AppError(
      CODES.ARCHIVO_INVALIDO,
      `file: el contenido de «${nombre}» no corresponde a un archivo ${ext.toUpperCase()} (¿está dañado o tiene otra extensión?).`,
    );
  return ext;
}

// ----- photos -----------------------------------------------------------------------------------------

const claveFoto = (idEmpresa: number, uuid: string, tamano: TamanoFoto) => `${idEmpresa}/inmueble-fotos/${uuid}-${tamano}.jpg`;

const aFoto = (f: repo.FilaFoto): FotoInmueble => ({
  id: f.id,
  orden: f.orden,
  portada: f.portada,
  ancho: f.ancho,
  alto: f.alto,
  bytes: f.bytes,
  nombre_original: f.nombreOriginal,
  creado_por: f.creadoPor,
  creado_en: iso(f.creadoEn),
});

export async function listarFotos(o: Base): Promise<FotoInmueble[]> {
  return (await repo.fotos(o.tx, await idOError(o.tx, o.consecutivo))).map(aFoto);
}

export async function subirFotos(o: Escritura & { fotos: FotoProcesada[] }): Promise<FotoInmueble[]> {
  const id = await paraEscribir(o);
  const existentes = await repo.fotos(o.tx, id);
  if (existentes.length + o.fotos.length > FOTOS_POR_INMUEBLE)
    throw invalido(
      'file',
      `el inmueble tiene ${existentes.length} fotos y se enviaron ${o.fotos.length}; el máximo es ${FOTOS_POR_INMUEBLE} por inmueble`,
    );
  const filas = o.fotos.map((f) => ({ f, uuid: randomUUID() }));
  const archivos = filas.flatMap(({ f, uuid }): [string, Buffer][] => [
    [claveFoto(o.user.idEmpresa, uuid, 'miniatura'), f.miniatura],
    [claveFoto(o.user.idEmpresa, uuid, 'grande'), f.grande],
  ]);
  const nuevas = await guardandoArchivos(o.storage, archivos, async () => {
    const r = await repo.agregarFotos(
      o.tx,
      id,
      filas.map(({ f, uuid }) => ({
        claveMiniatura: claveFoto(o.user.idEmpresa, uuid, 'miniatura'),
        claveGrande: claveFoto(o.user.idEmpresa, uuid, 'grande'),
        ancho: f.ancho,
        alto: f.alto,
        bytes: f.bytes,
        sha256: f.sha256,
        nombreOriginal: f.nombre,
        creadoPor: o.user.usuario,
      })),
    );
    const portada = r.find((f) => f.portada);
    await auditar(o, 'subir fotos', {
      fotos: { antes: null, despues: r.map((f) => `${f.id}: ${f.nombreOriginal}`) },
      ...(portada ? { portada: { antes: null, despues: portada.id } } : {}),
    });
    return r;
  });
  await alGuardarInmueble(o.tx, id);
  return nuevas.map(aFoto);
}

export async function ordenarFotos(o: Escritura & { body: OrdenFotos }): Promise<FotoInmueble[]> {
  const id = await paraEscribir(o);
  const antes = await repo.fotos(o.tx, id);
  const actuales = new Set(antes.map((f) => f.id));
  const { ids } = o.body;
  const ajenas = ids.filter((x) => !actuales.has(x));
  if (ajenas.length > 0) throw invalido('ids', `las fotos ${ajenas.join(', ')} no son de este inmueble`);
  if (ids.length !== antes.length)
    throw invalido('ids', `debe incluir las ${antes.length} fotos del inmueble (se enviaron ${ids.length})`);
  const ordenAntes = antes.map((f) => f.id);
  if (ordenAntes.join(',') === ids.join(',')) return antes.map(aFoto);
  await repo.ordenar(o.tx, id, ids);
  await auditar(o, 'ordenar fotos', { orden_fotos: { antes: ordenAntes, despues: ids } });
  await alGuardarInmueble(o.tx, id);
  return (await repo.fotos(o.tx, id)).map(aFoto);
}

export async function usarComoPortada(o: Escritura & { id: number }): Promise<FotoInmueble[]> {
  const idInm = await paraEscribir(o);
  const f = await repo.foto(o.tx, idInm, o.id);
  if (!f) throw noEncontrado(`La foto ${o.id} del inmueble ${o.consecutivo}`);
  if (!f.portada) {
    const anterior = await repo.portada(o.tx, idInm);
    await repo.cambiarPortada(o.tx, idInm, f.id);
    await auditar(o, 'cambiar portada', { portada: { antes: anterior?.id ?? null, despues: f.id } });
    await alGuardarInmueble(o.tx, idInm);
  }
  return (await repo.fotos(o.tx, idInm)).map(aFoto);
}

export async function eliminarFoto(o: Escritura & { id: number }): Promise<FotoInmueble[]> {
  const idInm = await paraEscribir(o);
  const f = await repo.foto(o.tx, idInm, o.id);
  if (!f) throw noEncontrado(`La foto ${o.id} del inmueble ${o.consecutivo}`);
  const nuevaPortada = await repo.eliminarFoto(o.tx, idInm, f);
  await auditar(o, 'eliminar foto', {
    fotos: { antes: `${f.id}: ${f.nombreOriginal}`, despues: null },
    ...(f.portada ? { portada: { antes: f.id, despues: nuevaPortada } } : {}),
  });
  archivos.deleteOnCommit(o, [f.claveMiniatura, f.claveGrande]);
  await alGuardarInmueble(o.tx, idInm);
  return (await repo.fotos(o.tx, idInm)).map(aFoto);
}

export type ImagenGuardada = { clave: string };

/** Where a photo size is stored; the bytes are read after the transaction (see the routes). */
export async function claveDeFoto(o: Base & { id: number; tamano: TamanoFoto }): Promise<string> {
  const f = await repo.foto(o.tx, await idOError(o.tx, o.consecutivo), o.id);
  if (!f) throw noEncontrado(`La foto ${o.id} del inmueble ${o.consecutivo}`);
  return o.tamano === 'miniatura' ? f.claveMiniatura : f.claveGrande;
}

export async function claveDePortada(o: Base & { tamano: TamanoFoto }): Promise<string> {
  const f = await repo.portada(o.tx, await idOError(o.tx, o.consecutivo));
  if (!f) throw noEncontrado(`La foto de portada del inmueble ${o.consecutivo}`);
  return o.tamano === 'miniatura' ? f.claveMiniatura : f.claveGrande;
}

export async function leerImagen(storage: Storage, clave: string): Promise<{ buf: Buffer; contentType: string }> {
  const buf = await storage.get(clave);
  if (!buf) throw noEncontrado('El archivo de la foto');
  return { buf, contentType: 'image/jpeg' };
}

// ----- documents --------------------------------------------------------------------------------------

const aDocumento = (d: repo.FilaDocumento): DocumentoInmueble => ({
  id: d.id,
  nombre: d.nombre,
  descripcion: d.descripcion,
  content_type: d.contentType,
  bytes: d.bytes,
  creado_por: d.creadoPor,
  creado_en: iso(d.creadoEn),
});

export async function listarDocumentos(o: Base): Promise<DocumentoInmueble[]> {
  return (await repo.documentos(o.tx, await idOError(o.tx, o.consecutivo))).map(aDocumento);
}

const COMO_DOCUMENTO = { tipo: repo.TIPO_DUENO, categoria: 'documento' };

/** Streams the upload into storage before the transaction (platform/archivos recibir). */
export function recibirDocumento(o: Omit<Parameters<typeof archivos.recibir>[0], 'tipo' | 'categoria'>) {
  return archivos.recibir({ ...o, ...COMO_DOCUMENTO });
}

export async function subirDocumento(
  o: Escritura & { cuota: archivos.Cuota; subida: archivos.Subida },
): Promise<DocumentoInmueble> {
  const f = await archivos.registrar(
    { ...o, ...COMO_DOCUMENTO, clave: String(o.consecutivo) },
    { accion: 'subir documento', campo: 'documentos' },
  );
  return aDocumento({ ...f, bytes: Number(f.bytes) });
}

export async function eliminarDocumento(o: Escritura & { id: number }): Promise<{ id: number }> {
  const d = await archivos.eliminar(
    { ...o, ...COMO_DOCUMENTO, clave: String(o.consecutivo) },
    { accion: 'eliminar documento', campo: 'documentos' },
  );
  return { id: d.id };
}

export async function documentoGuardado(o: Base & { id: number }) {
  return archivos.guardado({ ...o, ...COMO_DOCUMENTO, clave: String(o.consecutivo) });
}

// ----- ficha ------------------------------------------------------------------------------------------

/** How the ficha names itself to the tile server (OpenStreetMap's tile usage policy asks for it). */
const AGENTE_MAPA = 'Predio (ficha de inmueble)';

export type PedidoFicha = {
  datos: repo.DatosFicha;
  empresa: repo.EmpresaFicha | null;
  portada: string | null;
  miniaturas: string[];
  /** The company's map tiles (Configurar), for the small map of where it is. */
  mapa: { urlTeselas: string; atribucion: string };
};

/** What the ficha shows, read inside the transaction; the files are read and laid out after it. */
export async function pedidoFicha(o: Base): Promise<PedidoFicha> {
  exigirLectura(o.user);
  const datos = await repo.datosFicha(o.tx, o.consecutivo);
  if (!datos) throw noEncontrado(`El inmueble ${o.consecutivo}`);
  const fotos = await repo.fotos(o.tx, await idOError(o.tx, o.consecutivo));
  const portada = fotos.find((f) => f.portada) ?? null;
  const { ajustes } = await getConfiguracion({ tx: o.tx });
  return {
    mapa: { urlTeselas: ajustes.urlMosaicoMapa, atribucion: ajustes.atribucionMapa },
    datos,
    empresa: await repo.empresaFicha(o.tx),
    portada: portada?.claveGrande ?? null,
    miniaturas: fotos
      .filter((f) => f !== portada)
      .slice(0, FICHA_FOTOS_ADICIONALES)
      .map((f) => f.claveMiniatura),
  };
}

/**
 * The ficha as a PDF. `urlPublica`: where clients reach this server; an available property is on the
 * company's website there, and the ficha prints a QR code to its page.
 */
export async function fichaPdf(o: {
  user: Principal;
  storage: Storage;
  pedido: PedidoFicha;
  urlPublica: string | null;
  ahora?: Date;
}): Promise<Archivo> {
  const { pedido } = o;
  const leer = (k: string | null) => (k ? o.storage.get(k).catch(() => null) : Promise.resolve(null));
  const logo = pedido.empresa?.logo
    ? await leerLogoGuardado({ user: o.user, storage: o.storage, nombre: pedido.empresa.logo })
        .then((l) => l.buf)
        .catch(() => null)
    : null;
  const { lat, lng } = pedido.datos;
  const [mapa, portada, ...miniaturas] = await Promise.all([
    lat !== null && lng !== null
      ? mapaEstatico({ lat, lng, urlTeselas: pedido.mapa.urlTeselas, ancho: 1064, alto: 360, agente: AGENTE_MAPA })
      : null,
    leer(pedido.portada),
    ...pedido.miniaturas.map(leer),
  ]);
  const contenido = await generarFicha({
    datos: pedido.datos,
    empresa: pedido.empresa,
    logo,
    portada: portada ?? null,
    miniaturas: miniaturas.filter((m): m is Buffer => m !== null),
    mapa: mapa ? { png: mapa, atribucion: pedido.mapa.atribucion } : null,
    urlSitio:
      o.urlPublica && pedido.datos.estado === 'disponible'
        ? urlInmuebleEnSitio(o.urlPublica, o.user.idEmpresa, pedido.datos.consecutivo)
        : null,
    ahora: o.ahora ?? new Date(),
  });
  return { nombre: nombreFicha(pedido.datos.consecutivo), contentType: 'application/pdf', contenido };
}

/** A property's owner type in platform/archivos, for messages that attach its files. */
export { TIPO_DUENO as TIPO_DUENO_INMUEBLE } from './inmuebles-archivos.repo.ts';
