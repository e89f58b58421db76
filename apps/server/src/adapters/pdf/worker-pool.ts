import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * What a PDF worker draws: only plain data crosses to it (a pdfmake definition holds functions), so the
 * worker imports the module `builder` names (its file URL) and lets it build and draw the document from
 * `input`. Each kind of document keeps its builder in its own module; this adapter knows none of them.
 */
export interface PdfTask {
  builder: string;
  input: unknown;
}

/** What a builder module exports for the worker: the PDF of the task's input, drawn in this thread. */
export interface PdfBuilder {
  drawPdf(input: unknown): Promise<Buffer>;
}

/** Main thread → worker. */
export interface PdfRequest {
  id: number;
  task: PdfTask;
}

/** Worker → main thread: the PDF's bytes (transferred, not copied) or what went wrong. */
export type PdfResponse = { id: number; pdf: ArrayBuffer } | { id: number; error: string };

export interface PdfWorkerPoolOptions {
  /** Workers drawing at once; each is started on first need and kept. Default 1. */
  size?: number;
  /** The worker's V8 heap limits. A worker that reaches them dies, failing only the PDF it was drawing. */
  resourceLimits?: ResourceLimits;
  /** The worker's module (tests start another one). Default `worker.ts` beside this file. */
  entry?: URL;
  /** The flags of the process the worker's are taken from (tests pass others). Default `process.execArgv`. */
  parentExecArgv?: string[];
}

/**
 * The worker's heap: the old generation bounds what pdfmake's layout may keep (an extract of 2,000
 * competences at level 4 still draws, 3,000 do not); the young generation is kept small, since V8's
 * default for it let the worker's heap reach ~165 MB on 64 MB of old generation. Measured with
 * `bench/extracts.ts` (bench/README.md, "Extract PDFs").
 */
export const PDF_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 };

interface Pending {
  id: number;
  task: PdfTask;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The request it is drawing; null while idle. */
  current: Pending | null;
  /** Why it stopped, when an 'error' event came before its 'exit'. */
  failure: Error | null;
}

/**
 * tsx registered in the worker when its module is TypeScript (Vitest does not pass its own loader on);
 * the built server's worker gets those of the process's own flags a worker accepts
 * (`--conditions=groeipad-built` of `npm run serve`, not its `--max-semi-space-size=8`).
 */
/** Flags a worker thread accepts and the PDF worker needs, with their value (`--flag=value` or `--flag value`). */
const WORKER_FLAGS_WITH_VALUE = new Set([
  '--conditions',
  '-C',
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
]);
const WORKER_FLAGS = new Set(['--enable-source-maps', '--no-warnings', '--no-deprecation']);

/**
 * The flags of `flags` a worker thread may be given: module resolution (`--conditions`, `-C`), loaders
 * (`--import`, `--require`) and a few harmless switches. Node refuses per-process and V8 flags for a
 * worker (ERR_WORKER_INVALID_EXEC_ARGV), e.g. `--max-semi-space-size=8` of `npm run serve`; the worker's
 * heap is set with `resourceLimits` instead.
 */
export function workerExecArgv(flags: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < flags.length; index++) {
    const flag = flags[index] as string;
    const name = flag.startsWith('--') ? flag.split('=', 1)[0] : flag;
    if (WORKER_FLAGS_WITH_VALUE.has(name as string)) {
      kept.push(flag);
      // `--import tsx`: the value is the next argument.
      if (name === flag && index + 1 < flags.length) kept.push(flags[++index] as string);
    } else if (WORKER_FLAGS.has(flag)) {
      kept.push(flag);
    } else if (flag.startsWith('-') && !flag.includes('=') && isValue(flags[index + 1])) {
      // A dropped flag's value (`--max-old-space-size 512`) goes with it.
      index++;
    }
  }
  return kept;
}

function isValue(next: string | undefined): boolean {
  return next !== undefined && !next.startsWith('-');
}

function execArgvFor(entry: URL, parentExecArgv: string[]): string[] {
  if (!entry.pathname.endsWith('.ts')) return workerExecArgv(parentExecArgv);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx];
}

/**
 * Long-lived `worker_threads` workers that draw PDFs one request at a time each, requests queued in
 * order. A worker that dies (its heap limit, ERR_WORKER_OUT_OF_MEMORY, or any exit) fails the request
 * it held with an Error; the next request starts a fresh one. An idle worker is unref'd, so a pool
 * nobody closed never keeps a process alive. `close()` ends the workers and fails what is waiting; a
 * later request starts afresh.
 */
export class PdfWorkerPool {
  private readonly size: number;
  private readonly resourceLimits: ResourceLimits;
  private readonly entry: URL;
  private readonly parentExecArgv: string[];
  private readonly queue: Pending[] = [];
  private readonly slots = new Set<Slot>();
  private nextId = 1;

  constructor(options: PdfWorkerPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? 1);
    this.resourceLimits = options.resourceLimits ?? PDF_WORKER_LIMITS;
    // `worker.ts` beside this file, or `worker.js` in the built server (`npm run build`).
    this.entry =
      options.entry ?? new URL(`./worker${extname(new URL(import.meta.url).pathname)}`, import.meta.url);
    this.parentExecArgv = options.parentExecArgv ?? process.execArgv;
  }

  /** The PDF the task describes, drawn in a worker. */
  draw(task: PdfTask): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, resolve, reject });
      this.dispatch();
    });
  }

  /** Workers running now (idle or drawing). */
  get workers(): number {
    return this.slots.size;
  }

  /** Ends every worker; requests waiting or being drawn fail. */
  async close(): Promise<void> {
    const closing = new Error('the PDF workers were closed');
    for (const pending of this.queue.splice(0)) pending.reject(closing);
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) {
      slot.current?.reject(closing);
      slot.current = null;
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((candidate) => candidate.current === null);
      if (!slot) {
        if (this.slots.size >= this.size) return;
        slot = this.start();
      }
      const pending = this.queue.shift() as Pending;
      slot.current = pending;
      slot.worker.ref();
      slot.worker.postMessage({ id: pending.id, task: pending.task } satisfies PdfRequest);
    }
  }

  private start(): Slot {
    const worker = new Worker(this.entry, {
      execArgv: execArgvFor(this.entry, this.parentExecArgv),
      resourceLimits: this.resourceLimits,
      name: 'pdf',
    });
    const slot: Slot = { worker, current: null, failure: null };
    this.slots.add(slot);
    worker.unref();
    worker.on('message', (response: PdfResponse) => {
      const pending = slot.current;
      if (!pending || pending.id !== response.id) return;
      slot.current = null;
      worker.unref();
      if ('pdf' in response) pending.resolve(Buffer.from(response.pdf));
      else pending.reject(new Error(response.error));
      this.dispatch();
    });
    worker.on('error', (error: Error) => {
      slot.failure = error;
    });
    worker.on('exit', (code) => {
      // Closed by `close()`: its request has been failed already.
      if (!this.slots.delete(slot)) return;
      const pending = slot.current;
      slot.current = null;
      if (pending) {
        const why = slot.failure
          ? `${(slot.failure as NodeJS.ErrnoException).code ?? slot.failure.name}: ${slot.failure.message}`
          : `exit code ${code}`;
        pending.reject(new Error(`the PDF worker stopped while drawing (${why})`, { cause: slot.failure }));
      }
      this.dispatch();
    });
    return slot;
  }
}

/** The process's PDF workers (one, started on the first PDF); `main.ts` closes them at shutdown. */
export const pdfWorkers = new PdfWorkerPool();
