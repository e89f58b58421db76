import type { Field } from '@groeipad/core';

/**
 * The header's filter box (spec part 1 §2): only fields whose name contains the text (trimmed, any
 * letter case). A group stays when its own name matches (then with all its children) or when some
 * child matches (then with only the matching children). An empty filter keeps everything.
 */
export function filterFields(fields: readonly Field[], filter: string): Field[] {
  const wanted = filter.trim().toLocaleLowerCase();
  if (wanted === '') return [...fields];
  return filterList(fields, wanted);
}

function filterList(fields: readonly Field[], wanted: string): Field[] {
  const kept: Field[] = [];
  for (const field of fields) {
    const matches = field.name.toLocaleLowerCase().includes(wanted);
    if (field.type !== 'group') {
      if (matches) kept.push(field);
      continue;
    }
    if (matches) {
      kept.push(field);
      continue;
    }
    const children = filterList(field.children, wanted);
    if (children.length > 0) kept.push({ ...field, children });
  }
  return kept;
}
