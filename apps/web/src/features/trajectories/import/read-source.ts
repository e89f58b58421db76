import { TRAJECTORY_IMPORT_MAX_ROWS, type TrajectoryImportRow } from '@groeipad/core';
import { readSpreadsheet, SpreadsheetError } from '../../../lib/spreadsheet';
import { type ImportTable, importTable } from './columns';
import { isOneRosterSelection, type OneRosterFile, oneRosterFile, oneRosterRows } from './oneroster';

/** What the chosen files gave: one spreadsheet to map, or the rows of a OneRoster export. */
export type ImportSource =
  | { kind: 'sheet'; fileName: string; table: ImportTable }
  | { kind: 'oneroster'; rows: TrajectoryImportRow[]; students: number; classes: number };

/** Why the chosen files cannot be imported; `text` says it (`trajectories.import.errors.*` or `spreadsheet.*`). */
export class ImportSourceError extends Error {
  constructor(
    readonly textKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(textKey);
    this.name = 'ImportSourceError';
  }
}

/** Reads one file as rows of text cells (the spreadsheet worker; tests pass their own). */
export type ReadRows = (file: File, options: { maxRows?: number }) => Promise<string[][]>;

/** At most this many rows are read of a sheet: the header, the import's limit, and one to tell it is over. */
const ROWS_READ = TRAJECTORY_IMPORT_MAX_ROWS + 2;

const tooMany = () =>
  new ImportSourceError('trajectories.import.errors.tooManyRows', { max: TRAJECTORY_IMPORT_MAX_ROWS });

async function readOneRoster(files: readonly File[], read: ReadRows): Promise<ImportSource> {
  const tables: Partial<Record<OneRosterFile, string[][]>> = {};
  for (const file of files) {
    const kind = oneRosterFile(file.name);
    // An export holds many users (a whole school): no row limit here, only the rows it makes count.
    if (kind) tables[kind] = await read(file, {});
  }
  const result = oneRosterRows({
    users: tables.users ?? [],
    classes: tables.classes ?? [],
    enrollments: tables.enrollments ?? [],
    ...(tables.roles ? { roles: tables.roles } : {}),
  });
  if (!result.ok)
    throw new ImportSourceError('trajectories.import.errors.oneRosterColumns', {
      file: result.file,
      columns: result.missing.join(', '),
    });
  if (result.rows.length === 0) throw new ImportSourceError('trajectories.import.errors.noRows');
  if (result.rows.length > TRAJECTORY_IMPORT_MAX_ROWS) throw tooMany();
  return { kind: 'oneroster', rows: result.rows, students: result.students, classes: result.classes };
}

/**
 * The chosen files as an import source (issue 22): users.csv, classes.csv and enrollments.csv (and
 * roles.csv) together are a OneRoster export; else exactly one spreadsheet, its first row the header.
 * Refuses (ImportSourceError) another choice, a file that cannot be read, one without rows and one
 * with more rows than one import makes.
 */
export async function readImportSource(
  files: readonly File[],
  read: ReadRows = readSpreadsheet,
): Promise<ImportSource> {
  try {
    if (isOneRosterSelection(files.map((file) => file.name))) return await readOneRoster(files, read);
    const [file] = files;
    if (!file || files.length > 1) throw new ImportSourceError('trajectories.import.errors.oneFile');
    const table = importTable(await read(file, { maxRows: ROWS_READ }));
    if (table.rows.length === 0) throw new ImportSourceError('trajectories.import.errors.noRows');
    if (table.rows.length > TRAJECTORY_IMPORT_MAX_ROWS) throw tooMany();
    return { kind: 'sheet', fileName: file.name, table };
  } catch (error) {
    if (error instanceof ImportSourceError) throw error;
    const code = error instanceof SpreadsheetError ? error.code : 'unreadable';
    throw new ImportSourceError(`spreadsheet.${code}`, { size: '10 MiB' });
  }
}
