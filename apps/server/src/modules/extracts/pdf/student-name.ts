import {
  evaluateFormula,
  type Field,
  type FormContent,
  formatFormulaValue,
  parseMultiSelectValue,
  showDate,
} from '@groeipad/core';

/**
 * The student's name on an extract comes from the information field the extract blueprint names in
 * `studentNamePath` (D36), written as a formula reference (D21): `Naam`, `Student.Naam`, `$Naam`,
 * `$Student.Naam` or `$[Student.Voor naam]`. The form passed in is what the requesting user may read:
 * a hidden field is simply not found, so its value never reaches the PDF.
 */

/** The name segments of a path; [] when the path names nothing. */
export function parseFieldPath(path: string): string[] {
  let text = path.trim();
  if (text.startsWith('$')) text = text.slice(1).trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const segments = text.split('.').map((segment) => segment.trim());
  return segments.some((segment) => segment === '') ? [] : segments;
}

/** Fields at `path`, exact names first; when none match exactly, names compared trimmed and case-insensitively. */
function fieldsAt(fields: readonly Field[], path: readonly string[]): Field[] {
  const [head, ...rest] = path;
  if (head === undefined) return [];
  let matches = fields.filter((field) => field.name === head);
  if (matches.length === 0) {
    const wanted = head.toLowerCase();
    matches = fields.filter((field) => field.name.trim().toLowerCase() === wanted);
  }
  if (rest.length === 0) return matches;
  return matches.flatMap((field) => (field.type === 'group' ? fieldsAt(field.children, rest) : []));
}

/** The fields with their values put back in place (what the formula evaluator reads). */
function withValues(fields: readonly Field[], values: Readonly<Record<string, unknown>>): Field[] {
  return fields.map((field) => {
    if (field.type === 'group') return { ...field, children: withValues(field.children, values) };
    const value = Object.hasOwn(values, field.uuid) ? values[field.uuid] : undefined;
    return { ...field, value } as Field;
  });
}

/** A field's value as one line of text; null when it has no text to show. */
function valueText(field: Field, value: unknown, form: FormContent, now: Date): string | null {
  switch (field.type) {
    case 'text':
    case 'url':
    case 'select':
      return typeof value === 'string' ? value : null;
    case 'integer':
    case 'decimal':
    case 'rating':
      return typeof value === 'number' || typeof value === 'string' ? String(value) : null;
    case 'date':
      return typeof value === 'string' ? showDate(value) || value : null;
    case 'multi_select':
      return typeof value === 'string' ? parseMultiSelectValue(value).join(', ') : null;
    case 'calculation': {
      if (typeof value !== 'string') return null;
      // Over the fields the reader may see only (D18): a formula needing a hidden field gives no name.
      const result = evaluateFormula(
        value,
        { fields: withValues(form.fields, form.values), now },
        field.uuid,
      );
      return result.ok ? formatFormulaValue(result.value) : null;
    }
    default:
      return null;
  }
}

/** The student's name from the form at `path`, trimmed and on one line; null when there is none. */
export function resolveStudentName(
  form: FormContent | null | undefined,
  path: string,
  now: Date,
): string | null {
  if (!form) return null;
  const segments = parseFieldPath(path);
  if (segments.length === 0) return null;
  for (const field of fieldsAt(form.fields, segments)) {
    if (field.type === 'group') continue;
    const value = Object.hasOwn(form.values, field.uuid) ? form.values[field.uuid] : undefined;
    const text = valueText(field, value, form, now)?.replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return null;
}
