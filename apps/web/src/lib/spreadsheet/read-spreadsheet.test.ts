import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  readSpreadsheet,
  type SpreadsheetRequest,
  type SpreadsheetResponse,
  type SpreadsheetWorker,
} from './read-spreadsheet';

/** A worker that answers what `reply` returns (or never, for undefined). */
class FakeWorker implements SpreadsheetWorker {
  onmessage: ((event: MessageEvent<SpreadsheetResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  received: SpreadsheetRequest | null = null;

  constructor(
    private readonly reply: (request: SpreadsheetRequest) => SpreadsheetResponse | 'crash' | undefined,
  ) {}

  postMessage(message: SpreadsheetRequest): void {
    this.received = message;
    const answer = this.reply(message);
    if (answer === undefined) return;
    queueMicrotask(() => {
      if (answer === 'crash') this.onerror?.({ preventDefault() {} } as ErrorEvent);
      else this.onmessage?.({ data: answer } as MessageEvent<SpreadsheetResponse>);
    });
  }

  terminate(): void {
    this.terminated = true;
  }
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('readSpreadsheet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers the rows the worker read, then terminates it', async () => {
    const worker = new FakeWorker(() => ({ ok: true, rows: [['email'], ['a@x.nl']] }));
    await expect(
      readSpreadsheet(file('Leden.XLSX'), { createWorker: () => worker, maxRows: 1001 }),
    ).resolves.toEqual([['email'], ['a@x.nl']]);
    expect(worker.received).toMatchObject({ extension: 'xlsx', maxRows: 1001 });
    expect(worker.terminated).toBe(true);
  });

  it.each(['leden.xls', 'leden.csv'])('accepts %s', async (name) => {
    const worker = new FakeWorker(() => ({ ok: true, rows: [] }));
    await expect(readSpreadsheet(file(name), { createWorker: () => worker })).resolves.toEqual([]);
  });

  it.each(['leden.ods', 'leden.txt', 'xlsx', 'leden.xlsx.exe'])(
    'refuses %s without a worker',
    async (name) => {
      const createWorker = vi.fn();
      await expect(readSpreadsheet(file(name), { createWorker })).rejects.toMatchObject({
        code: 'unsupportedType',
      });
      expect(createWorker).not.toHaveBeenCalled();
    },
  );

  it('refuses a file over 10 MiB without a worker', async () => {
    const createWorker = vi.fn();
    const big = file('groot.xlsx', 10 * 1024 * 1024 + 1);
    await expect(readSpreadsheet(big, { createWorker })).rejects.toMatchObject({ code: 'tooLarge' });
    expect(createWorker).not.toHaveBeenCalled();
    const worker = new FakeWorker(() => ({ ok: true, rows: [] }));
    await expect(
      readSpreadsheet(file('precies.xlsx', 10 * 1024 * 1024), { createWorker: () => worker }),
    ).resolves.toEqual([]);
  });

  it('gives up after 15 s and terminates the worker', async () => {
    const worker = new FakeWorker(() => undefined);
    const reading = readSpreadsheet(file('traag.xlsx'), { createWorker: () => worker });
    const outcome = expect(reading).rejects.toMatchObject({ code: 'timeout' });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(worker.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(worker.terminated).toBe(true);
  });

  it('fails as unreadable when the worker cannot parse the file or crashes', async () => {
    for (const reply of [{ ok: false } as const, 'crash' as const]) {
      const worker = new FakeWorker(() => reply);
      await expect(readSpreadsheet(file('kapot.csv'), { createWorker: () => worker })).rejects.toMatchObject({
        code: 'unreadable',
      });
      expect(worker.terminated).toBe(true);
    }
  });
});
