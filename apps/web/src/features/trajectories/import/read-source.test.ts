import { describe, expect, it } from 'vitest';
import { SpreadsheetError } from '../../../lib/spreadsheet';
import { ImportSourceError, type ReadRows, readImportSource } from './read-source';

const file = (name: string) => new File(['x'], name);
/** A reader that answers the rows given per file name. */
const reader =
  (tables: Record<string, string[][]>): ReadRows =>
  async (chosen) => {
    const rows = tables[chosen.name];
    if (!rows) throw new SpreadsheetError('unreadable');
    return rows;
  };

async function refusal(promise: Promise<unknown>) {
  const error = await promise.catch((caught: unknown) => caught);
  if (!(error instanceof ImportSourceError)) throw new Error('expected a refusal');
  return { key: error.textKey, params: error.params };
}

describe('readImportSource', () => {
  it('reads one spreadsheet as a table', async () => {
    const source = await readImportSource(
      [file('klas.xlsx')],
      reader({ 'klas.xlsx': [['Naam'], ['Anna'], ['Bram']] }),
    );
    expect(source).toEqual({
      kind: 'sheet',
      fileName: 'klas.xlsx',
      table: { header: ['Naam'], rows: [['Anna'], ['Bram']] },
    });
  });

  it('reads users, classes and enrollments together as a OneRoster export', async () => {
    const source = await readImportSource(
      [file('users.csv'), file('classes.csv'), file('enrollments.csv')],
      reader({
        'users.csv': [
          ['sourcedId', 'givenName', 'familyName', 'email'],
          ['u1', 'Ada', 'Lovelace', 'ada@school.nl'],
        ],
        'classes.csv': [
          ['sourcedId', 'title'],
          ['c1', '2B'],
        ],
        'enrollments.csv': [
          ['classSourcedId', 'userSourcedId', 'role'],
          ['c1', 'u1', 'student'],
        ],
      }),
    );
    expect(source).toEqual({
      kind: 'oneroster',
      students: 1,
      classes: 1,
      rows: [{ name: 'Ada Lovelace', email: 'ada@school.nl', information: { Klas: '2B' } }],
    });
  });

  it('refuses two spreadsheets, an empty one, one over 500 rows and a file it cannot read', async () => {
    const tables = {
      'a.xlsx': [['Naam'], ['Anna']],
      'leeg.csv': [['Naam']],
      'groot.csv': [['Naam'], ...Array.from({ length: 501 }, (_, index) => [`Leerling ${index}`])],
    };
    const read = reader(tables);
    expect(await refusal(readImportSource([file('a.xlsx'), file('leeg.csv')], read))).toMatchObject({
      key: 'trajectories.import.errors.oneFile',
    });
    expect(await refusal(readImportSource([file('leeg.csv')], read))).toMatchObject({
      key: 'trajectories.import.errors.noRows',
    });
    expect(await refusal(readImportSource([file('groot.csv')], read))).toEqual({
      key: 'trajectories.import.errors.tooManyRows',
      params: { max: 500 },
    });
    expect(await refusal(readImportSource([file('kapot.xlsx')], read))).toMatchObject({
      key: 'spreadsheet.unreadable',
    });
  });
});
