import { parseSpreadsheet } from './parse-spreadsheet';
import type { SpreadsheetRequest, SpreadsheetResponse } from './read-spreadsheet';

/**
 * Parses one spreadsheet with SheetJS (0.20.3, `@e965/xlsx`) and answers with its rows. A parser of
 * untrusted files keeps running only here, whatever its version: in a throw-away worker that the page
 * terminates after one file or when it takes too long, so a hostile file can neither touch the page's
 * objects nor hang it.
 */
self.onmessage = (event: MessageEvent<SpreadsheetRequest>) => {
  const { bytes, extension, maxRows, keepRowNumbers } = event.data;
  let response: SpreadsheetResponse;
  try {
    response = {
      ok: true,
      rows: parseSpreadsheet(new Uint8Array(bytes), extension, { maxRows, keepRowNumbers }),
    };
  } catch {
    response = { ok: false };
  }
  self.postMessage(response);
};
