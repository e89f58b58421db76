// Writes the data files of the trajectory list spec (the create dialog's spreadsheet, D14):
//   node --import tsx e2e/trajectories/list-fixtures.ts
// The files are committed; run this again only to change them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** The first row names the information keys, the second holds the values. */
export const XLSX_ROWS = [
  ['Naam', 'Klas', 'Naam leerbedrijf', 'Opleiding'],
  ['Femke de Boer', 'VIG3C', 'Zorgcentrum De Linde', 'Verzorgende IG (niveau 3)'],
];
export const CSV_ROWS = [
  ['Naam', 'Klas', 'Naam leerbedrijf'],
  ['Daan Visser', 'VIG3A', 'Thuiszorg Utrecht Oost'],
];

function main(): void {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(XLSX_ROWS), 'Gegevens');
  writeFileSync(join(FIXTURES, 'trajectory-data.xlsx'), write(book, { type: 'buffer', bookType: 'xlsx' }));
  // As Excel saves a Dutch CSV: a byte-order mark and semicolons.
  const csv = CSV_ROWS.map((row) => row.join(';')).join('\r\n');
  writeFileSync(join(FIXTURES, 'trajectory-data.csv'), `\uFEFF${csv}\r\n`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
