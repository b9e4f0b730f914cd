import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_LIMITS, validateImageDimensions, validateImageFile } from './image-validation.ts';

describe('image validation (spec §5)', () => {
  it("rejects files that are not images with 'Image only'", () => {
    expect(validateImageFile({ type: 'application/pdf', size: 10 }, 10240)).toBe('Image only');
    expect(validateImageFile({ type: '', size: 10 }, 10240)).toBe('Image only');
  });

  it('rejects files over the limit, naming it in kb', () => {
    expect(validateImageFile({ type: 'image/png', size: 10240 * 1024 + 1 }, 10240)).toBe('Image exceeds size limit: 10240kb');
    expect(validateImageFile({ type: 'image/jpeg', size: 600 * 1024 }, 500)).toBe('Image exceeds size limit: 500kb');
  });

  it('accepts an image exactly at the limit', () => {
    expect(validateImageFile({ type: 'image/png', size: 10240 * 1024 }, 10240)).toBeNull();
  });

  it('rejects images smaller than the target in either dimension', () => {
    const expected = "Image's size is too low. Expected at least: 200*200";
    expect(validateImageDimensions({ width: 199, height: 400 }, DEFAULT_IMAGE_LIMITS)).toBe(expected);
    expect(validateImageDimensions({ width: 400, height: 150 }, DEFAULT_IMAGE_LIMITS)).toBe(expected);
    expect(validateImageDimensions({ width: 250, height: 250 }, { maxSizeKb: 10240, width: 300, height: 300 })).toBe(
      "Image's size is too low. Expected at least: 300*300",
    );
  });

  it('accepts images at least as large as the target', () => {
    expect(validateImageDimensions({ width: 200, height: 200 }, DEFAULT_IMAGE_LIMITS)).toBeNull();
  });
});
