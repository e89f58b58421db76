import { buildWorkbook } from './build-workbook';
import type { WriteRequest, WriteResponse } from './write-spreadsheet';

/** Writes one .xlsx with SheetJS and answers with its bytes; the page terminates the worker afterwards. */
self.onmessage = (event: MessageEvent<WriteRequest>) => {
  let response: WriteResponse;
  try {
    response = { ok: true, bytes: buildWorkbook(event.data.sheets) };
  } catch {
    response = { ok: false };
  }
  if (response.ok) self.postMessage(response, { transfer: [response.bytes] });
  else self.postMessage(response);
};
