import { parentPort } from 'node:worker_threads';
import type { PdfBuilder, PdfRequest, PdfResponse, PdfTask } from './worker-pool.ts';

/**
 * The PDF worker (`worker-pool.ts` starts it): the task's builder module builds the definition from the
 * task's plain data and draws it with pdfmake (`render.ts`), one request at a time as the pool sends
 * them. Builders, pdfmake, its fonts and the catalogues load once per worker.
 */
async function draw({ builder, input }: PdfTask): Promise<Buffer> {
  const { drawPdf } = (await import(builder)) as Partial<PdfBuilder>;
  if (typeof drawPdf !== 'function') throw new Error(`${builder} exports no drawPdf`);
  return drawPdf(input);
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
