// The page-side API of the spreadsheet reader; SheetJS itself only loads inside the worker.
export { findColumn, normaliseHeader } from './columns';
export {
  SPREADSHEET_ACCEPT,
  SPREADSHEET_EXTENSIONS,
  type SpreadsheetExtension,
  spreadsheetExtension,
} from './file-types';
export {
  type ReadSpreadsheetOptions,
  readSpreadsheet,
  SPREADSHEET_MAX_BYTES,
  SPREADSHEET_TIMEOUT_MS,
  SpreadsheetError,
  type SpreadsheetErrorCode,
} from './read-spreadsheet';
