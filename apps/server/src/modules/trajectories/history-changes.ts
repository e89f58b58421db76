import {
  type Criterion,
  codedName,
  type EntryChange,
  type Evaluation,
  type EvaluationCompetence,
  type Field,
  type FieldAccess,
  type FieldChange,
  type JsonValue,
  jsonEqual,
  walkFields,
} from '@groeipad/core';

/**
 * The change history's pure part (issue 9 "Change history with restore"): what one save of the engine
 * changed, in terms a reader understands — values of fields they may read (form, report) or dated
 * entries added and deleted (evaluation, D2) — from the document before and after it.
 */

/** What a reader knows of one field of a tree: where it sits and whether they may read it. */
export interface KnownField {
  field: Field;
  groups: string[];
  /** Depth-first position, to list changes in the form's order. */
  order: number;
  read: boolean;
}

export type FieldIndex = ReadonlyMap<string, KnownField>;

/** The fields of a tree by uuid, with their group names and the reader's read flag. */
export function fieldIndex(fields: readonly Field[], access: ReadonlyMap<Field, FieldAccess>): FieldIndex {
  const index = new Map<string, KnownField>();
  let order = 0;
  for (const { field, ancestors } of walkFields(fields)) {
    if (field.type === 'group') continue;
    index.set(field.uuid, {
      field,
      groups: ancestors.map((group) => group.name),
      order: order++,
      read: access.get(field)?.read === true,
    });
  }
  return index;
}

/**
 * Remembers the index of each field tree it was asked for (by identity: the engine's patches copy only
 * the path they change, so a tree no save touched stays the same object from version to version).
 */
export function fieldIndexCache(build: (fields: readonly Field[]) => FieldIndex) {
  const cache = new WeakMap<readonly Field[], FieldIndex>();
  return (fields: readonly Field[]): FieldIndex => {
    let index = cache.get(fields);
    if (!index) {
      index = build(fields);
      cache.set(fields, index);
    }
    return index;
  };
}

type Values = Readonly<Record<string, unknown>>;

/** A field document (form `{fields, values}` or report `{structure, values}`) as the history reads it. */
export interface FieldDocumentShape {
  tree(content: JsonValue): readonly Field[];
  values(content: JsonValue): Values;
}

const objectOf = (value: unknown): Values =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {};
const listOf = (value: unknown): readonly Field[] => (Array.isArray(value) ? (value as Field[]) : []);

export const FORM_SHAPE: FieldDocumentShape = {
  tree: (content) => listOf(objectOf(content).fields),
  values: (content) => objectOf(objectOf(content).values),
};
export const REPORT_SHAPE: FieldDocumentShape = {
  tree: (content) => listOf(objectOf(content).structure),
  values: (content) => objectOf(objectOf(content).values),
};

/**
 * The values one save changed that the reader may read, in the form's order. Readability is judged by
 * the reader's rights now: on the current tree when the field is still there, else on the tree of that
 * version (a field removed since, D10). A value whose field the reader cannot find or read is left out,
 * before and after alike (hidden values never leave the server, D18). `current` tells which side the
 * field holds now (`current.values`: the current document's values).
 */
export function fieldChanges(
  shape: FieldDocumentShape,
  before: JsonValue,
  after: JsonValue,
  current: { index: FieldIndex; values: Values },
  indexOf: (fields: readonly Field[]) => FieldIndex,
): FieldChange[] {
  const old = shape.values(before);
  const now = shape.values(after);
  if (old === now) return [];
  const uuids = new Set([...Object.keys(old), ...Object.keys(now)]);
  const found: (FieldChange & { order: number })[] = [];
  for (const uuid of uuids) {
    const was = Object.hasOwn(old, uuid) ? old[uuid] : null;
    const is = Object.hasOwn(now, uuid) ? now[uuid] : null;
    if (jsonEqual((was ?? null) as JsonValue, (is ?? null) as JsonValue)) continue;
    const then = indexOf(shape.tree(after)).get(uuid) ?? indexOf(shape.tree(before)).get(uuid);
    const judged = current.index.get(uuid) ?? then;
    if (!then || !judged?.read) continue;
    const holds = (Object.hasOwn(current.values, uuid) ? current.values[uuid] : null) ?? null;
    found.push({
      field: then.field,
      groups: then.groups,
      before: was ?? null,
      after: is ?? null,
      current: jsonEqual(holds as JsonValue, (was ?? null) as JsonValue)
        ? 'before'
        : jsonEqual(holds as JsonValue, (is ?? null) as JsonValue)
          ? 'after'
          : null,
      order: judged.order,
    });
  }
  found.sort((a, b) => a.order - b.order);
  return found.map(({ order: _order, ...change }) => change);
}

