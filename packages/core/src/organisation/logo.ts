/**
 * Organisation logos (spec part 2 §5): .jpg, .png or .svg, scaled on the client to fit 32×32 (small)
 * or 160×32 (large, width × height). The server accepts only data URLs of those types whose raster
 * size fits the box, so a browser that skipped scaling cannot store an oversized image.
 */
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];
export const LOGO_ACCEPT = '.jpg,.jpeg,.png,.svg';
export const SMALL_LOGO_BOX = { width: 32, height: 32 } as const;
export const LARGE_LOGO_BOX = { width: 160, height: 32 } as const;
/** Upper bound on the decoded bytes of one logo. */
export const LOGO_MAX_BYTES = 100 * 1024;

export interface LogoBox {
  width: number;
  height: number;
}

export interface ParsedLogo {
  mediaType: LogoMediaType;
  bytes: Uint8Array;
}

const DATA_URL = /^data:(image\/(?:png|jpeg|svg\+xml));base64,([A-Za-z0-9+/]+={0,2})$/;

export function parseLogoDataUrl(value: string): ParsedLogo | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const base64 = match[2]!;
  if (base64.length > Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 4) return null;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { mediaType: match[1] as LogoMediaType, bytes };
}

/** Width and height of a PNG or JPEG, read from its header; null when unreadable. */
export function rasterSize(mediaType: LogoMediaType, bytes: Uint8Array): LogoBox | null {
  if (mediaType === 'image/png') {
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b)) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (mediaType === 'image/jpeg') {
    if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        const height = (bytes[offset + 5]! << 8) | bytes[offset + 6]!;
        const width = (bytes[offset + 7]! << 8) | bytes[offset + 8]!;
        return { width, height };
      }
      offset += 2 + length;
    }
    return null;
  }
  return null;
}

/**
 * Whether the bytes are an SVG document. What it may contain is not decided here: the server redraws
 * every SVG logo with only what draws (issue 6), whatever the browser let through.
 */
function isSvg(bytes: Uint8Array): boolean {
  return new TextDecoder().decode(bytes).toLowerCase().includes('<svg');
}

/** Whether a logo data URL is acceptable for the given box. */
export function isValidLogo(value: string, box: LogoBox): boolean {
  const logo = parseLogoDataUrl(value);
  if (!logo || logo.bytes.length === 0 || logo.bytes.length > LOGO_MAX_BYTES) return false;
  if (logo.mediaType === 'image/svg+xml') return isSvg(logo.bytes);
  const size = rasterSize(logo.mediaType, logo.bytes);
  return (
    size !== null && size.width > 0 && size.height > 0 && size.width <= box.width && size.height <= box.height
  );
}

/** The size that fits `source` inside `box`, keeping its aspect ratio and never enlarging it. */
export function fitInBox(source: LogoBox, box: LogoBox): LogoBox {
  const scale = Math.min(1, box.width / source.width, box.height / source.height);
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}
