import { type ExtractListEntry, endpointUrl, extractEndpoints } from '@groeipad/core';
import { downloadFile } from '../../../lib/download';

/**
 * Saves a READY extract's PDF (GET /api/extracts/{id}/content) as a download named
 * `<title>-<trajectory>.pdf` (D37, the list entry's `fileName`).
 */
export function downloadExtract(extract: Pick<ExtractListEntry, 'id' | 'fileName'>): Promise<void> {
  return downloadFile(endpointUrl(extractEndpoints.content.path, { id: extract.id }), extract.fileName);
}
