import { parseSpreadsheet } from './parse-spreadsheet';
import type { SpreadsheetRequest, SpreadsheetResponse } from './read-spreadsheet';

/**
 * Parses one spreadsheet with SheetJS and answers with its rows. SheetJS has unfixed advisories
 * for crafted files (prototype pollution, slow regular expressions), so it runs only here: in a
 * throw-away worker that the page terminates after one file or when it takes too long.
 */
self.onmessage = (event: MessageEvent<SpreadsheetRequest>) => {
  const { bytes, extension, maxRows } = event.data;
  let response: SpreadsheetResponse;
  try {
    response = { ok: true, rows: parseSpreadsheet(new Uint8Array(bytes), extension, { maxRows }) };
  } catch {
    response = { ok: false };
  }
  self.postMessage(response);
};
