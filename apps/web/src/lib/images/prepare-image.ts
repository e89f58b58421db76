import { IMAGE_COMPRESSION_TARGET_BYTES } from '@groeipad/core';
import { COMPRESSION_QUALITIES, encodedName, isImageInput, needsRedraw, uploadSize } from './image-size';

/** Why a picture could not be prepared: not an image (or no file), or the browser could not read it. */
export class ImageInputError extends Error {
  constructor(readonly reason: 'notAnImage' | 'unreadable') {
    super(reason);
    this.name = 'ImageInputError';
  }
}

function encode(canvas: HTMLCanvasElement, mediaType: string, quality?: number): Promise<Blob> {
  return new Promise((done, failed) =>
    canvas.toBlob(
      (blob) => (blob ? done(blob) : failed(new ImageInputError('unreadable'))),
      mediaType,
      quality,
    ),
  );
}

/**
 * A photo ready for upload (spec part 1 §5): resized in the browser with a canvas to fit within
 * 2560×1440 and, when still over 10 MB, compressed as JPEG at falling qualities. A JPEG or PNG that
 * already fits goes unchanged. Non-image or non-file input is an error (ImageInputError).
 */
export async function prepareImage(input: unknown): Promise<File> {
  if (!isImageInput(input)) throw new ImageInputError('notAnImage');
  const name = input instanceof File ? input.name : 'foto.jpg';
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(input);
  } catch {
    throw new ImageInputError('unreadable');
  }
  try {
    if (!needsRedraw(bitmap.width, bitmap.height, input.size, input.type)) {
      return input instanceof File ? input : new File([input], name, { type: input.type });
    }
    const size = uploadSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new ImageInputError('unreadable');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    // A PNG stays a PNG while it is small enough (sharp edges, transparency); photos become JPEG.
    if (input.type === 'image/png') {
      const png = await encode(canvas, 'image/png');
      if (png.size <= IMAGE_COMPRESSION_TARGET_BYTES)
        return new File([png], encodedName(name, 'image/png'), { type: 'image/png' });
    }
    let blob: Blob | null = null;
    for (const quality of COMPRESSION_QUALITIES) {
      blob = await encode(canvas, 'image/jpeg', quality);
      if (blob.size <= IMAGE_COMPRESSION_TARGET_BYTES) break;
    }
    if (!blob) throw new ImageInputError('unreadable');
    return new File([blob], encodedName(name, 'image/jpeg'), { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}
