import sharp, { type Metadata } from 'sharp';
import { CODES } from '@predio/contract/codes';
import { AppError } from './errors/app-error.ts';

export type ImagenValida = { ext: 'png' | 'jpg' | 'webp' | 'gif'; width: number; height: number };

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
  return { ext, width: meta.width, height: meta.height };
}
