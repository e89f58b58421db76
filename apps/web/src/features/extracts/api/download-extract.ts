import { type ExtractListEntry, endpointUrl, extractEndpoints } from '@groeipad/core';
import { downloadFile } from '../../../lib/download';

/**
 * Saves a READY extract's PDF (GET /api/extracts/{id}/content) as a download named
 * `<title>-<trajectory>.pdf` (D37, the list entry's `fileName`).
 */
export function downloadExtract(extract: Pick<ExtractListEntry, 'id' | 'fileName'>): Promise<void> {
  return downloadFile(endpointUrl(extractEndpoints.content.path, { id: extract.id }), extract.fileName);
}

/**
 * Saves the PDFs of several READY extracts as one zip (GET /api/extracts/zip?ids=…, issue 21), fetched
 * with the bearer token like the single PDF, never with a token in the address.
 */
export function downloadExtractsZip(ids: readonly number[], fileName: string): Promise<void> {
  const path = endpointUrl(extractEndpoints.zip.path, {}, { ids: ids.join(',') });
  return downloadFile(path, fileName, 'application/zip');
}
