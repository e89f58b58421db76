/** Upload and image limits (spec part 1 §5, §9; part 2 §5, §9). */
import { fitInBox } from '../organisation/logo.ts';

/** Attachment and upload maximum: 10 MiB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The size shown with the fileMaxSize message. */
export const UPLOAD_MAX_SIZE_LABEL = '10MiB';
/** File types of image inputs (an `accept` attribute). */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png';
export const IMAGE_EXTENSIONS: readonly string[] = ['.jpg', '.jpeg', '.png'];
export const IMAGE_MEDIA_TYPES: readonly string[] = ['image/jpeg', 'image/png'];
/** Images are resized on the client to fit within 2560×1440 before upload. */
export const IMAGE_MAX_WIDTH = 2560;
export const IMAGE_MAX_HEIGHT = 1440;
/** Images over this size are compressed (10 MB). */
export const IMAGE_COMPRESSION_TARGET_BYTES = 10 * 1000 * 1000;
/** Thumbnail size in pixels (longest side). */
export const THUMBNAIL_SIZE = 200;

/** True when a file may be uploaded (at most 10 MiB). */
export function isUploadSizeAllowed(bytes: number): boolean {
  return Number.isFinite(bytes) && bytes >= 0 && bytes <= UPLOAD_MAX_BYTES;
}

/** fileMaxSize (with size 10MiB) when the file may not be uploaded, else null. */
export function uploadSizeProblem(bytes: number): 'fileMaxSize' | null {
  return isUploadSizeAllowed(bytes) ? null : 'fileMaxSize';
}

/** True for a file name ending in .jpg, .jpeg or .png (case-insensitive). */
export function isAcceptedImageName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return IMAGE_EXTENSIONS.some((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

/** Size that fits within the box keeping the aspect ratio; never enlarges (see fitInBox). 0×0 for no image. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = IMAGE_MAX_WIDTH,
  maxHeight = IMAGE_MAX_HEIGHT,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  return fitInBox({ width, height }, { width: maxWidth, height: maxHeight });
}

/** Thumbnail size: fits within THUMBNAIL_SIZE × THUMBNAIL_SIZE. */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  return fitWithin(width, height, THUMBNAIL_SIZE, THUMBNAIL_SIZE);
}
