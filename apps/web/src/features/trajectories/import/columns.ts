import type { TrajectoryImportRow } from '@groeipad/core';
import { findColumn } from '../../../lib/spreadsheet';
import { creationInformation } from '../list/creation';

/**
 * A spreadsheet as the import reads it (issue 22): the first row names the columns, every other row is
 * one student. The user maps the columns: which gives the title, the student's e-mail and the
 * description, and which go to the information (D14, D40).
 */
export interface ImportTable {
  header: string[];
  rows: string[][];
}

/** Which column gives what; -1 for none (the title always has one). */
export interface ColumnMapping {
  title: number;
  email: number;
  description: number;
  /** The columns whose header and value go to the information (a field of that name, or the map). */
  information: number[];
}

/** Header texts guessed as the title (compared without case, spaces or hyphens, as findColumn does). */
const TITLE_HEADERS = [
  'naam',
  'name',
  'titel',
  'title',
  'volledige naam',
  'full name',
  'leerling',
  'student',
];
/** Header texts guessed as the student's e-mail. */
const EMAIL_HEADERS = ['e-mail', 'email', 'e-mailadres', 'email address', 'mail', 'e-mail leerling'];
/** Header texts guessed as the description. */
const DESCRIPTION_HEADERS = ['omschrijving', 'beschrijving', 'description'];

/** The sheet's rows as a table: header cells trimmed, rows without any text left out. */
export function importTable(rows: readonly (readonly string[])[]): ImportTable {
  const [header = [], ...data] = rows;
  return {
    header: header.map((cell) => cell.trim()),
    rows: data.filter((row) => row.some((cell) => cell.trim() !== '')).map((row) => [...row]),
  };
}

/**
 * The mapping a header suggests: Naam/Name/Titel as the title (else the first column), E-mail/Email as
 * the e-mail, Omschrijving/Description as the description, and every other named column to the
 * information (what the list can then group by, such as Klas).
 */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const title = findColumn(header, TITLE_HEADERS, 0);
  const email = findColumn(header, EMAIL_HEADERS, -1);
  const description = findColumn(header, DESCRIPTION_HEADERS, -1);
  const taken = new Set([title, email, description]);
  const information = header.flatMap((name, index) => (name !== '' && !taken.has(index) ? [index] : []));
  return { title, email: email === title ? -1 : email, description, information };
}

/**
 * The import rows of a mapped table: the title, e-mail and description cells trimmed (a blank e-mail:
 * no student), and the information of the mapped columns that have a header and a value in that row.
 * Column names an object's machinery uses (`__proto__`, …) are left out as in the create dialog.
 */
export function importRows(table: ImportTable, mapping: ColumnMapping): TrajectoryImportRow[] {
  const cell = (row: readonly string[], index: number) => (index < 0 ? '' : (row[index] ?? '').trim());
  return table.rows.map((row) => {
    // fromEntries makes own properties only: a column named `__proto__` never reaches the prototype.
    const information = Object.fromEntries(
      mapping.information
        .map((index) => [table.header[index] ?? '', cell(row, index)] as const)
        .filter(([name, value]) => name !== '' && value !== ''),
    );
    const email = cell(row, mapping.email);
    const description = cell(row, mapping.description);
    return {
      name: cell(row, mapping.title),
      ...(email ? { email } : {}),
      ...(description ? { description } : {}),
      information: creationInformation(information),
    };
  });
}

/** Role names taken as the student's role by default (compared trimmed, any case). */
const STUDENT_ROLES = ['student', 'leerling', 'deelnemer'];

/**
 * The role a row's student gets unless the user chooses another: one named Student or Leerling, else
 * the first role that does not manage rights (a student should not), else the first.
 */
export function guessStudentRole(
  roles: readonly { name: string; adminRights: { rights: boolean } }[],
): string | null {
  const named = roles.find((role) => STUDENT_ROLES.includes(role.name.trim().toLowerCase()));
  return (named ?? roles.find((role) => !role.adminRights.rights) ?? roles[0])?.name ?? null;
}
