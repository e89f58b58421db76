import { MBO_ROWS_MAX } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { SpreadsheetError } from '../../../lib/spreadsheet';
import {
  casePackage,
  FrameworkFileError,
  mboRows,
  nameIsIdentity,
  type ReadRows,
  readFrameworkFile,
} from './read-framework';

async function refusal(promise: Promise<unknown>) {
  const error = await promise.catch((caught: unknown) => caught);
  if (!(error instanceof FrameworkFileError)) throw new Error('expected a refusal');
  return { key: error.textKey, params: error.params };
}

function refusalOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof FrameworkFileError) return error.textKey;
  }
  throw new Error('expected a refusal');
}

describe('casePackage', () => {
  it('reads a CASE file as its JSON object, a byte-order mark and all', () => {
    const text = '\uFEFF{"CFDocument":{"identifier":"d1","title":"Zorg – één"},"CFItems":[]}';
    expect(casePackage(text)).toEqual({ CFDocument: { identifier: 'd1', title: 'Zorg – één' }, CFItems: [] });
  });

  it('refuses text that is no JSON, and JSON that is no package', () => {
    expect(refusalOf(() => casePackage('code;titel\nB1;Basisdeel'))).toBe('frameworks.errors.notJson');
    expect(refusalOf(() => casePackage(''))).toBe('frameworks.errors.notJson');
    for (const text of ['[]', '"CFDocument"', '12', 'null', '{}'])
      expect(refusalOf(() => casePackage(text))).toBe('frameworks.errors.notCase');
  });
});

describe('mboRows', () => {
  it('keeps the five columns as trimmed text and every row in its place', () => {
    expect(
      mboRows([
        ['code', 'titel', 'soort', 'bovenliggende code', 'omschrijving', 'extra'],
        [],
        [' B1 ', 'Basisdeel', 'basisdeel'],
      ]),
    ).toEqual([
      ['code', 'titel', 'soort', 'bovenliggende code', 'omschrijving'],
      [],
      ['B1', 'Basisdeel', 'basisdeel'],
    ]);
  });

  it('refuses a sheet without a filled cell, and one over the limit (the header on top of it)', () => {
    expect(refusalOf(() => mboRows([]))).toBe('frameworks.errors.noRows');
    expect(refusalOf(() => mboRows([[' ', ''], []]))).toBe('frameworks.errors.noRows');
    const full = Array.from({ length: MBO_ROWS_MAX + 1 }, (_, index) => [`C${index}`]);
    expect(mboRows(full)).toHaveLength(MBO_ROWS_MAX + 1);
    expect(refusalOf(() => mboRows([...full, ['one more']]))).toBe('frameworks.errors.tooManyRows');
  });
});

describe('readFrameworkFile', () => {
  const rows: ReadRows = async () => [['B1', 'Basisdeel', 'basisdeel']];

  it('reads a CASE file in the browser', async () => {
    const file = new File(['{"CFDocument":{"identifier":"x"}}'], 'kader.json', { type: 'application/json' });
    expect(await readFrameworkFile('case', file)).toEqual({
      format: 'case',
      package: { CFDocument: { identifier: 'x' } },
    });
    expect(await refusal(readFrameworkFile('case', new File(['{nope'], 'kader.json')))).toEqual({
      key: 'frameworks.errors.notJson',
      params: {},
    });
  });

  it('reads a qualification file with row numbers kept, asking one row more than the limit', async () => {
    let asked: unknown = null;
    const spy: ReadRows = async (_file, options) => {
      asked = options;
      return rows(_file, options);
    };
    expect(await readFrameworkFile('mbo', new File(['x'], 'dossier.xlsx'), spy)).toEqual({
      format: 'mbo',
      rows: [['B1', 'Basisdeel', 'basisdeel']],
    });
    expect(asked).toEqual({ maxRows: MBO_ROWS_MAX + 2, keepRowNumbers: true });
  });

  it('names what the spreadsheet reader could not do', async () => {
    const failing =
      (code: 'unsupportedType' | 'tooLarge' | 'unreadable'): ReadRows =>
      async () => {
        throw new SpreadsheetError(code);
      };
    const file = new File(['x'], 'dossier.pdf');
    expect(await refusal(readFrameworkFile('mbo', file, failing('unsupportedType')))).toEqual({
      key: 'spreadsheet.unsupportedType',
      params: { size: '10 MiB' },
    });
    expect((await refusal(readFrameworkFile('mbo', file, failing('tooLarge')))).key).toBe(
      'spreadsheet.tooLarge',
    );
    const broken: ReadRows = async () => {
      throw new Error('worker died');
    };
    expect((await refusal(readFrameworkFile('mbo', file, broken))).key).toBe('spreadsheet.unreadable');
  });
});

describe('nameIsIdentity', () => {
  it('is true for a qualification file without its kwalificatiedossier row only', () => {
    expect(nameIsIdentity({ format: 'mbo', rows: [['B1', 'Basisdeel', 'basisdeel']] })).toBe(true);
    expect(
      nameIsIdentity({
        format: 'mbo',
        rows: [
          ['25655', 'Verzorgende-IG', ' Kwalificatiedossier '],
          ['B1', 'Basisdeel', 'basisdeel', '25655'],
        ],
      }),
    ).toBe(false);
    expect(nameIsIdentity({ format: 'case', package: { CFDocument: {} } })).toBe(false);
  });
});
