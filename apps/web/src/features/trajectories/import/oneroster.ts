import type { TrajectoryImportRow } from '@groeipad/core';

/**
 * A class from the student administration (issue 22): the CSV export of OneRoster 1.2 (1EdTech, "CSV
 * Binding") as import rows, one per student enrolment. Read by header name, so the columns may come in
 * any order and an older 1.1 export reads the same:
 * - `users.csv`: sourcedId, status, givenName, middleName, familyName (and preferred…Name, the name the
 *   student goes by), email, identifier (the student number);
 * - `classes.csv`: sourcedId, status, title;
 * - `enrollments.csv`: sourcedId, status, classSourcedId, userSourcedId, role — who is in which class as
 *   what. A blank role (not allowed by the standard, seen in the wild) falls back on the user's own role:
 *   1.1 keeps it in users.csv `role`, 1.2 moved it to `roles.csv` (userSourcedId, roleType, role), so both
 *   forms are read.
 * Records whose status is `tobedeleted` (a delta export) are left out; a bulk export leaves status blank.
 */

/** The files of an export the import reads; `roles` is optional (1.2 only). */
export type OneRosterFile = 'users' | 'classes' | 'enrollments' | 'roles';
export type OneRosterTables = Record<Exclude<OneRosterFile, 'roles'>, string[][]> & { roles?: string[][] };

/**
 * The information keys the class and the student number go in. Constants, not translated words: the
 * keys are stored data (D14) that the list groups by (D34), so every import — in Dutch or English —
 * must use the same key for group-by "Klas" to gather them.
 */
export const CLASS_KEY = 'Klas';
export const STUDENT_NUMBER_KEY = 'Leerlingnummer';

/** The columns each file must have for the import to read it. */
const REQUIRED: Record<OneRosterFile, readonly string[]> = {
  users: ['sourcedId', 'givenName', 'familyName'],
  classes: ['sourcedId', 'title'],
  enrollments: ['classSourcedId', 'userSourcedId', 'role'],
  roles: ['userSourcedId', 'role'],
};

/** Which export file a chosen file is, by its name (`users.csv`, `Users.CSV`); null for any other file. */
export function oneRosterFile(fileName: string): OneRosterFile | null {
  const name = fileName.toLowerCase();
  for (const file of ['users', 'classes', 'enrollments', 'roles'] as const)
    if (name === `${file}.csv`) return file;
  return null;
}

/** Whether the chosen files are a OneRoster export: users.csv, classes.csv and enrollments.csv among them. */
export function isOneRosterSelection(fileNames: readonly string[]): boolean {
  const files = new Set(fileNames.map(oneRosterFile));
  return files.has('users') && files.has('classes') && files.has('enrollments');
}

type OneRosterRecord = Readonly<Record<string, string>>;

/** A table's rows as records by header name (cells trimmed), in file order. */
function records(table: readonly (readonly string[])[]): OneRosterRecord[] {
  const [header = [], ...rows] = table;
  const names = header.map((cell) => cell.trim());
  return rows.map((row) => Object.fromEntries(names.map((name, index) => [name, (row[index] ?? '').trim()])));
}

/** Left out of a delta export: the record is to be deleted. */
const live = (record: OneRosterRecord) => record.status?.toLowerCase() !== 'tobedeleted';

/** The name a student goes by: preferred names where the administration has them, the tussenvoegsel between. */
function fullName(user: OneRosterRecord): string {
  const part = (preferred: string, official: string) => user[preferred] || user[official] || '';
  return [
    part('preferredGivenName', 'givenName'),
    part('preferredMiddleName', 'middleName'),
    part('preferredFamilyName', 'familyName'),
  ]
    .filter(Boolean)
    .join(' ');
}

/** Each user's own role: 1.2's roles.csv (a primary role before a secondary one), else 1.1's users.csv `role`. */
function ownRoles(users: readonly OneRosterRecord[], roles: readonly OneRosterRecord[]): Map<string, string> {
  const fromUsers = new Map<string, string>();
  for (const user of users) if (user.role) fromUsers.set(user.sourcedId ?? '', user.role.toLowerCase());
  const fromRoles = new Map<string, string>();
  for (const role of roles.filter(live)) {
    const id = role.userSourcedId ?? '';
    if (role.roleType === 'primary' || !fromRoles.has(id)) fromRoles.set(id, (role.role ?? '').toLowerCase());
  }
  return new Map([...fromUsers, ...fromRoles]);
}

export type OneRosterResult =
  | { ok: true; rows: TrajectoryImportRow[]; students: number; classes: number }
  /** A file lacks columns the import needs (not an export of the standard, or another file named so). */
  | { ok: false; file: OneRosterFile; missing: string[] };

/** The first file (in the order users, classes, enrollments, roles) that lacks a needed column. */
function missingColumns(tables: OneRosterTables): { file: OneRosterFile; missing: string[] } | null {
  for (const file of ['users', 'classes', 'enrollments', 'roles'] as const) {
    const table = tables[file];
    if (!table) continue;
    const header = new Set((table[0] ?? []).map((cell) => cell.trim()));
    const missing = REQUIRED[file].filter((column) => !header.has(column));
    if (missing.length > 0) return { file, missing };
  }
  return null;
}

/**
 * One import row per student enrolment of a live class, in the order of enrollments.csv: the title is
 * the student's name — with the class in brackets when the student is in several classes, so each
 * trajectory's title stays unique — the e-mail from users.csv `email`, and the information the class
 * title (`Klas`, what the list groups by) and the student number (`Leerlingnummer`) when there is one.
 * Teachers, aides and other roles, and enrolments of unknown users or classes, make nothing.
 */
export function oneRosterRows(tables: OneRosterTables): OneRosterResult {
  const missing = missingColumns(tables);
  if (missing) return { ok: false, ...missing };
  const users = records(tables.users).filter(live);
  const byId = new Map(users.map((user) => [user.sourcedId ?? '', user]));
  const classes = new Map(
    records(tables.classes)
      .filter(live)
      .map((record) => [record.sourcedId ?? '', record.title ?? '']),
  );
  const roleOf = ownRoles(users, records(tables.roles ?? []));
  const enrolments = records(tables.enrollments)
    .filter(live)
    .filter((enrolment) => {
      const role = (enrolment.role || roleOf.get(enrolment.userSourcedId ?? '') || '').toLowerCase();
      return (
        role === 'student' &&
        byId.has(enrolment.userSourcedId ?? '') &&
        classes.has(enrolment.classSourcedId ?? '')
      );
    });
  const classCount = new Map<string, Set<string>>();
  for (const enrolment of enrolments) {
    const user = enrolment.userSourcedId ?? '';
    classCount.set(user, (classCount.get(user) ?? new Set()).add(enrolment.classSourcedId ?? ''));
  }
  const rows = enrolments.map((enrolment): TrajectoryImportRow => {
    const user = byId.get(enrolment.userSourcedId ?? '') ?? {};
    const title = classes.get(enrolment.classSourcedId ?? '') ?? '';
    const several = (classCount.get(enrolment.userSourcedId ?? '')?.size ?? 0) > 1;
    return {
      name: several ? `${fullName(user)} (${title})` : fullName(user),
      email: user.email || null,
      information: {
        [CLASS_KEY]: title,
        ...(user.identifier ? { [STUDENT_NUMBER_KEY]: user.identifier } : {}),
      },
    };
  });
  return {
    ok: true,
    rows,
    students: classCount.size,
    classes: new Set(enrolments.map((enrolment) => enrolment.classSourcedId)).size,
  };
}
