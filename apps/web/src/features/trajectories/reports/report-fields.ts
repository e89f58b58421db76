import { type Field, fieldLabel, walkFields } from '@groeipad/core';
import { type FormRights, formRights } from '../form/form-rights';

/**
 * The report's fields as the form components read them. The server sends only what the reader may
 * read (D15, spec part 1 §6 "fields appear only if the role has an entry") and the uuids they may write
 * (`writable`, D1), so the rights are read off the answer instead of derived again.
 */
export function reportRights(structure: readonly Field[], writable: readonly string[]): FormRights {
  return formRights(structure, writable);
}

/**
 * The labels of a report's fields, once each in tree order: the part after '#' in a field uuid
 * (spec part 1 §3; core fieldLabel). A label filter sits above the report form (spec part 1 §2).
 */
export function reportLabels(fields: readonly Field[]): string[] {
  const labels: string[] = [];
  for (const { field } of walkFields(fields)) {
    const label = fieldLabel(field.uuid)?.trim();
    if (label && !labels.includes(label)) labels.push(label);
  }
  return labels;
}

/**
 * The fields carrying one of the chosen labels: a group with a chosen label keeps all its children;
 * another group stays with only its matching children. No label chosen keeps everything.
 */
export function filterByLabels(fields: readonly Field[], chosen: readonly string[]): Field[] {
  if (chosen.length === 0) return [...fields];
  const wanted = new Set(chosen);
  const keep = (list: readonly Field[]): Field[] => {
    const kept: Field[] = [];
    for (const field of list) {
      const label = fieldLabel(field.uuid)?.trim();
      if (label && wanted.has(label)) kept.push(field);
      else if (field.type === 'group') {
        const children = keep(field.children);
        if (children.length > 0) kept.push({ ...field, children });
      }
    }
    return kept;
  };
  return keep(fields);
}
