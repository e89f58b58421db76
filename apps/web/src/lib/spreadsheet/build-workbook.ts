import { utils, write } from '@e965/xlsx';

/** A cell of a sheet we write: text, a number (a score stays a number to count with), or empty. */
export type SheetCell = string | number | null;

/** One sheet of a workbook to write: its name (as the tab shows it) and its rows, the first the header. */
export interface SheetData {
  name: string;
  rows: SheetCell[][];
  /** Column widths in characters, from the first column; the rest keep the default. */
  widths?: number[];
}

/** Characters a sheet's name may not hold (Excel), and its longest length. */
const SHEET_NAME_FORBIDDEN = /[\\/?*[\]:]/g;
const SHEET_NAME_MAX = 31;

/** A sheet name Excel accepts: forbidden characters dropped, at most 31 characters, never empty. */
export function sheetName(name: string, fallback = 'Blad1'): string {
  const clean = name.replace(SHEET_NAME_FORBIDDEN, ' ').replace(/\s+/g, ' ').trim().slice(0, SHEET_NAME_MAX);
  return clean || fallback;
}

/**
 * The .xlsx bytes of `sheets` (SheetJS; their names distinct). Runs inside the spreadsheet-writer worker
 * only, so SheetJS stays out of the page's chunks, as for reading.
 */
export function buildWorkbook(sheets: readonly SheetData[]): ArrayBuffer {
  const book = utils.book_new();
  for (const [index, sheet] of sheets.entries()) {
    const name = sheetName(sheet.name, `Blad${index + 1}`);
    // A null leaves its cell out: empty, not an empty text.
    const content = utils.aoa_to_sheet(sheet.rows);
    if (sheet.widths) content['!cols'] = sheet.widths.map((wch) => ({ wch }));
    utils.book_append_sheet(book, content, name);
  }
  return write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}
