import { type FrameworkSource, MBO_COLUMNS, MBO_ROWS_MAX } from '@groeipad/core';
import { readSpreadsheet, SpreadsheetError } from '../../../lib/spreadsheet';

/** The two sources a competentiekader comes from (D56): a CASE package, or a qualification file's spreadsheet. */
export type FrameworkFormat = FrameworkSource['format'];

/** Why a chosen file cannot be checked; the dialog shows `textKey` (`frameworks.errors.*` or `spreadsheet.*`). */
export class FrameworkFileError extends Error {
  constructor(
    readonly textKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(textKey);
    this.name = 'FrameworkFileError';
  }
}

/** Largest CASE file read (a qualification file of a few hundred items is well under 1 MiB). */
export const CASE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The `accept` attribute of the CASE file picker. */
export const CASE_ACCEPT = '.json,application/json';

/**
 * A CASE file's text as a package: a JSON object (the CFPackage; the server checks its contents).
 * Refuses text that is no JSON, JSON that is no object, and an empty object.
 */
export function casePackage(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    // A UTF-8 byte-order mark is no JSON; an editor may have written one.
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new FrameworkFileError('frameworks.errors.notJson');
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    Object.keys(parsed).length === 0
  )
    throw new FrameworkFileError('frameworks.errors.notCase');
  return parsed as Record<string, unknown>;
}

/** Reads a CASE file (.json) in the browser. */
export async function readCaseFile(file: File): Promise<FrameworkSource> {
  if (file.size > CASE_FILE_MAX_BYTES)
    throw new FrameworkFileError('spreadsheet.tooLarge', { size: '10 MiB' });
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new FrameworkFileError('frameworks.errors.unreadable');
  }
  return { format: 'case', package: casePackage(text) };
}

/**
 * A qualification file's rows as the import takes them: the layout's five columns (A–E) as text, row n
 * still row n of the sheet (a blank row stays, empty, so the server's row numbers are the sheet's).
 * Refuses a sheet without any filled row and one with more rows than an import takes.
 */
export function mboRows(rows: readonly (readonly string[])[]): string[][] {
  const cut = rows.map((row) => row.slice(0, MBO_COLUMNS.length).map((cell) => cell.trim()));
  if (!cut.some((row) => row.some((cell) => cell !== '')))
    throw new FrameworkFileError('frameworks.errors.noRows');
  // The header row comes on top of the limit.
  if (cut.length > MBO_ROWS_MAX + 1)
    throw new FrameworkFileError('frameworks.errors.tooManyRows', { max: MBO_ROWS_MAX });
  return cut;
}

/** Reads one file as rows of text cells (the spreadsheet worker; tests pass their own). */
export type ReadRows = (
  file: File,
  options: { maxRows?: number; keepRowNumbers?: boolean },
) => Promise<string[][]>;

/** Reads a qualification file's spreadsheet (.xlsx, .xls, .csv) in the spreadsheet worker. */
export async function readMboFile(file: File, read: ReadRows = readSpreadsheet): Promise<FrameworkSource> {
  try {
    // One row more than an import takes, to tell a sheet that is over the limit.
    const rows = await read(file, { maxRows: MBO_ROWS_MAX + 2, keepRowNumbers: true });
    return { format: 'mbo', rows: mboRows(rows) };
  } catch (error) {
    if (error instanceof FrameworkFileError) throw error;
    const code = error instanceof SpreadsheetError ? error.code : 'unreadable';
    throw new FrameworkFileError(`spreadsheet.${code}`, { size: '10 MiB' });
  }
}

/** The chosen file as the check's source, in the chosen format. */
export function readFrameworkFile(
  format: FrameworkFormat,
  file: File,
  read?: ReadRows,
): Promise<FrameworkSource> {
  return format === 'case' ? readCaseFile(file) : readMboFile(file, read);
}

/**
 * Whether the list's name decides which framework a source is: a qualification file without its
 * kwalificatiedossier row takes its identifier from the name (docs/frameworks.md), so a name changed after
 * the check is checked again before the import.
 */
export function nameIsIdentity(source: FrameworkSource): boolean {
  if (source.format !== 'mbo') return false;
  return !source.rows.some((row) => (row[2] ?? '').trim().toLowerCase() === 'kwalificatiedossier');
}
