import {
  applyFieldRightChange,
  applyReportRightChange,
  type Field,
  type FieldRights,
  type FieldType,
  fieldKey,
  type ReportRights,
  type TriState,
  triState,
} from '@groeipad/core';

/**
 * The per-field rights tables of the access editor (information and reports), as pure functions. A
 * role's map holds entries by field key (the uuid before '#'); the root key '' is the whole form or the
 * whole report. A field without its own entry inherits from its nearest group with one, else the root
 * (spec part 1 §6). The right dependencies themselves are core's (rights/dependencies.ts).
 */
export type RightsKind = 'information' | 'report';
export type RightsFlag = 'admin' | 'write' | 'read' | 'hidden';
export type RightsMap = Readonly<Record<string, ReportRights>>;

/** The key of the whole form / whole report row. */
export const ROOT_KEY = '';

export interface RightsRow {
  /** The rights key ('' for the root row). */
  key: string;
  /** A stable React key (index path), since several fields may share a rights key. */
  id: string;
  name: string;
  type: FieldType | null;
  depth: number;
}

const NONE: Required<ReportRights> = { admin: false, write: false, read: false, hidden: false };

function own(map: RightsMap, key: string): ReportRights | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** The root row followed by every field of the tree, depth first (a group before its children). */
export function rightsRows(fields: readonly Field[], rootName: string): RightsRow[] {
  const rows: RightsRow[] = [{ key: ROOT_KEY, id: 'root', name: rootName, type: null, depth: 0 }];
  const walk = (list: readonly Field[], depth: number, path: string) => {
    list.forEach((field, index) => {
      const id = `${path}.${index}`;
      rows.push({ key: fieldKey(field.uuid), id, name: field.name, type: field.type, depth });
      if (field.type === 'group') walk(field.children, depth + 1, id);
    });
  };
  walk(fields, 1, 'f');
  return rows;
}

/**
 * What each key shows: its own entry, else the inherited one. Only the report root keeps `admin`;
 * fields never carry it (it is ignored under field keys).
 */
export function effectiveRights(
  fields: readonly Field[],
  map: RightsMap,
): Record<string, Required<ReportRights>> {
  const rootOwn = own(map, ROOT_KEY);
  const root = rootOwn ? { ...NONE, ...rootOwn, admin: rootOwn.admin === true } : NONE;
  const result: Record<string, Required<ReportRights>> = {};
  Object.defineProperty(result, ROOT_KEY, { value: root, enumerable: true, writable: true });
  const walk = (list: readonly Field[], inherited: Required<ReportRights>) => {
    for (const field of list) {
      const key = fieldKey(field.uuid);
      const entry = own(map, key);
      const rights = entry
        ? { admin: false, write: entry.write, read: entry.read, hidden: entry.hidden }
        : { ...inherited, admin: false };
      if (!Object.hasOwn(result, key))
        Object.defineProperty(result, key, { value: rights, enumerable: true, writable: true });
      if (field.type === 'group') walk(field.children, rights);
    }
  };
  walk(fields, root);
  return result;
}

/** Whether a key has its own entry (not inherited). */
export function hasOwnRights(map: RightsMap, key: string): boolean {
  return own(map, key) !== undefined;
}

/** Whether a flag is offered on a row: admin only on the whole report. */
export function flagApplies(kind: RightsKind, key: string, flag: RightsFlag): boolean {
  return flag !== 'admin' || (kind === 'report' && key === ROOT_KEY);
}

/** The tri-state of one flag over the selected keys (checked, unchecked or mixed; spec part 1 §4). */
export function selectionState(
  kind: RightsKind,
  effective: Readonly<Record<string, Required<ReportRights>>>,
  keys: readonly string[],
  flag: RightsFlag,
): TriState {
  const eligible = keys.filter((key) => flagApplies(kind, key, flag) && Object.hasOwn(effective, key));
  return triState(eligible.map((key) => effective[key]?.[flag] === true));
}

function changed(
  kind: RightsKind,
  key: string,
  base: Required<ReportRights>,
  flag: RightsFlag,
  value: boolean,
) {
  if (kind === 'report' && key === ROOT_KEY) return applyReportRightChange(base, { flag, value });
  const field: FieldRights = { write: base.write, read: base.read, hidden: base.hidden };
  if (flag === 'admin') return field;
  return applyFieldRightChange(field, { flag, value });
}

/**
 * Sets `flag` to `value` on every given key with the right dependencies applied (core): each key starts
 * from what it shows (own or inherited) and gets its own entry. Other entries stay as they are.
 */
export function withFlag(
  kind: RightsKind,
  fields: readonly Field[],
  map: RightsMap,
  keys: readonly string[],
  flag: RightsFlag,
  value: boolean,
): Record<string, ReportRights> {
  const effective = effectiveRights(fields, map);
  const updates = keys
    .filter((key) => flagApplies(kind, key, flag))
    .map((key) => [key, changed(kind, key, effective[key] ?? NONE, flag, value)] as const);
  const touched = new Set(updates.map(([key]) => key));
  return Object.fromEntries([...Object.entries(map).filter(([key]) => !touched.has(key)), ...updates]);
}

/** The map without a key's own entry: the field inherits again. */
export function withoutOwnRights(map: RightsMap, key: string): Record<string, ReportRights> {
  return Object.fromEntries(Object.entries(map).filter(([entry]) => entry !== key));
}
