import sharp, { type Metadata } from 'sharp';
import { CODES } from '@predio/contract/codes';
import { AppError } from './errors/app-error.ts';

/** conMetadatos: it carries EXIF, XMP, IPTC, text comments or a rotation (a phone's location, its camera). */
export type ImagenValida = { ext: 'png' | 'jpg' | 'webp' | 'gif'; width: number; height: number; conMetadatos: boolean };

const FORMATOS: Record<string, ImagenValida['ext']> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Decodes the bytes (never trusts the name or the declared type) and checks the minimum size. */
export async function validarImagen(buf: Buffer, min: { width: number; height: number }): Promise<ImagenValida> {
  let meta: Metadata;
  try {
    meta = await sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new AppError(CODES.ARCHIVO_INVALIDO, 'file: el archivo no es una imagen válida (se aceptan PNG, JPG, WEBP o GIF).');
  }
  const ext = meta.format ? FORMATOS[meta.format] : undefined;
  if (!ext || !meta.width || !meta.height) {
    throw new AppError(CODES.ARCHIVO_INVALIDO, 'file: el archivo no es una imagen válida (se aceptan PNG, JPG, WEBP o GIF).');
  }
  if (meta.width < min.width || meta.height < min.height) {
    throw new AppError(
      CODES.VALIDACION,
      `file: la imagen mide ${meta.width}×${meta.height} px; el mínimo es ${min.width}×${min.height} px.`,
    );
  }
  const conMetadatos =
    meta.exif !== undefined ||
    meta.xmp !== undefined ||
    meta.iptc !== undefined ||
    (meta.comments?.length ?? 0) > 0 ||
    (meta.orientation !== undefined && meta.orientation !== 1);
  return { ext, width: meta.width, height: meta.height, conMetadatos };
}

/**
 * The image to store: without its metadata, turned upright as its EXIF said, in the same format (an
 * animated GIF or WebP keeps its frames, a colour profile is kept). An image without metadata is stored
 * byte for byte, never re-compressed.
 */
export async function sinMetadatos(buf: Buffer, img: ImagenValida): Promise<Buffer> {
  if (!img.conMetadatos) return buf;
  const animada = img.ext === 'gif' || img.ext === 'webp';
  let s = sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000, animated: animada }).keepIccProfile();
  // Frames of an animation cannot be rotated one by one; GIF and WebP carry no EXIF orientation anyway.
  if (!animada) s = s.rotate();
  switch (img.ext) {
    case 'jpg':
      return s.jpeg({ quality: 90 }).toBuffer();
    case 'png':
      return s.png().toBuffer();
    case 'webp':
      return s.webp({ quality: 90 }).toBuffer();
    case 'gif':
      return s.gif().toBuffer();
  }
}
