import type { TrajectoryImportProblem } from '@groeipad/core';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';

/** The fields of a row (and the import's own `studentRole`) the preview words problems of. */
const WORDED: Record<string, readonly string[]> = {
  name: ['required', 'tooLong', 'duplicate', 'titleExists'],
  email: ['invalidEmail', 'tooLong'],
  description: ['tooLong'],
  information: ['tooLong', 'invalidValue', 'forbidden'],
  studentRole: ['unknownRole', 'userWithoutRight'],
};

/**
 * A problem in words (both languages): per field and key, naming the column of an information
 * problem (`information.Klas`) and the chosen role; anything else as the field and the message key's
 * general text.
 */
export function problemText(t: TFunction, problem: TrajectoryImportProblem, studentRole: string): string {
  const [field = '', ...rest] = problem.field.split('.');
  const column = rest.join('.');
  if (WORDED[field]?.includes(problem.key))
    return t(`trajectories.import.problems.${field}.${problem.key}`, { column, role: studentRole });
  return t('trajectories.import.problems.other', {
    field: problem.field,
    message: t(`messages.${problem.key}`, { defaultValue: t('messages.invalidValue') }),
  });
}

/**
 * The problems a refused import names (400 validationError, `rows.<row>.<field>` or `studentRole`): the
 * preview shows them as the check's. Empty for any other failure.
 */
export function refusedProblems(error: unknown): TrajectoryImportProblem[] {
  if (!(error instanceof ApiError) || error.key !== 'validationError') return [];
  return error.fields.map(({ path, key }) => {
    const match = /^rows\.(\d+)\.(.+)$/.exec(path);
    return match ? { row: Number(match[1]), field: match[2] ?? '', key } : { row: null, field: path, key };
  });
}
