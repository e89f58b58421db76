import { parentPort } from 'node:worker_threads';
import { catalogue } from '../../../i18n/catalogue.ts';
import { creditDocumentDefinition } from '../../credits/documents.ts';
import { drawExtractPdf, renderPdf } from './render.ts';
import type { PdfRequest, PdfResponse, PdfTask } from './worker-pool.ts';

/**
 * The PDF worker (`worker-pool.ts` starts it): builds the definition from the task's plain data and
 * draws it with pdfmake, one request at a time as the pool sends them. pdfmake, its fonts and the
 * catalogues load once per worker.
 */
function draw(task: PdfTask): Promise<Buffer> {
  switch (task.kind) {
    case 'extract':
      return drawExtractPdf({ ...task.input, texts: catalogue(task.localesDir) });
    case 'credit':
      return renderPdf(creditDocumentDefinition({ config: { webPublicDir: task.webPublicDir } }, task.input));
  }
}

/** The bytes in an ArrayBuffer of their own, which can be transferred (Node's small-buffer pool cannot). */
function ownBuffer(pdf: Buffer): ArrayBuffer {
  const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
  return own && pdf.buffer instanceof ArrayBuffer ? pdf.buffer : new Uint8Array(pdf).buffer;
}

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread (see worker-pool.ts)');

port.on('message', async ({ id, task }: PdfRequest) => {
  let response: PdfResponse;
  let transfer: ArrayBuffer[] = [];
  try {
    const pdf = ownBuffer(await draw(task));
    response = { id, pdf };
    transfer = [pdf];
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response, transfer);
});
