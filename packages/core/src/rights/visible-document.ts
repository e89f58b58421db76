import type { TrajectoryRole } from '../contract/access.ts';
import type { Field } from '../contract/fields.ts';
import { maskHiddenReferences } from '../formula/evaluate.ts';
import { ownEntry, setEntry } from '../util/own-key.ts';
import type { EffectiveRights } from './effective.ts';
import type { FieldAccess } from './field-access.ts';
import { informationFieldAccess, reportFieldAccess } from './field-access.ts';

/**
 * What a user may read of a document (design principle 2: hidden fields never leave the server).
 *
 * Document shapes assumed (other top-level properties pass through unchanged):
 * - information form: `{ fields: Field[] }`, values inside the fields;
 * - report: `{ name, structure?: Field[], fields?: Field[], values?: Record<uuid, unknown> }` where `name`
 *   is the report blueprint name (the key of reportRights), `structure`/`fields` the field tree and
 *   `values` the values keyed by full field uuid (label included);
 * - evaluation: any object; all or nothing on evaluationRights.read.
 *
 * A field is kept when it is readable (see field-access.ts); a kept group keeps only its readable children.
 * Unreadable fields (hidden or simply without read) are removed entirely, name included.
 */
export interface FormDocument {
  fields: Field[];
  /** D33: values keyed by field uuid, beside the field tree. */
  values?: Record<string, unknown>;
}
export interface ReportDocument {
  name: string;
  structure?: Field[];
  fields?: Field[];
  values?: Record<string, unknown>;
}

function keepReadable(fields: readonly Field[], access: ReadonlyMap<Field, FieldAccess>): Field[] {
  const kept: Field[] = [];
  for (const field of fields) {
    if (access.get(field)?.read !== true) continue;
    kept.push(field.type === 'group' ? { ...field, children: keepReadable(field.children, access) } : field);
  }
  return kept;
}

/**
 * D18, D40: a readable calculation's expression names only fields the reader may see — each other
 * reference reads `$…` — in the tree (a default expression) and in `values`. `fields` is the visible tree.
 */
function maskCalculations(fields: readonly Field[], values: Record<string, unknown> | undefined): Field[] {
  const mask = (list: readonly Field[]): Field[] =>
    list.map((field) => {
      if (field.type === 'group') return { ...field, children: mask(field.children) };
      if (field.type !== 'calculation') return field;
      const context = { fields, scope: list };
      const stored = values ? ownEntry(values, field.uuid) : undefined;
      if (values && typeof stored === 'string')
        setEntry(values, field.uuid, maskHiddenReferences(stored, context));
      return typeof field.value === 'string'
        ? { ...field, value: maskHiddenReferences(field.value, context) }
        : field;
    });
  return mask(fields);
}

export function visibleForm<T extends FormDocument>(form: T, roles: readonly TrajectoryRole[]): T {
  const access = informationFieldAccess(form.fields, roles);
  const visible: T = { ...form, fields: keepReadable(form.fields, access) };
  if (form.values) {
    const readable = readableUuids(access);
    const values: Record<string, unknown> = {};
    for (const [uuid, value] of Object.entries(form.values))
      if (readable.has(uuid)) setEntry(values, uuid, value);
    visible.values = values;
  }
  visible.fields = maskCalculations(visible.fields, visible.values);
  return visible;
}

function readableUuids(access: ReadonlyMap<Field, FieldAccess>): Set<string> {
  const uuids = new Set<string>();
  for (const [field, entry] of access) if (entry.read) uuids.add(field.uuid);
  return uuids;
}

/**
 * The report as the user may read it, or null when they may not read it at all (no readable field and no
 * readable whole report).
 */
export function visibleReport<T extends ReportDocument>(
  report: T,
  roles: readonly TrajectoryRole[],
): T | null {
  const tree = report.structure ?? report.fields ?? [];
  const access = reportFieldAccess(tree, roles, report.name);
  const visible: T = { ...report };
  if (report.values) {
    const readable = readableUuids(access);
    const values: Record<string, unknown> = {};
    for (const [uuid, value] of Object.entries(report.values)) {
      if (readable.has(uuid)) setEntry(values, uuid, value);
    }
    visible.values = values;
  }
  if (report.structure)
    visible.structure = maskCalculations(keepReadable(report.structure, access), visible.values);
  // The values' expressions are masked once, with the structure (the tree D15 keeps beside them).
  if (report.fields)
    visible.fields = maskCalculations(
      keepReadable(report.fields, access),
      report.structure ? undefined : visible.values,
    );
  const anyField = [...access.values()].some((entry) => entry.read);
  const whole = roles.some((role) => {
    const entry = ownEntry(ownEntry(role.reportRights, report.name), '');
    return entry !== undefined && (entry.read || entry.write || entry.admin === true);
  });
  return anyField || whole ? visible : null;
}

/** The evaluation when the user may read it (evaluationRights.read, or write), else null (noAccess). */
export function visibleEvaluation<T>(evaluation: T, rights: EffectiveRights): T | null {
  return rights.evaluation.read || rights.evaluation.write ? evaluation : null;
}
