import type { ExtractListEntry } from '@groeipad/core';
import { apiResponse } from '../../../lib/api-client';

/**
 * Saves a READY extract's PDF (GET /api/extracts/{id}/content): fetched with the bearer token in the
 * header, never in an address, and handed to the browser as a download named
 * `<title>-<trajectory>.pdf` (D37, the list entry's `fileName`).
 */
export async function downloadExtract(extract: Pick<ExtractListEntry, 'id' | 'fileName'>): Promise<void> {
  const response = await apiResponse(`/api/extracts/${extract.id}/content`, {
    headers: { Accept: 'application/pdf' },
  });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = extract.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
