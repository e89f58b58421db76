import type { Field } from '../contract/fields.ts';
import { displayDateToIso } from '../dates/display.ts';
import { walkFields } from './tree.ts';
import { parseDecimal, parseInteger } from './values.ts';

/**
 * D14: the spreadsheet row of the create dialog fills the information fields whose name matches a
 * column (trimmed, case-insensitive). Answers `{uuid: value}` for the fields it can fill: text and url
 * as they are, numbers parsed, dates from dd/MM/yyyy or yyyy-MM-dd, a select only with one of its
 * options; other types and values that do not fit are left alone.
 */
export function valuesFromInformation(
  fields: readonly Field[],
  information: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const byName = new Map<string, string>();
  for (const [column, value] of Object.entries(information)) byName.set(column.trim().toLowerCase(), value);
  const values: Record<string, unknown> = {};
  for (const { field } of walkFields(fields)) {
    const text = byName.get(field.name.trim().toLowerCase());
    if (text === undefined || text.trim() === '') continue;
    const value = fieldValue(field, text.trim());
    if (value !== undefined) values[field.uuid] = value;
  }
  return values;
}

function fieldValue(field: Field, text: string): unknown {
  switch (field.type) {
    case 'text':
    case 'url':
      return text;
    case 'integer':
      return parseInteger(text) ?? undefined;
    case 'decimal':
      return parseDecimal(text) ?? undefined;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : (displayDateToIso(text) ?? undefined);
    case 'select':
      return field.options.some((option) => option.value === text) ? text : undefined;
    default:
      return undefined;
  }
}
