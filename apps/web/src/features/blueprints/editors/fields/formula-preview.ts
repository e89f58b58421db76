import { evaluateFormula, type Field, type FormulaError, formatFormulaValue } from '@groeipad/core';
import { siblingsOf } from './field-tree';

export type FormulaPreview =
  | { kind: 'empty' }
  | { kind: 'value'; text: string }
  /** The error, and what a form shows instead: the expression text itself (spec part 2 §5). */
  | { kind: 'error'; error: FormulaError; fallback: string };

/**
 * The live preview of a calculation field in the builder: the expression evaluated by core's formula
 * engine against the form's own fields and their (blueprint) values, with the field's group as the
 * first scope of references (D21: `$name`, `$group.name`, `$[name with spaces]`).
 */
export function formulaPreview(
  expression: string,
  fields: readonly Field[],
  uuid: string,
  now: Date,
): FormulaPreview {
  if (expression.trim() === '') return { kind: 'empty' };
  const scope = siblingsOf(fields, uuid) ?? fields;
  const result = evaluateFormula(expression, { fields, scope, now }, uuid);
  return result.ok
    ? { kind: 'value', text: formatFormulaValue(result.value) }
    : { kind: 'error', error: result.error, fallback: expression };
}

/** The interpolation values of a formula error's message (`formula.<code>` in the locales). */
export function formulaErrorValues(error: FormulaError): Record<string, string | number> {
  const { code: _code, ...values } = error;
  return values as Record<string, string | number>;
}
