import type { FieldType } from '../contract/fields.ts';

/**
 * Typed formula errors (spec part 2 §8). On any error the display value is the original expression text.
 * The first seven codes are the spec's catalogue; the rest name the other ways an expression can fail.
 */
export type FormulaError =
  /** A path segment goes into a field that is not a group (`$Text.Sub`). */
  | { code: 'notAValidChildField'; name: string; parent: string }
  /** The reference names a field whose value cannot be used in a formula (group, upload, image, …). */
  | { code: 'unsupportedFieldType'; name: string; type: FieldType }
  /** The reference does not match exactly one field: found `count` fields with `name`. */
  | { code: 'fieldCount'; name: string; count: number }
  | { code: 'unknownFunction'; name: string }
  | { code: 'invalidDatedifUnit'; unit: string }
  | { code: 'missingClosingQuote'; position: number }
  /** The expression does not evaluate to one value (empty, or more after a complete expression). */
  | { code: 'notSingleValue' }
  | { code: 'syntax'; position: number; found: string }
  | { code: 'wrongArgumentCount'; name: string; expected: number; actual: number }
  | { code: 'invalidDate'; value: string }
  | { code: 'typeMismatch'; operator: string }
  | { code: 'divisionByZero' }
  | { code: 'emptyReference'; name: string }
  | { code: 'circularReference'; name: string }
  | { code: 'tooComplex' }
  /** Should never happen: an unexpected failure inside the evaluator (tests assert its absence). */
  | { code: 'internal' };

export type FormulaErrorCode = FormulaError['code'];

/** Carries a FormulaError out of the recursive parser and evaluator; never escapes the public functions. */
export class FormulaFailure extends Error {
  constructor(readonly error: FormulaError) {
    super(error.code);
  }
}

export function fail(error: FormulaError): never {
  throw new FormulaFailure(error);
}
