import { read, utils, type WorkBook } from '@e965/xlsx';
import type { SpreadsheetExtension } from './file-types';

/** Text of a CSV file: UTF-8 (byte-order mark dropped), else Windows-1252 as Excel writes it. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export interface ParseOptions {
  /** Read at most this many rows (header included), so a huge sheet cannot exhaust memory. */
  maxRows?: number;
  /**
   * Keep the rows where the spreadsheet shows them: from row 1, a blank row as `[]` (trailing ones
   * dropped), so row n of the answer is row n of the sheet (an import that names problems by row).
   */
  keepRowNumbers?: boolean;
}

/**
 * The first sheet of an .xlsx, .xls or .csv file as rows of text cells. Values are never
 * interpreted: "00123" stays "00123", a date cell gives its displayed text. Empty rows are dropped;
 * empty cells are ''. Runs inside the spreadsheet worker only (see read-spreadsheet.ts).
 */
export function parseSpreadsheet(
  bytes: Uint8Array,
  extension: SpreadsheetExtension,
  options: ParseOptions = {},
): string[][] {
  const common = {
    raw: true,
    cellDates: false,
    cellFormula: false,
    cellHTML: false,
    sheetRows: options.maxRows,
  };
  const workbook: WorkBook =
    extension === 'csv'
      ? read(decodeCsv(bytes), { ...common, type: 'string' })
      : read(bytes, { ...common, type: 'array' });
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) return [];
  const keep = options.keepRowNumbers === true;
  const rows = utils
    .sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: false,
      defval: '',
      blankrows: keep,
      ...(keep ? { range: fromFirstCell(sheet['!ref']) } : {}),
    })
    .map((row) => Array.from(row ?? [], (cell) => (cell === null || cell === undefined ? '' : String(cell))));
  const filled = (row: string[]) => row.some((cell) => cell.trim() !== '');
  if (!keep) return rows.filter(filled);
  const numbered = rows.map((row) => (filled(row) ? row : []));
  while (numbered.length > 0 && numbered[numbered.length - 1]?.length === 0) numbered.pop();
  return numbered;
}

/** The sheet's used range widened to start at A1 (a sheet whose first rows or columns are empty). */
function fromFirstCell(ref: string | undefined): string {
  const range = utils.decode_range(ref ?? 'A1');
  return utils.encode_range({ s: { r: 0, c: 0 }, e: range.e });
}
