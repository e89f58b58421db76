import type { z } from 'zod';
import { normaliseEmail } from '../account/email.ts';
import type { TrajectoryAccess } from '../contract/access.ts';
import { zEmail } from '../contract/common.ts';
import type { Field } from '../contract/fields.ts';
import { issueMessage } from '../contract/issues.ts';
import { zCreateTrajectory } from '../contract/trajectories.ts';
import type { TrajectoryImportProblem } from '../contract/trajectory-import.ts';
import { formFromFields } from '../fields/form-document.ts';
import { splitInformation } from '../fields/information-map.ts';
import { walkFields } from '../fields/tree.ts';
import { formatPointer } from '../patch/pointer.ts';
import { roleGrantsSomething } from '../rights/access-validity.ts';
import { userRoles } from '../rights/effective.ts';
import { canWritePath, formWritablePaths } from '../rights/writable-paths.ts';

/**
 * New trajectories from a spreadsheet (issue 22): the rules one row must meet, pure, so the server's
 * check (the preview) and its import judge alike. Each row is a create call's input (title,
 * description, information) plus the student who gets the chosen role.
 */

/** A row as the rules read it (the contract's row after parsing). */
export interface ImportRowInput {
  name: string;
  description?: string | null | undefined;
  email?: string | null | undefined;
  information: Readonly<Record<string, string>>;
}

/** What the rules need besides the rows: all of it is the same for every row of one import. */
export interface ImportRules {
  /** The access every new trajectory gets (valid, already checked as the create call checks it). */
  access: TrajectoryAccess;
  /** The importer: their roles decide which information fields a column may fill (D40). */
  importerEmail: string;
  /** The role each row's student gets. */
  studentRole: string;
  /** The trajectory blueprint's information fields (D14, D40: columns named like one fill it). */
  fields: readonly Field[];
  /** Titles already in use: the LIVE trajectories the importer can read (no other title may be hinted at). */
  existingTitles: readonly string[];
}

/**
 * The title as two titles are compared (trimmed, case-insensitive), within the file and against the
 * trajectories already there: "Anna de Vries" and " anna de vries" are the same student's trajectory.
 */
export function titleKey(title: string): string {
  return title.trim().toLowerCase();
}

/** The row's student e-mail, normalised; null when the row has none (a blank cell). */
export function importRowEmail(row: Pick<ImportRowInput, 'email'>): string | null {
  const email = row.email?.trim() ?? '';
  return email === '' ? null : normaliseEmail(email);
}

/**
 * The access of one row's trajectory: the import's access with the row's student holding the student
 * role — added to the roles they already have when the blueprint lists them (or they import themselves),
 * else as a new user.
 */
export function importRowAccess(
  access: TrajectoryAccess,
  email: string | null,
  studentRole: string,
): TrajectoryAccess {
  if (email === null) return access;
  const user = normaliseEmail(email);
  const listed = access.users.some((entry) => normaliseEmail(entry.user) === user);
  const users = listed
    ? access.users.map((entry) =>
        normaliseEmail(entry.user) === user
          ? { ...entry, roles: [...new Set([...entry.roles, studentRole])] }
          : entry,
      )
    : [...access.users, { user, roles: [studentRole] }];
  return { roles: access.roles, users };
}

/** The student role itself: one the new trajectories have (unknownRole), granting something (D7). */
function roleProblems(rules: ImportRules): TrajectoryImportProblem[] {
  const role = rules.access.roles.find((candidate) => candidate.name === rules.studentRole);
  if (!role) return [{ row: null, field: 'studentRole', key: 'unknownRole' }];
  if (!roleGrantsSomething(role)) return [{ row: null, field: 'studentRole', key: 'userWithoutRight' }];
  return [];
}

/** The issues of a value that the create call's schema (or the e-mail rule) refuses; none when it is fine. */
function issuesOf(schema: z.ZodType, value: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues;
}

/** Title, description and e-mail as the create call and the access rules take them. */
function textProblems(row: ImportRowInput): { field: string; key: string }[] {
  const problems: { field: string; key: string }[] = [];
  const first = (field: string, issues: readonly z.core.$ZodIssue[]) => {
    if (issues[0]) problems.push({ field, key: issueMessage(issues[0]) });
  };
  first('name', issuesOf(zCreateTrajectory.shape.name, row.name));
  first('description', issuesOf(zCreateTrajectory.shape.description, row.description));
  const email = importRowEmail(row);
  if (email !== null) first('email', issuesOf(zEmail, email));
  return problems;
}

/**
 * The information columns (D14, D40) as the create call takes them: names and values within their
 * lengths; a column named like a field fills it, so its text must fit that field (`invalidValue`) and the
 * importer's own roles must let them write it (`forbidden`), as for any save of the information.
 */
function informationProblems(row: ImportRowInput, rules: ImportRules): { field: string; key: string }[] {
  const lengths = issuesOf(zCreateTrajectory.shape.information, row.information).map((issue) => ({
    field: `information.${String(issue.path[0] ?? '')}`,
    key: issueMessage(issue),
  }));
  if (lengths.length > 0) return lengths;
  const { values, unfit } = splitInformation(rules.fields, row.information);
  const problems = unfit.map((column) => ({ field: `information.${column}`, key: 'invalidValue' }));
  const filled = Object.keys(values);
  if (filled.length === 0) return problems;
  const access = importRowAccess(rules.access, importRowEmail(row), rules.studentRole);
  const writable = formWritablePaths(formFromFields(rules.fields), userRoles(access, rules.importerEmail));
  const columns = Object.keys(row.information);
  for (const { field } of walkFields(rules.fields)) {
    if (!filled.includes(field.uuid) || canWritePath(writable, formatPointer(['values', field.uuid])))
      continue;
    // D14's match: trimmed, case-insensitive.
    const wanted = field.name.trim().toLowerCase();
    const column = columns.find((name) => name.trim().toLowerCase() === wanted) ?? field.name;
    problems.push({ field: `information.${column}`, key: 'forbidden' });
  }
  return problems;
}

/** Rows whose title another row of the file has too (each of them), or a trajectory already there has. */
function titleProblems(rows: readonly ImportRowInput[], rules: ImportRules): TrajectoryImportProblem[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(titleKey(row.name), (counts.get(titleKey(row.name)) ?? 0) + 1);
  const existing = new Set(rules.existingTitles.map(titleKey));
  const problems: TrajectoryImportProblem[] = [];
  rows.forEach((row, index) => {
    const key = titleKey(row.name);
    if (key === '') return;
    if ((counts.get(key) ?? 0) > 1) problems.push({ row: index, field: 'name', key: 'duplicate' });
    else if (existing.has(key)) problems.push({ row: index, field: 'name', key: 'titleExists' });
  });
  return problems;
}

/**
 * Everything wrong with an import, row by row (issue 22), in row order; empty: every trajectory can be
 * made. The server's check answers these, its import refuses on any of them (nothing is made), and
 * the keys are message keys (`messages.<key>`; the preview words them per field).
 */
export function trajectoryImportProblems(
  rows: readonly ImportRowInput[],
  rules: ImportRules,
): TrajectoryImportProblem[] {
  const titles = titleProblems(rows, rules);
  const perRow = rows.flatMap((row, index) =>
    [
      ...textProblems(row),
      ...titles.filter((problem) => problem.row === index),
      ...informationProblems(row, rules),
    ].map((problem) => ({ row: index, field: problem.field, key: problem.key })),
  );
  return [...roleProblems(rules), ...perRow];
}
