import type { SheetData } from './build-workbook';

/** A workbook that takes longer to write is given up on (its worker is terminated). */
const SPREADSHEET_WRITE_TIMEOUT_MS = 15_000;

/** The message the page sends its spreadsheet-writer worker. */
export interface WriteRequest {
  sheets: SheetData[];
}

/** The worker's answer: the .xlsx bytes. */
export type WriteResponse = { ok: true; bytes: ArrayBuffer } | { ok: false };

/** The part of a Worker this module uses (tests pass a fake). */
export interface WriterWorker {
  onmessage: ((event: MessageEvent<WriteResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: WriteRequest): void;
  terminate(): void;
}

interface WriteSpreadsheetOptions {
  timeoutMs?: number;
  createWorker?: () => WriterWorker;
}

function createWriterWorker(): WriterWorker {
  return new Worker(new URL('./spreadsheet-writer.worker.ts', import.meta.url), {
    type: 'module',
    name: 'spreadsheet-writer',
  }) as unknown as WriterWorker;
}

/** The .xlsx media type. */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An .xlsx workbook of `sheets` as a Blob, written by SheetJS in a throw-away Web Worker (the page's
 * chunks never carry SheetJS, as for reading). Rejects when the worker fails or takes longer than 15 s.
 */
export function writeSpreadsheet(sheets: SheetData[], options: WriteSpreadsheetOptions = {}): Promise<Blob> {
  const { timeoutMs = SPREADSHEET_WRITE_TIMEOUT_MS, createWorker = createWriterWorker } = options;
  return new Promise<Blob>((resolve, reject) => {
    let worker: WriterWorker;
    try {
      worker = createWorker();
    } catch (error) {
      reject(error);
      return;
    }
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      outcome();
    };
    const failed = () => new Error('spreadsheet not written');
    const timer = setTimeout(() => finish(() => reject(failed())), timeoutMs);
    worker.onmessage = (event) => {
      const answer = event.data;
      finish(() => (answer.ok ? resolve(new Blob([answer.bytes], { type: XLSX_TYPE })) : reject(failed())));
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      finish(() => reject(failed()));
    };
    worker.postMessage({ sheets });
  });
}
