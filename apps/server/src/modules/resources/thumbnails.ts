import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { FileMissingError, type StoredFile } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';

/**
 * 200 px thumbnails of uploaded photos (spec: images show as 200 px thumbnails in forms and lists; the
 * original opens on request). Made with sharp when an image is stored, kept beside it under
 * `<key>-thumb` (so backups and S3 carry them like any file), and made on first request for an image
 * stored before thumbnails existed or copied from the library.
 */
export const THUMBNAIL_PIXELS = 200;

/** Images sharp reads and the browser shows; anything else is served as it is. */
const THUMBNAILED: Record<string, 'jpeg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'png',
};

/** The most pixels an image may have to be thumbnailed (sharp's `limitInputPixels`), so to be uploaded. */
export const THUMBNAIL_MAX_PIXELS = 50_000_000;

/**
 * Whether a staged image has more pixels than a thumbnail may be drawn from (issue 30): read from its header
 * by sharp's metadata, without decoding it. An image sharp cannot read is left to the thumbnail's own
 * handling (as before): only a size it can read is refused here.
 */
export async function tooManyPixels(path: string): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  const metadata = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) return false;
  return metadata.width * metadata.height > THUMBNAIL_MAX_PIXELS;
}

export const thumbnailKey = (storageKey: string) => `${storageKey}-thumb`;

/** Whether a file of this type has a thumbnail (else the original is its own). */
export const hasThumbnail = (mediaType: string) => mediaType in THUMBNAILED;

/** The thumbnail's media type for an original of `mediaType`. */
export const thumbnailType = (mediaType: string) =>
  THUMBNAILED[mediaType] === 'jpeg' ? 'image/jpeg' : `image/${THUMBNAILED[mediaType] ?? 'png'}`;

/**
 * Draws and stores the thumbnail of a stored image; answers its bytes. sharp is loaded on first use:
 * libvips is not something an idle server needs in memory (bench/README.md "Server memory").
 */
export async function makeThumbnail(ctx: Pick<AppContext, 'storage'>, storageKey: string, mediaType: string) {
  const format = THUMBNAILED[mediaType];
  if (!format) throw new Error(`no thumbnail for ${mediaType}`);
  const { default: sharp } = await import('sharp');
  const original = await buffer((await ctx.storage.open(storageKey)).stream);
  const thumb = await sharp(original, { limitInputPixels: THUMBNAIL_MAX_PIXELS })
    .rotate() // as the camera held it (EXIF orientation)
    .resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS, { fit: 'inside', withoutEnlargement: true })
    .toFormat(format)
    .toBuffer();
  await ctx.storage.put(thumbnailKey(storageKey), Readable.from([thumb]), thumb.length);
  return thumb;
}

/** Opens the thumbnail of a stored image, drawing it first when it is not there yet. */
export async function openThumbnail(
  ctx: Pick<AppContext, 'storage' | 'logger'>,
  storageKey: string,
  mediaType: string,
): Promise<StoredFile> {
  try {
    return await ctx.storage.open(thumbnailKey(storageKey));
  } catch (error) {
    if (!(error instanceof FileMissingError)) throw error;
  }
  const thumb = await makeThumbnail(ctx, storageKey, mediaType);
  return { stream: Readable.from([thumb]), size: thumb.length };
}
