// The page-side API of the spreadsheet reader; SheetJS itself only loads inside the worker.
export { findColumn, normaliseHeader } from './columns';
export { SPREADSHEET_ACCEPT } from './file-types';
export { readSpreadsheet, SpreadsheetError } from './read-spreadsheet';
