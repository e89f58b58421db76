import { type FrameworkProblem, MBO_COLUMNS } from '@groeipad/core';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';

/** The message keys a problem is worded by in the import's own short words (`frameworks.problems.*`). */
const WORDED = new Set([
  'required',
  'tooLong',
  'invalidValue',
  'duplicate',
  'unknownParent',
  'wrongParent',
  'tooDeep',
  'tooMany',
  'tooManyRows',
]);

/** What is wrong, in short words: the import's own for the keys it knows, else the general message. */
function problemWords(t: TFunction, key: string): string {
  if (WORDED.has(key)) return t(`frameworks.problems.${key}`);
  return t(`messages.${key}`, { defaultValue: t('messages.invalidValue') });
}

/**
 * Where in a CASE package a path points, for a person: `CFItems.3.fullStatement` is "CFItems 4 (B1-K1-W1) ›
 * fullStatement" (counted from 1, with the item's code or identifier when the package has it).
 */
export function packagePlace(path: string, casePackage?: Record<string, unknown>): string {
  const parts = path.split('.').filter(Boolean);
  let node: unknown = casePackage;
  const words: string[] = [];
  for (const part of parts) {
    const index = /^\d+$/.test(part) ? Number(part) : null;
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (index === null) {
      words.push(part);
      continue;
    }
    const label = itemLabel(node);
    const last = words.length - 1;
    words[last] = `${words[last] ?? ''} ${index + 1}${label ? ` (${label})` : ''}`.trim();
  }
  return words.join(' › ');
}

/** An item's code, else its identifier, as a package names it. */
function itemLabel(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const item = node as Record<string, unknown>;
  const code = item.humanCodingScheme ?? item.identifier;
  return typeof code === 'string' ? code.slice(0, 60) : '';
}

/**
 * One problem in a sentence (both languages): "Rij 4, kolom Soort: ongeldige waarde" for a spreadsheet
 * row, "In het CASE-bestand bij CFItems 4 (B1-K1) › fullStatement: verplicht, maar leeg" for a package.
 */
export function problemText(
  t: TFunction,
  problem: FrameworkProblem,
  casePackage?: Record<string, unknown>,
): string {
  const words = problemWords(t, problem.key);
  if (problem.row !== null) {
    const column = (MBO_COLUMNS as readonly string[]).includes(problem.column)
      ? t(`frameworks.columns.${problem.column}`)
      : null;
    return column
      ? t('frameworks.problem.cell', { row: problem.row, column, problem: words })
      : t('frameworks.problem.row', { row: problem.row, problem: words });
  }
  // `rows` (too many, none at all) and an empty column are the file as a whole.
  return problem.column && problem.column !== 'rows'
    ? t('frameworks.problem.package', { place: packagePlace(problem.column, casePackage), problem: words })
    : t('frameworks.problem.whole', { problem: words });
}

/**
 * The problems of the source a refused import or check names (400 validationError): `rows.<row>.<column>`
 * and `package.<path>` as the check words them; the contract's own (`source.rows.<index>.<cell>`: a cell
 * too long; `source.rows`, `source`: the file as a whole) likewise. Another field (the name) is not the
 * file's: it is left to the dialog, as is any other failure.
 */
export function refusedProblems(error: unknown): FrameworkProblem[] {
  if (!(error instanceof ApiError) || error.key !== 'validationError') return [];
  return error.fields.flatMap(({ path, key }): FrameworkProblem[] => {
    const row = /^rows\.(\d+)\.(.+)$/.exec(path);
    if (row) return [{ row: Number(row[1]), column: row[2] ?? '', key }];
    const cell = /^source\.rows\.(\d+)(?:\.(\d+))?$/.exec(path);
    if (cell) return [{ row: Number(cell[1]) + 1, column: MBO_COLUMNS[Number(cell[2])] ?? '', key }];
    const inPackage = /^(?:source\.)?package(?:\.(.*))?$/.exec(path);
    if (inPackage) return [{ row: null, column: inPackage[1] ?? '', key }];
    // The server names a problem of the rows as a whole (none, too many) by an empty path.
    if (path === '' || path === 'source' || path.startsWith('source.'))
      return [{ row: null, column: '', key }];
    return [];
  });
}

/** Problems in the file's order: the whole file first, then by row (spreadsheet) or place (package). */
export function sortedProblems(problems: readonly FrameworkProblem[]): FrameworkProblem[] {
  const columnOrder = (column: string) => {
    const index = (MBO_COLUMNS as readonly string[]).indexOf(column);
    return index === -1 ? MBO_COLUMNS.length : index;
  };
  return [...problems].sort(
    (a, b) =>
      (a.row ?? 0) - (b.row ?? 0) ||
      columnOrder(a.column) - columnOrder(b.column) ||
      a.column.localeCompare(b.column, 'en', { numeric: true }),
  );
}
