import { CFB, utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { decodeCsv, parseSpreadsheet } from './parse-spreadsheet';

const bytes = (text: string) => new TextEncoder().encode(text);

function xlsxBytes(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Uint8Array {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Leden');
  utils.book_append_sheet(book, utils.aoa_to_sheet([['ignored']]), 'Tweede');
  return new Uint8Array(write(book, { type: 'array', bookType }) as ArrayBuffer);
}

/** An .xlsx of `rows` whose XML parts are rewritten by `edit` (path → new text), as an attacker crafts one. */
function craftedXlsx(
  rows: unknown[][],
  edit: (path: string, xml: string) => string,
  comment = false,
): Uint8Array {
  const book = utils.book_new();
  const sheet = utils.aoa_to_sheet(rows);
  if (comment && sheet.A1) sheet.A1.c = [{ a: 'Piet', t: 'opmerking' }];
  utils.book_append_sheet(book, sheet, 'Leden');
  // SheetJS's own zip reader (typed `any`): the parts the test rewrites.
  const zip: { FullPaths: string[]; FileIndex: { content?: Uint8Array }[] } = CFB.read(
    new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer),
    {
      type: 'array',
    },
  );
  for (const [index, path] of zip.FullPaths.entries()) {
    const entry = zip.FileIndex[index];
    if (!entry?.content || !path.endsWith('.xml')) continue;
    entry.content = new TextEncoder().encode(edit(path, new TextDecoder().decode(entry.content)));
  }
  return new Uint8Array(CFB.write(zip, { type: 'array', fileType: 'zip' }) as ArrayBuffer);
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

  it('keeps row numbers when asked: blank rows as [], trailing ones dropped, from row 1 and column A', () => {
    const csv = 'code;titel\n\nB1;Basisdeel\n;\nB1-K1;Kerntaak\n\n\n';
    expect(parseSpreadsheet(bytes(csv), 'csv', { keepRowNumbers: true })).toEqual([
      ['code', 'titel'],
      [],
      ['B1', 'Basisdeel'],
      [],
      ['B1-K1', 'Kerntaak'],
    ]);
    // A sheet whose used range starts at B3 still numbers its rows from 1 and its columns from A.
    const sheet = utils.aoa_to_sheet([]);
    utils.sheet_add_aoa(sheet, [['B1', 'Basisdeel']], { origin: 'B3' });
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, 'Dossier');
    const file = new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(parseSpreadsheet(file, 'xlsx', { keepRowNumbers: true })).toEqual([
      [],
      [],
      ['', 'B1', 'Basisdeel'],
    ]);
  });

  it('reads at most maxRows rows', () => {
    const csv = ['email', ...Array.from({ length: 50 }, (_, index) => `p${index}@x.nl`)].join('\n');
    expect(parseSpreadsheet(bytes(csv), 'csv', { maxRows: 11 })).toHaveLength(11);
    const book = xlsxBytes([['email'], ...Array.from({ length: 50 }, (_, index) => [`p${index}@x.nl`])]);
    expect(parseSpreadsheet(book, 'xlsx', { maxRows: 11 })).toHaveLength(11);
  });

  // CVE-2023-30533: with SheetJS 0.18.5 a comment on cell "__proto__" put a `c` on Object.prototype.
  it('a crafted comment address does not pollute Object.prototype', () => {
    const file = craftedXlsx(
      [['E-mail'], ['a@x.nl']],
      (path, xml) => (path.includes('comments') ? xml.replace('ref="A1"', 'ref="__proto__"') : xml),
      true,
    );
    try {
      expect(parseSpreadsheet(file, 'xlsx')).toEqual([['E-mail'], ['a@x.nl']]);
    } catch {
      // Refusing the file is as good as reading it; the prototype is what counts.
    }
    expect(Object.hasOwn(Object.prototype, 'c')).toBe(false);
    expect(({} as Record<string, unknown>).c).toBeUndefined();
  });

  it('keeps __proto__ and constructor as plain text in headers and cells', () => {
    const rows = [
      ['__proto__', 'constructor', 'prototype'],
      ['{"polluted":1}', '__proto__', 'toString'],
    ];
    const csv = rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\n');
    expect(parseSpreadsheet(bytes(csv), 'csv')).toEqual(rows);
    expect(parseSpreadsheet(xlsxBytes(rows), 'xlsx')).toEqual(rows);
    expect(parseSpreadsheet(xlsxBytes(rows, 'biff8'), 'xls')).toEqual(rows);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // CVE-2024-22363: SheetJS before 0.20.2 matched the sheet's XML with backtracking regular expressions;
  // 30 000 unclosed <sheetData> tags (a 350 KB file) took 0.18.5 about 15 s, quadratic in the count.
  it('reads a sheet of unclosed tags fast', () => {
    const file = craftedXlsx([['E-mail'], ['a@x.nl']], (path, xml) =>
      path.endsWith('sheet1.xml')
        ? xml.replace('<sheetData>', '<sheetData>'.repeat(30_000)).replace('</sheetData>', '')
        : xml,
    );
    const started = performance.now();
    try {
      parseSpreadsheet(file, 'xlsx');
    } catch {
      // A refusal is fine; taking seconds is not.
    }
    expect(performance.now() - started).toBeLessThan(2000);
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
