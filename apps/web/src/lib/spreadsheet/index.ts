// The page-side API of the spreadsheet reader and writer; SheetJS itself only loads inside their workers.

export type { SheetCell, SheetData } from './build-workbook';
export { findColumn, normaliseHeader } from './columns';
export { SPREADSHEET_ACCEPT } from './file-types';
export { readSpreadsheet, SpreadsheetError } from './read-spreadsheet';
export { writeSpreadsheet } from './write-spreadsheet';