interface PlacedCompetence {
  competence: EvaluationCompetence;
  path: string[];
}

/** Every competence of the tree by uuid, with the names of the clusters above it (D3). */
export function competencesByUuid(criteria: readonly Criterion[]): Map<string, PlacedCompetence> {
  const found = new Map<string, PlacedCompetence>();
  const walk = (nodes: readonly Criterion[], path: string[]) => {
    for (const node of nodes) {
      if (node.type === 'cluster') walk(node.subsections ?? [], [...path, node.name]);
      else if (!found.has(node.uuid)) found.set(node.uuid, { competence: node, path });
    }
  };
  walk(criteria, []);
  return found;
}

/** The indexes from the top of the tree down to the competence `uuid`, or null when it is not there. */
export function competenceIndexes(criteria: readonly Criterion[], uuid: string): number[] | null {
  const search = (nodes: readonly Criterion[], trail: number[]): number[] | null => {
    for (const [index, node] of nodes.entries()) {
      const here = [...trail, index];
      if (node.type === 'competence') {
        if (node.uuid === uuid) return here;
      } else {
        const inner = search(node.subsections ?? [], here);
        if (inner) return inner;
      }
    }
    return null;
  };
  return search(criteria, []);
}

/**
 * The dated entries one save of the evaluation added or deleted (D2), in tree order and by timestamp. An
 * entry that changed in place (never through the write right; a D10 move could) counts as deleted and
 * added again.
 */
export function entryChanges(before: JsonValue, after: JsonValue): EntryChange[] {
  const criteriaOf = (content: JsonValue) =>
    ((content as Partial<Evaluation> | null)?.criteria ?? []) as Criterion[];
  const old = criteriaOf(before);
  const now = criteriaOf(after);
  if (old === now) return [];
  const was = competencesByUuid(old);
  const is = competencesByUuid(now);
  const changes: EntryChange[] = [];
  const describe = (placed: PlacedCompetence, change: 'added' | 'removed', entry: string) => ({
    competence: placed.competence.uuid,
    competenceName: codedName(placed.competence),
    path: placed.path,
    change,
    entry,
    properties: placed.competence.properties[entry]!,
  });
  const compare = (earlier: PlacedCompetence | undefined, later: PlacedCompetence | undefined) => {
    const a = earlier?.competence.properties ?? {};
    const b = later?.competence.properties ?? {};
    if (a === b) return;
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      const inA = Object.hasOwn(a, key);
      const inB = Object.hasOwn(b, key);
      if (inA && inB && jsonEqual(a[key] as JsonValue, b[key] as JsonValue)) continue;
      if (inA && earlier) changes.push(describe(earlier, 'removed', key));
      if (inB && later) changes.push(describe(later, 'added', key));
    }
  };
  for (const [uuid, later] of is) compare(was.get(uuid), later);
  for (const [uuid, earlier] of was) if (!is.has(uuid)) compare(earlier, undefined);
  return changes;
}

/** Resource ids in an upload value (a list) or an image value (JSON text of a list). */
export function fileIdsOf(field: Field, value: unknown): number[] {
  if (field.type !== 'upload' && field.type !== 'image') return [];
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
