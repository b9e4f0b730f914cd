import sharp, { type Metadata } from 'sharp';
import { decodificarHeic, type ImagenRgba } from './heic.ts';

// Photos taken with a phone (a property's, an inventory item's), re-encoded on the server: the bytes are
// decoded (never the name or the declared type), turned upright by their EXIF orientation and written as
// a JPEG without metadata, so no GPS position of someone's home leaks with them.

/** What sharp (and platform/heic.ts for an iPhone's HEVC) decodes. */
const FORMATOS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);

export type FotoJpeg = { jpeg: Buffer; ancho: number; alto: number };

/**
 * The photo as a JPEG whose longest side is at most `ladoMax` (never enlarged). `revisar` sees the
 * upright size before encoding and may throw (a minimum size). Anything undecodable is `noEsImagen()`.
 */
export async function fotoJpeg(
  buf: Buffer,
  o: {
    ladoMax: number;
    calidad: number;
    maxPixeles: number;
    noEsImagen: () => Error;
    revisar?: (ancho: number, alto: number) => void;
  },
): Promise<FotoJpeg> {
  let meta: Metadata;
  try {
    meta = await sharp(buf, { failOn: 'error', limitInputPixels: o.maxPixeles }).metadata();
  } catch {
    throw o.noEsImagen();
  }
  if (!meta.format || !FORMATOS.has(meta.format) || !meta.width || !meta.height) throw o.noEsImagen();
  // An iPhone's HEIC: sharp reads its header but cannot decode HEVC; platform/heic.ts does, upright.
  let heic: ImagenRgba | null = null;
  if (meta.format === 'heif' && meta.compression === 'hevc') {
    if (meta.width * meta.height > o.maxPixeles) throw o.noEsImagen();
    heic = await decodificarHeic(buf).catch(() => {
      throw o.noEsImagen();
    });
  }
  const { width: ancho, height: alto } = heic ?? meta.autoOrient;
  o.revisar?.(ancho, alto);
  try {
    const original = heic
      ? sharp(heic.data, { raw: { width: heic.width, height: heic.height, channels: 4 } })
      : sharp(buf, { failOn: 'error', limitInputPixels: o.maxPixeles });
    const jpeg = await original
      .autoOrient()
      .resize({ width: o.ladoMax, height: o.ladoMax, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: o.calidad, mozjpeg: true })
      .toBuffer();
    return { jpeg, ancho, alto };
  } catch {
    throw o.noEsImagen();
  }
}
