import { read, utils } from '@e965/xlsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildWorkbook, sheetName } from './build-workbook';
import {
  type WriteRequest,
  type WriteResponse,
  type WriterWorker,
  writeSpreadsheet,
} from './write-spreadsheet';

/** A worker that writes the workbook in this thread (or fails, or never answers). */
class FakeWriter implements WriterWorker {
  onmessage: ((event: MessageEvent<WriteResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;

  constructor(private readonly behaviour: 'write' | 'crash' | 'silent') {}

  postMessage(message: WriteRequest): void {
    if (this.behaviour === 'silent') return;
    queueMicrotask(() => {
      if (this.behaviour === 'crash') this.onerror?.({ preventDefault() {} } as ErrorEvent);
      else this.onmessage?.({ data: { ok: true, bytes: buildWorkbook(message.sheets) } } as MessageEvent);
    });
  }

  terminate(): void {
    this.terminated = true;
  }
}

const sheets = [
  {
    name: 'Scores: zorg/plan',
    rows: [
      ['Naam', 'Inventariseert', 'Stelt op'],
      ['Anna', 3, null],
      ['Bram', '', 4],
    ],
    widths: [30, 12],
  },
  { name: 'Details', rows: [['Naam'], ['Anna']] },
];

describe('buildWorkbook', () => {
  it('writes each sheet with numbers as numbers and empty cells empty', () => {
    const book = read(new Uint8Array(buildWorkbook(sheets)), { type: 'array', cellStyles: true });
    expect(book.SheetNames).toEqual(['Scores zorg plan', 'Details']);
    const first = book.Sheets[book.SheetNames[0]!]!;
    expect(utils.sheet_to_json(first, { header: 1, defval: null })).toEqual([
      ['Naam', 'Inventariseert', 'Stelt op'],
      ['Anna', 3, null],
      ['Bram', '', 4],
    ]);
    expect(first.C2).toBeUndefined();
    expect(first.B2).toMatchObject({ t: 'n', v: 3 });
    expect(first['!cols']?.[0]).toMatchObject({ wch: 30 });
  });

  it('names a sheet as Excel allows', () => {
    expect(sheetName('a'.repeat(40))).toHaveLength(31);
    expect(sheetName(' [*?] ')).toBe('Blad1');
    expect(sheetName('Zorg: plan/2')).toBe('Zorg plan 2');
  });
});

describe('writeSpreadsheet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers the worker’s workbook as an .xlsx Blob, then terminates it', async () => {
    const worker = new FakeWriter('write');
    const blob = await writeSpreadsheet(sheets, { createWorker: () => worker });
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    expect(book.SheetNames).toHaveLength(2);
    expect(worker.terminated).toBe(true);
  });

  it('fails when the worker crashes, and gives up after 15 s', async () => {
    const crashing = new FakeWriter('crash');
    await expect(writeSpreadsheet(sheets, { createWorker: () => crashing })).rejects.toThrow();
    expect(crashing.terminated).toBe(true);
    const silent = new FakeWriter('silent');
    const writing = writeSpreadsheet(sheets, { createWorker: () => silent });
    const outcome = expect(writing).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(15_000);
    await outcome;
    expect(silent.terminated).toBe(true);
  });
});
