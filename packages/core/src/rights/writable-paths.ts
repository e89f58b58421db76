import type { TrajectoryRole } from '../contract/access.ts';
import type { Field } from '../contract/fields.ts';
import { formatPointer, parsePointer } from '../patch/pointer.ts';
import type { EffectiveRights } from './effective.ts';
import type { FieldAccess } from './field-access.ts';
import { informationFieldAccess, reportFieldAccess } from './field-access.ts';
import type { FormDocument, ReportDocument } from './visible-document.ts';

/**
 * Which JSON Patch paths a user may change (design principle 3: every operation is checked).
 *
 * The result is a list of JSON Pointer prefixes (as unescaped segment lists). A pointer is writable when it
 * equals a prefix or lies beneath one. Shapes (see visible-document.ts):
 * - form `{ fields }`: `/fields/{i}/value`, `/fields/{i}/children/{j}/value`, … for every writable non-group
 *   field. The structure itself (adding, removing or moving fields, names, options) is never writable here,
 *   so value operations never shift indices and every operation can be checked against the stored document;
 * - report: the same under `/structure/…` and `/fields/…`, plus `/values/{uuid}` for the values map;
 * - evaluation: the whole document ('' prefix) with evaluationRights.write, else nothing;
 * - access `{ roles, users }`: the whole document with adminRights.rights (then check canNotRevokeRight on
 *   the result).
 */
export interface WritablePaths {
  readonly prefixes: readonly (readonly string[])[];
}

export const NOTHING_WRITABLE: WritablePaths = { prefixes: [] };
export const EVERYTHING_WRITABLE: WritablePaths = { prefixes: [[]] };

/**
 * RFC 6901 segments of a pointer, or null when the pointer is malformed or has a forbidden segment
 * (`__proto__`, `constructor`, `prototype`): the same parser the patch engine uses, without throwing.
 */
export function pointerSegments(pointer: string): string[] | null {
  try {
    return parsePointer(pointer);
  } catch {
    return null;
  }
}

/** The prefixes as JSON Pointer strings (e.g. for sending abilities to the client). */
export function writablePointers(writable: WritablePaths): string[] {
  return writable.prefixes.map(formatPointer);
}

/** True when the pointer is well-formed and equals or lies beneath a writable prefix. */
export function canWritePath(writable: WritablePaths, pointer: string): boolean {
  const segments = pointerSegments(pointer);
  if (segments === null) return false;
  return writable.prefixes.some(
    (prefix) =>
      prefix.length <= segments.length && prefix.every((segment, index) => segments[index] === segment),
  );
}

/** A JSON Patch operation as far as rights are concerned. */
export interface PatchOperationPaths {
  op: string;
  path: string;
  from?: string;
}

/**
 * True when every operation may be applied: its `path` is writable and, for move and copy, so is `from`
 * (a copy from a field the user cannot write could leak a value they cannot read). `test` operations need a
 * writable path as well, so they cannot probe unreadable values.
 */
export function canApplyPatch(writable: WritablePaths, operations: readonly PatchOperationPaths[]): boolean {
  return operations.every(
    (operation) =>
      canWritePath(writable, operation.path) &&
      (operation.from === undefined || canWritePath(writable, operation.from)),
  );
}

/**
 * Values are addressed by field uuid, never by position (D1, D15, D33): a writable field opens
 * `/values/{uuid}` (and below it, for list values); the field tree itself is never writable here.
 */
function valuePrefixes(access: ReadonlyMap<Field, FieldAccess>): string[][] {
  const out: string[][] = [];
  for (const [field, entry] of access)
    if (entry.write && field.type !== 'group') out.push(['values', field.uuid]);
  return out;
}

export function formWritablePaths(form: FormDocument, roles: readonly TrajectoryRole[]): WritablePaths {
  return { prefixes: valuePrefixes(informationFieldAccess(form.fields, roles)) };
}

export function reportWritablePaths(report: ReportDocument, roles: readonly TrajectoryRole[]): WritablePaths {
  const tree = report.structure ?? report.fields ?? [];
  return { prefixes: valuePrefixes(reportFieldAccess(tree, roles, report.name)) };
}

export function evaluationWritablePaths(rights: EffectiveRights): WritablePaths {
  return rights.evaluation.write ? EVERYTHING_WRITABLE : NOTHING_WRITABLE;
}

export function accessWritablePaths(rights: EffectiveRights): WritablePaths {
  return rights.admin.rights ? EVERYTHING_WRITABLE : NOTHING_WRITABLE;
}
