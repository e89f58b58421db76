/** The file types a spreadsheet import accepts (spec part 2 §5: xlsx, xls, csv). */
export const SPREADSHEET_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
export type SpreadsheetExtension = (typeof SPREADSHEET_EXTENSIONS)[number];

/** The `accept` attribute of a spreadsheet file picker. */
export const SPREADSHEET_ACCEPT = [
  '.xlsx',
  '.xls',
  '.csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv',
].join(',');

/** The lower-case extension of a file name when it is one the import accepts, else null. */
export function spreadsheetExtension(name: string): SpreadsheetExtension | null {
  const dot = name.lastIndexOf('.');
  const extension = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
  return (SPREADSHEET_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as SpreadsheetExtension)
    : null;
}
