import type { Field } from '@groeipad/core';

export interface FormContent {
  fields: Field[];
  values: Record<string, unknown>;
}

/** Resource ids in an upload value (a list) or an image value (JSON text of a list, or a list). */
function idsOf(value: unknown): number[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((id): id is number => Number.isInteger(id)) : [];
}

/**
 * Every file a form refers to (D33: values by uuid): uploads and images among the values, and the
 * attachments of select options among the fields. A part left out (a report its reader may not see at
 * all) names none.
 */
export function formResourceIds(form: Partial<FormContent>): number[] {
  const ids: number[] = [];
  const values = form.values ?? {};
  const walk = (fields: readonly Field[]) => {
    for (const field of fields) {
      if (field.type === 'group') walk(field.children);
      if ((field.type === 'select' || field.type === 'multi_select') && field.options)
        for (const option of field.options) ids.push(...option.attachments);
      if (field.type === 'upload' || field.type === 'image') ids.push(...idsOf(values[field.uuid]));
    }
  };
  walk(form.fields ?? []);
  return [...new Set(ids)];
}
