import { type SpreadsheetExtension, spreadsheetExtension } from './file-types';

/** Largest spreadsheet an import reads (spec part 2 §9: uploads up to 10 MiB). */
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
/** A file that takes longer to read is given up on (its worker is terminated). */
export const SPREADSHEET_TIMEOUT_MS = 15_000;
/** What went wrong reading a spreadsheet; the caller shows `spreadsheet.<code>`. */
export type SpreadsheetErrorCode = 'unsupportedType' | 'tooLarge' | 'timeout' | 'unreadable';

export class SpreadsheetError extends Error {
  readonly code: SpreadsheetErrorCode;

  constructor(code: SpreadsheetErrorCode) {
    super(code);
    this.name = 'SpreadsheetError';
    this.code = code;
  }
}

/** The message the page sends its spreadsheet worker. */
export interface SpreadsheetRequest {
  bytes: ArrayBuffer;
  extension: SpreadsheetExtension;
  maxRows?: number;
  keepRowNumbers?: boolean;
}

/** The worker's answer. */
export type SpreadsheetResponse = { ok: true; rows: string[][] } | { ok: false };

/** The part of a Worker this module uses (tests pass a fake). */
export interface SpreadsheetWorker {
  onmessage: ((event: MessageEvent<SpreadsheetResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: SpreadsheetRequest, transfer: Transferable[]): void;
  terminate(): void;
}

export interface ReadSpreadsheetOptions {
  /** Read at most this many rows (header included). */
  maxRows?: number;
  /** Row n of the answer is row n of the sheet: blank rows kept as `[]` (see parseSpreadsheet). */
  keepRowNumbers?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  createWorker?: () => SpreadsheetWorker;
}

function createSpreadsheetWorker(): SpreadsheetWorker {
  return new Worker(new URL('./spreadsheet.worker.ts', import.meta.url), {
    type: 'module',
    name: 'spreadsheet',
  }) as unknown as SpreadsheetWorker;
}

/**
 * The first sheet of an .xlsx, .xls or .csv file as rows of text cells, read by SheetJS in a
 * throw-away Web Worker. Rejects with a SpreadsheetError for another file type, a file over
 * 10 MiB, a file that cannot be read, or one that takes longer than 15 s (the worker is then
 * terminated, so a hostile file cannot keep the page busy).
 */
export async function readSpreadsheet(file: File, options: ReadSpreadsheetOptions = {}): Promise<string[][]> {
  const {
    maxRows,
    keepRowNumbers,
    timeoutMs = SPREADSHEET_TIMEOUT_MS,
    maxBytes = SPREADSHEET_MAX_BYTES,
    createWorker = createSpreadsheetWorker,
  } = options;
  const extension = spreadsheetExtension(file.name);
  if (!extension) throw new SpreadsheetError('unsupportedType');
  if (file.size > maxBytes) throw new SpreadsheetError('tooLarge');
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    throw new SpreadsheetError('unreadable');
  }

  let worker: SpreadsheetWorker;
  try {
    worker = createWorker();
  } catch {
    throw new SpreadsheetError('unreadable');
  }
  return new Promise<string[][]>((resolve, reject) => {
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new SpreadsheetError('timeout'))), timeoutMs);
    worker.onmessage = (event) => {
      const answer = event.data;
      finish(() => (answer.ok ? resolve(answer.rows) : reject(new SpreadsheetError('unreadable'))));
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      finish(() => reject(new SpreadsheetError('unreadable')));
    };
    worker.postMessage({ bytes, extension, maxRows, ...(keepRowNumbers ? { keepRowNumbers } : {}) }, [bytes]);
  });
}
