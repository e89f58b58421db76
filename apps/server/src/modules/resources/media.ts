import { fileTypeFromBuffer } from 'file-type';

/** Types whose content has no magic number to sniff: accepted when they decode as text. */
const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'application/csv', 'text/markdown']);

/** Spreadsheet containers sniff as zip (xlsx) or as an OLE document (xls). */
const EQUIVALENT: Record<string, string[]> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['application/zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['application/zip'],
  'application/vnd.ms-excel': ['application/x-cfb'],
  'application/msword': ['application/x-cfb'],
};

/**
 * The media type a file really has, judged by its first bytes (DESIGN: file-type), or null when
 * the content is not what `declared` claims. Text types have no signature: they must hold no NUL.
 * SVG and HTML never pass: they are documents that can run script, not files to store and serve.
 */
export async function verifiedMediaType(declared: string, head: Uint8Array): Promise<string | null> {
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed) {
    if (sniffed.mime === declared) return declared;
    if (EQUIVALENT[declared]?.includes(sniffed.mime)) return declared;
    // A zip-based Office file may sniff as its own type already.
    return null;
  }
  if (!TEXT_TYPES.has(declared)) return null;
  return head.includes(0) ? null : declared;
}

/** Served inline only when it is an image the browser shows (never SVG); everything else downloads. */
export function isInlineImage(mediaType: string): boolean {
  return ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(mediaType);
}
