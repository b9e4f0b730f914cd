import {
  DOCUMENTO_MAX_BYTES,
  esExtensionDocumento,
  extension,
  FOTO_INMUEBLE_MAX_BYTES,
} from '@predio/contract/inmuebles-archivos';
import { formatNumero } from '../../lib/format.ts';

// A queue of files uploaded one after another, each with its own progress and error.

export type EstadoSubida = 'pendiente' | 'subiendo' | 'procesando' | 'lista' | 'error';
export type ItemSubida = {
  uid: string;
  nombre: string;
  bytes: number;
  estado: EstadoSubida;
  progreso: number;
  error: string | null;
  /** False when the browser refused it: sending it again would fail the same way. */
  reintentable: boolean;
};

export type AccionCola =
  | { tipo: 'agregar'; items: ItemSubida[] }
  | { tipo: 'progreso'; uid: string; progreso: number }
  | { tipo: 'lista'; uid: string }
  | { tipo: 'error'; uid: string; error: string; reintentable: boolean }
  | { tipo: 'reintentar'; uid: string }
  | { tipo: 'quitar'; uid: string }
  | { tipo: 'limpiarListas' };

export function nuevoItem(uid: string, archivo: { name: string; size: number }, problema: string | null): ItemSubida {
  return {
    uid,
    nombre: archivo.name,
    bytes: archivo.size,
    estado: problema === null ? 'pendiente' : 'error',
    progreso: 0,
    error: problema,
    reintentable: problema === null,
  };
}

const cambiar = (cola: ItemSubida[], uid: string, f: (i: ItemSubida) => ItemSubida) =>
  cola.map((i) => (i.uid === uid ? f(i) : i));

export function reducirCola(cola: ItemSubida[], a: AccionCola): ItemSubida[] {
  switch (a.tipo) {
    case 'agregar':
      return [...cola, ...a.items];
    case 'progreso':
      // Once every byte is sent the server still resizes or checks the file.
      return cambiar(cola, a.uid, (i) => ({
        ...i,
        progreso: a.progreso,
        estado: a.progreso >= 100 ? 'procesando' : 'subiendo',
        error: null,
      }));
    case 'lista':
      return cambiar(cola, a.uid, (i) => ({ ...i, progreso: 100, estado: 'lista', error: null }));
    case 'error':
      return cambiar(cola, a.uid, (i) => ({ ...i, estado: 'error', error: a.error, reintentable: a.reintentable }));
    case 'reintentar':
      return cambiar(cola, a.uid, (i) => ({ ...i, estado: 'pendiente', progreso: 0, error: null }));
    case 'quitar':
      return cola.filter((i) => i.uid !== a.uid);
    case 'limpiarListas':
      return cola.filter((i) => i.estado !== 'lista');
  }
}

/** The server names the multipart field first ('file: …'); the list already shows which file it is. */
export const sinCampo = (mensaje: string) => mensaje.replace(/^file: /, '');

/** A refused file (bad type, too small, too large) fails again; a lost connection or a lock may not. */
export const errorReintentable = (status: number | null) => status === null || ![400, 413, 415].includes(status);

export const siguientePendiente = (cola: ItemSubida[]) => cola.find((i) => i.estado === 'pendiente');
export const enCurso = (cola: ItemSubida[]) =>
  cola.some((i) => i.estado === 'pendiente' || i.estado === 'subiendo' || i.estado === 'procesando');

/** 850 B, 12,5 KB, 3,4 MB (es-CO decimals). */
export function formatTamano(bytes: number): string {
  if (bytes < 1024) return `${formatNumero(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumero(Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${formatNumero(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
}

const MB = 1024 * 1024;

/** What the browser can tell before sending (the server checks the bytes again). */
export function problemaFoto(f: { name: string; size: number; type: string }): string | null {
  if (f.type !== '' && !f.type.startsWith('image/')) return `«${f.name}» no es una imagen.`;
  if (f.type === 'image/svg+xml') return `«${f.name}» es un dibujo SVG; suba una foto (JPG, PNG, WEBP o HEIC).`;
  if (f.size > FOTO_INMUEBLE_MAX_BYTES)
    return `«${f.name}» pesa ${formatTamano(f.size)}; el máximo por foto es ${FOTO_INMUEBLE_MAX_BYTES / MB} MB.`;
  if (f.size === 0) return `«${f.name}» está vacío.`;
  return null;
}

export function problemaDocumento(f: { name: string; size: number }): string | null {
  if (!esExtensionDocumento(extension(f.name)))
    return `«${f.name}» no es un tipo permitido: suba PDF, imágenes JPG, PNG o WEBP, Word o Excel.`;
  if (f.size > DOCUMENTO_MAX_BYTES)
    return `«${f.name}» pesa ${formatTamano(f.size)}; el máximo por documento es ${DOCUMENTO_MAX_BYTES / MB} MB.`;
  if (f.size === 0) return `«${f.name}» está vacío.`;
  return null;
}

/** The kind of a file for the list, from its stored content type. */
export function tipoDocumento(contentType: string): 'PDF' | 'Imagen' | 'Video' | 'Word' | 'Excel' | 'Archivo' {
  if (contentType === 'application/pdf') return 'PDF';
  if (contentType.startsWith('image/')) return 'Imagen';
  if (contentType.startsWith('video/')) return 'Video';
  if (contentType.includes('word')) return 'Word';
  if (contentType.includes('excel') || contentType.includes('spreadsheet')) return 'Excel';
  return 'Archivo';
}
