import { describe, expect, it } from 'vitest';
import { encodedName, isImageInput, needsRedraw, uploadSize } from './image-size';

describe('uploadSize (at most 2560×1440, never enlarged)', () => {
  it('shrinks a wide and a tall photo keeping the aspect ratio', () => {
    expect(uploadSize(5120, 2880)).toEqual({ width: 2560, height: 1440 });
    expect(uploadSize(4000, 3000)).toEqual({ width: 1920, height: 1440 });
    expect(uploadSize(3000, 4000)).toEqual({ width: 1080, height: 1440 });
  });

  it('leaves a small picture as it is', () => {
    expect(uploadSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('needsRedraw', () => {
  it('is false for a small JPEG or PNG under 10 MB', () => {
    expect(needsRedraw(640, 480, 200_000, 'image/jpeg')).toBe(false);
    expect(needsRedraw(2560, 1440, 10_000_000, 'image/png')).toBe(false);
  });

  it('is true when too large in pixels or bytes, or another image type', () => {
    expect(needsRedraw(2561, 1440, 1000, 'image/jpeg')).toBe(true);
    expect(needsRedraw(100, 100, 10_000_001, 'image/jpeg')).toBe(true);
    expect(needsRedraw(100, 100, 1000, 'image/webp')).toBe(true);
  });
});

describe('encodedName', () => {
  it('follows the encoded type', () => {
    expect(encodedName('IMG_0001.HEIC', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(encodedName('schets.png', 'image/png')).toBe('schets.png');
    expect(encodedName('.jpg', 'image/jpeg')).toBe('foto.jpg');
  });
});

describe('isImageInput (non-image or non-file input is an error)', () => {
  it('accepts only blobs of an image type', () => {
    expect(isImageInput(new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }))).toBe(true);
    expect(isImageInput(new File([new Uint8Array([1])], 'a.pdf', { type: 'application/pdf' }))).toBe(false);
    expect(isImageInput('a.png')).toBe(false);
    expect(isImageInput(null)).toBe(false);
  });
});

describe('prepareImage', () => {
  it('refuses non-image and non-file input before reading anything', async () => {
    const { ImageInputError, prepareImage } = await import('./prepare-image');
    for (const input of ['foto.png', null, new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })]) {
      await expect(prepareImage(input)).rejects.toBeInstanceOf(ImageInputError);
    }
  });
});
