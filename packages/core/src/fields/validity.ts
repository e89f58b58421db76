import type { CompetenceLevel, Field, RatingInfo } from '../contract/fields.ts';
import { DEFAULT_SCORE_COLOUR } from './colour.ts';
import { walkFields } from './tree.ts';
import { parseImageValue } from './values.ts';

/**
 * Field validity (spec part 1 §5). Only required fields can be in error:
 * - text, url, calculation: empty (blank after trimming);
 * - select: the value is not among the options;
 * - date, decimal, integer: no value (a number must also be finite; an integer whole);
 * - image: valid when a file exists (the JSON list holds at least one resource id).
 * Other types have no rule of their own.
 */
export function fieldError(field: Field): 'required' | null {
  if (!field.required) return null;
  switch (field.type) {
    case 'text':
    case 'url':
    case 'calculation':
      return typeof field.value === 'string' && field.value.trim() !== '' ? null : 'required';
    case 'select':
      return field.options.some((option) => option.value === field.value) ? null : 'required';
    case 'date':
      return typeof field.value === 'string' && field.value.trim() !== '' ? null : 'required';
    case 'decimal':
      return typeof field.value === 'number' && Number.isFinite(field.value) ? null : 'required';
    case 'integer':
      return typeof field.value === 'number' && Number.isInteger(field.value) ? null : 'required';
    case 'image':
      return parseImageValue(field.value).length > 0 ? null : 'required';
    default:
      return null;
  }
}

/** Every field in error, groups descended (saving is blocked while any exists: invalidDocumentContent). */
export function invalidFields(fields: readonly Field[]): { uuid: string; key: 'required' }[] {
  const problems: { uuid: string; key: 'required' }[] = [];
  for (const { field } of walkFields(fields)) {
    const key = fieldError(field);
    if (key) problems.push({ uuid: field.uuid, key });
  }
  return problems;
}

export function areFieldsValid(fields: readonly Field[]): boolean {
  return invalidFields(fields).length === 0;
}

/** A new score entry of a rating field: default colour gold. */
export function newRatingInfo(position: number): RatingInfo {
  return { name: String(position), description: '', colour: DEFAULT_SCORE_COLOUR };
}

/** The score count entry: adds entries (gold) or removes from the end until there are `count`. */
export function resizeRatingInfo(info: readonly RatingInfo[], count: number): RatingInfo[] {
  const wanted = Math.max(0, Math.floor(count));
  const next = info.slice(0, wanted);
  while (next.length < wanted) next.push(newRatingInfo(next.length + 1));
  return next;
}

/** A new competence-list level number must be a whole number of at least 1 and not in use. */
export function canAddCompetenceLevel(levels: readonly CompetenceLevel[], level: number): boolean {
  return Number.isInteger(level) && level >= 1 && !levels.some((existing) => existing.level === level);
}
