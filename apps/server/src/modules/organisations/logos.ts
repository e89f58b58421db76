import { parseLogoDataUrl } from '@groeipad/core';
import { badRequest } from '../../errors.ts';
import { sanitiseSvg } from '../../sanitise/svg.ts';

/**
 * A logo as it is stored: PNG and JPEG as sent (the contract checked type and size), SVG redrawn
 * with only what draws (issue 6) — the stored file later goes into PDFs and other places.
 */
export function storableLogo(dataUrl: string | null, field: 'smallLogo' | 'largeLogo'): string | null {
  if (dataUrl === null) return null;
  const logo = parseLogoDataUrl(dataUrl);
  if (logo?.mediaType !== 'image/svg+xml') return dataUrl;
  const clean = sanitiseSvg(new TextDecoder().decode(logo.bytes));
  if (clean === null) throw badRequest('validationError', [{ path: field, key: 'invalidLogo' }]);
  return `data:image/svg+xml;base64,${Buffer.from(clean, 'utf8').toString('base64')}`;
}
