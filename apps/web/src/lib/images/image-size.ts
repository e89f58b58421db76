import {
  fitWithin,
  IMAGE_COMPRESSION_TARGET_BYTES,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  IMAGE_MEDIA_TYPES,
} from '@groeipad/core';

/**
 * The sums behind preparing a photo for upload (spec part 1 §5, §9): images are resized on the client
 * to fit within 2560×1440 (never enlarged), and compressed when they are over 10 MB.
 */

/** The size to draw at: fits within 2560×1440, keeping the aspect ratio. */
export function uploadSize(width: number, height: number): { width: number; height: number } {
  return fitWithin(width, height, IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT);
}

/** True when the picture must be redrawn: too large in pixels, over 10 MB, or not a JPEG or PNG. */
export function needsRedraw(width: number, height: number, bytes: number, mediaType: string): boolean {
  const size = uploadSize(width, height);
  return (
    size.width !== width ||
    size.height !== height ||
    bytes > IMAGE_COMPRESSION_TARGET_BYTES ||
    !IMAGE_MEDIA_TYPES.includes(mediaType)
  );
}

/**
 * JPEG qualities tried in turn until the picture is at most 10 MB (a PNG over the target is turned
 * into a JPEG; a photo that is still too large after the last step is refused with fileMaxSize).
 */
export const COMPRESSION_QUALITIES: readonly number[] = [0.92, 0.85, 0.75, 0.6, 0.45, 0.3];

/** The file name for the encoded picture: the extension follows the media type. */
export function encodedName(name: string, mediaType: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'foto';
  return `${base}${mediaType === 'image/png' ? '.png' : '.jpg'}`;
}

/** True for what compression accepts: a File (or Blob) whose media type is an image. */
export function isImageInput(input: unknown): input is Blob {
  return input instanceof Blob && input.type.startsWith('image/');
}
