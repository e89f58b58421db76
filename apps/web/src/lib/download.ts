import { apiResponse } from './api-client';

/**
 * Files the API answers (PDFs) are fetched with the bearer token in the header — never in an address —
 * and handed to the browser as a blob: saved under a name, or shown in a tab of their own.
 */
async function fetchBlobUrl(path: string, accept = 'application/pdf'): Promise<string> {
  const response = await apiResponse(path, { headers: { Accept: accept } });
  return URL.createObjectURL(await response.blob());
}

/** Saves the file at `path` (a PDF unless `accept` says otherwise) as `fileName`. */
export async function downloadFile(path: string, fileName: string, accept?: string): Promise<void> {
  saveUrl(await fetchBlobUrl(path, accept), fileName);
}

/** Saves a file made in the browser (a spreadsheet export) as `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  saveUrl(URL.createObjectURL(blob), fileName);
}

/** Hands a blob address to the browser as a download named `fileName`, and lets the address go later. */
function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Opens the file at `path` in a new tab. The tab is opened at once, while the click still counts as the
 * user's (a pop-up blocker allows that), and shown the file when it has arrived; closed on failure.
 */
export async function openFileInNewTab(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await fetchBlobUrl(path);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
