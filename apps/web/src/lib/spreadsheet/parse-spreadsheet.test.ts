import { describe, expect, it } from 'vitest';
import { utils, write } from 'xlsx';
import { decodeCsv, parseSpreadsheet } from './parse-spreadsheet';

const bytes = (text: string) => new TextEncoder().encode(text);

function xlsxBytes(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Uint8Array {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Leden');
  utils.book_append_sheet(book, utils.aoa_to_sheet([['ignored']]), 'Tweede');
  return new Uint8Array(write(book, { type: 'array', bookType }) as ArrayBuffer);
}

describe('parseSpreadsheet', () => {
  it('reads a CSV as text: 00123, dates and numbers stay as written', () => {
    const rows = parseSpreadsheet(bytes('id,email,datum,aantal\n00123,a@x.nl,01/02/2024,1.50\n'), 'csv');
    expect(rows).toEqual([
      ['id', 'email', 'datum', 'aantal'],
      ['00123', 'a@x.nl', '01/02/2024', '1.50'],
    ]);
  });

  it('reads a semicolon CSV with a byte-order mark, quotes and blank lines', () => {
    const rows = parseSpreadsheet(
      bytes('\uFEFFE-mail;Rol\n"b@x.nl";ADMIN\n\n;\nc@x.nl;"Gebruiker; oud"\n'),
      'csv',
    );
    expect(rows).toEqual([
      ['E-mail', 'Rol'],
      ['b@x.nl', 'ADMIN'],
      ['c@x.nl', 'Gebruiker; oud'],
    ]);
  });

  it('reads the first sheet of an .xlsx and an .xls, cells as text', () => {
    const sheet = [
      ['E-mail', 'Rol', 'Code'],
      ['d@x.nl', 'OWNER', '00123'],
      [null, null, null],
      ['e@x.nl', null, 42],
    ];
    for (const [bookType, extension] of [
      ['xlsx', 'xlsx'],
      ['biff8', 'xls'],
    ] as const) {
      expect(parseSpreadsheet(xlsxBytes(sheet, bookType), extension)).toEqual([
        ['E-mail', 'Rol', 'Code'],
        ['d@x.nl', 'OWNER', '00123'],
        ['e@x.nl', '', '42'],
      ]);
    }
  });

  it('reads at most maxRows rows', () => {
    const csv = ['email', ...Array.from({ length: 50 }, (_, index) => `p${index}@x.nl`)].join('\n');
    expect(parseSpreadsheet(bytes(csv), 'csv', { maxRows: 11 })).toHaveLength(11);
    const book = xlsxBytes([['email'], ...Array.from({ length: 50 }, (_, index) => [`p${index}@x.nl`])]);
    expect(parseSpreadsheet(book, 'xlsx', { maxRows: 11 })).toHaveLength(11);
  });

  it('throws on a file that is no spreadsheet', () => {
    expect(() => parseSpreadsheet(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'xlsx')).toThrow();
  });
});

describe('decodeCsv', () => {
  it('reads UTF-8, else Windows-1252 as Excel saves CSV', () => {
    expect(decodeCsv(bytes('café'))).toBe('café');
    expect(decodeCsv(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
});
