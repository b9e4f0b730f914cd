import { IMAGE_DEFAULTS } from '@predio/contract/constants';

export type ImageLimits = { maxSizeKb: number; width: number; height: number };

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxSizeKb: IMAGE_DEFAULTS.maxSizeKb,
  width: IMAGE_DEFAULTS.width,
  height: IMAGE_DEFAULTS.height,
};

// spec §5: the messages are verbatim.

/** Checks type and weight before the file is read; null when acceptable. */
export function validateImageFile(file: { type: string; size: number }, maxSizeKb: number): string | null {
  if (!file.type.startsWith('image/')) return 'Image only';
  if (file.size > maxSizeKb * 1024) return `Image exceeds size limit: ${maxSizeKb}kb`;
  return null;
}

/** Checks the pixel size once the image is decoded: at least the target width × height. */
export function validateImageDimensions(image: { width: number; height: number }, limits: ImageLimits): string | null {
  if (image.width < limits.width || image.height < limits.height) {
    return `Image's size is too low. Expected at least: ${limits.width}*${limits.height}`;
  }
  return null;
}
