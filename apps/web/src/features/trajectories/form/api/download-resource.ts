import { resourceEndpoints } from '@groeipad/core';
import { callBlob } from '../../../../lib/endpoint-client';

/**
 * Saves a resource's content (an upload or an option attachment) as a file: fetched with the bearer
 * token in the header (never in an address), then handed to the browser as a download.
 */
export async function downloadResource(id: number, name: string): Promise<void> {
  const blob = await callBlob(resourceEndpoints.content, { params: { id } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
