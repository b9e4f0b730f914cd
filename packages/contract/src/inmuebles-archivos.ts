import { z } from 'zod';
import { ZConsecutivoParam, idQuery } from './campos.ts';
import './validation.ts';

// Photos, documents and the property sheet (ficha) of an inmueble (issue 4 §1).

/** Who may see the cover photo besides the property screens: the agency's TV display (configurartv). */
export const IDM_CONFIGURAR_TV = 10521;

export const FOTO_INMUEBLE_MAX_BYTES = 15 * 1024 * 1024;
/** Each side of an uploaded photo must measure at least this (a smaller one looks blurred on the ficha). */
export const FOTO_INMUEBLE_MIN_PX = 300;
export const FOTOS_POR_ENVIO = 20;
export const FOTOS_POR_INMUEBLE = 60;
/** Longest width of each stored size; a smaller original is never enlarged. */
export const FOTO_TAMANOS = { miniatura: 400, grande: 1600 } as const;
export type TamanoFoto = keyof typeof FOTO_TAMANOS;
// HEIC by extension too: a browser that does not know the type sends it blank.
export const FOTO_ACEPTA = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,image/gif,image/avif,image/tiff';

export const DOCUMENTO_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENTOS_POR_INMUEBLE = 100;
/** Allowed document types by extension; the server checks the bytes match and sets the content type itself. */
export const DOCUMENTO_TIPOS = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type ExtensionDocumento = keyof typeof DOCUMENTO_TIPOS;
export const DOCUMENTO_ACEPTA = Object.keys(DOCUMENTO_TIPOS)
  .map((e) => `.${e}`)
  .join(',');
export const DESCRIPCION_DOCUMENTO_MAX = 500;

/** Tour videos of a property (platform/archivos category «video»): the largest files the app takes. */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const VIDEOS_POR_INMUEBLE = 10;
export const VIDEO_TIPOS = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const VIDEO_ACEPTA = '.mp4,.mov,.webm,video/mp4,video/quicktime,video/webm';

/** How many photos besides the cover the ficha shows. */
export const FICHA_FOTOS_ADICIONALES = 6;

export const ZFotoParam = ZConsecutivoParam.extend({ id: idQuery('id') });
const ZTamano = z.enum(['miniatura', 'grande'], { error: 'tamano debe ser miniatura o grande' });
export const ZFotoTamanoParam = ZFotoParam.extend({ tamano: ZTamano });
/** GET .../portada?tamano=miniatura: lists and cards ask for the small size; absent means grande. */
export const ZPortadaQuery = z.object({ tamano: ZTamano.default('grande') });
export const ZDocumentoParam = ZConsecutivoParam.extend({ id: idQuery('id') });

/** PUT .../fotos/orden: every photo of the property, once, in the new order. */
export const ZOrdenFotos = z.object({
  ids: z
    .array(
      z
        .number({ error: 'ids debe contener números' })
        .int({ error: 'ids debe contener números enteros' })
        .positive({ error: 'ids debe contener números mayores que cero' }),
      { error: 'ids debe ser una lista' },
    )
    .min(1, { error: 'ids no puede estar vacía' })
    .max(FOTOS_POR_INMUEBLE, { error: `ids admite máximo ${FOTOS_POR_INMUEBLE}` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'ids: una foto aparece más de una vez' }),
});
export type OrdenFotos = z.output<typeof ZOrdenFotos>;

export const ZFotoInmueble = z.object({
  id: z.number(),
  orden: z.number(),
  portada: z.boolean(),
  ancho: z.number(),
  alto: z.number(),
  bytes: z.number(),
  nombre_original: z.string(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type FotoInmueble = z.infer<typeof ZFotoInmueble>;

export const ZDocumentoInmueble = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  content_type: z.string(),
  bytes: z.number(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type DocumentoInmueble = z.infer<typeof ZDocumentoInmueble>;

/** API paths (relative to /api) shared by the server's tests and the web's <img src>. */
export const rutaFoto = (consecutivo: number, id: number, tamano: TamanoFoto) =>
  `/inmuebles/${consecutivo}/fotos/${id}/${tamano}`;
export const rutaPortada = (consecutivo: number, tamano: TamanoFoto = 'grande') =>
  `/inmuebles/${consecutivo}/portada${tamano === 'grande' ? '' : `?tamano=${tamano}`}`;
export const rutaFicha = (consecutivo: number) => `/inmuebles/${consecutivo}/ficha`;
export const nombreFicha = (consecutivo: number) => `ficha-inmueble-${consecutivo}.pdf`;

/** The extension of a file name, lower-case, without the dot ('' when none). */
export function extension(nombre: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(nombre.trim());
  return m ? m[1]!.toLowerCase() : '';
}

export const esExtensionDocumento = (ext: string): ext is ExtensionDocumento => Object.hasOwn(DOCUMENTO_TIPOS, ext);
