import {
  FIELD_MAX_DEPTH,
  type Field,
  zBooleanField,
  zCalculationField,
  zCompetenceListField,
  zDateField,
  zDecimalField,
  zImageField,
  zIntegerField,
  zMultiSelectField,
  zRatingField,
  zSelectField,
  zTextField,
  zUploadField,
  zUrlField,
} from '../contract/fields.ts';
import { parseIsoDate, parseIsoDateTime } from '../dates/display.ts';

/** The value schema of each field type (the `value` of its field schema; a group has none). */
const VALUE_SCHEMAS = {
  boolean: zBooleanField.shape.value,
  calculation: zCalculationField.shape.value,
  competence_list: zCompetenceListField.shape.value,
  date: zDateField.shape.value,
  decimal: zDecimalField.shape.value,
  integer: zIntegerField.shape.value,
  image: zImageField.shape.value,
  rating: zRatingField.shape.value,
  select: zSelectField.shape.value,
  multi_select: zMultiSelectField.shape.value,
  text: zTextField.shape.value,
  url: zUrlField.shape.value,
  upload: zUploadField.shape.value,
} as const;

export interface ValueProblem {
  /** The value's uuid. */
  uuid: string;
  key: 'invalidValue' | 'tooLong';
}

function jsonList(text: string): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** What is wrong with one value for its field, or null. Empty (null) is always fine here: required is the form's rule. */
export function valueProblem(field: Field, value: unknown): ValueProblem['key'] | null {
  if (field.type === 'group') return 'invalidValue';
  if (value === null || value === undefined) return null;
  const parsed = VALUE_SCHEMAS[field.type].safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message === 'tooLong' ? 'tooLong' : 'invalidValue';
  const options = 'options' in field ? field.options.map((option) => option.value) : [];
  switch (field.type) {
    case 'date':
      return parseIsoDate(value as string) || parseIsoDateTime(value as string) ? null : 'invalidValue';
    case 'select':
      return options.includes(value as string) ? null : 'invalidValue';
    case 'multi_select': {
      const chosen = jsonList(value as string);
      return chosen?.every((item) => typeof item === 'string' && options.includes(item))
        ? null
        : 'invalidValue';
    }
    case 'image': {
      const ids = jsonList(value as string);
      return ids?.every((id) => Number.isInteger(id) && (id as number) >= 0) ? null : 'invalidValue';
    }
    default:
      return null;
  }
}

/**
 * Values of a form document (D33: values by uuid) checked against their fields' types: every value
 * belongs to a field that holds one, and has that type's shape (a number for a decimal, a date for a
 * date, one of the options for a select, ids for files). A value whose field is gone is refused too.
 */
export function formValueProblems(
  fields: readonly Field[],
  values: Readonly<Record<string, unknown>>,
): ValueProblem[] {
  const byUuid = new Map<string, Field>();
  const walk = (list: readonly Field[], depth: number) => {
    if (depth > FIELD_MAX_DEPTH) return;
    for (const field of list) {
      byUuid.set(field.uuid, field);
      if (field.type === 'group') walk(field.children, depth + 1);
    }
  };
  walk(fields, 0);
  const problems: ValueProblem[] = [];
  for (const [uuid, value] of Object.entries(values)) {
    const field = byUuid.get(uuid);
    const key = field ? valueProblem(field, value) : 'invalidValue';
    if (key) problems.push({ uuid, key });
  }
  return problems;
}
