import {
  type CompetenceProperties,
  type Criterion,
  type Evaluation,
  formatPointer,
  type JsonValue,
  type PatchOperation,
  parsePointer,
} from '@groeipad/core';
import type { DraftOperation } from './types';

/**
 * The operations of a draft: made from the editor's JSON Patch, re-based onto a newer version after a
 * 409, and turned back into the JSON Patch the server takes with the uploaded files' ids filled in.
 */

/** Each competence's JSON pointer in a tree (`/criteria/0/subsections/1/subsections/2`), by uuid. */
export function competencePointers(criteria: readonly Criterion[]): Map<string, string> {
  const pointers = new Map<string, string>();
  const walk = (nodes: readonly Criterion[], segments: readonly string[]) => {
    nodes.forEach((node, index) => {
      const here = [...segments, String(index)];
      if (node.type === 'competence') {
        if (!pointers.has(node.uuid)) pointers.set(node.uuid, formatPointer(here));
      } else walk(node.subsections, [...here, 'subsections']);
    });
  };
  walk(criteria, ['criteria']);
  return pointers;
}

/** `{competence pointer, timestamp}` of an entry path `…/properties/{timestamp}`; null for any other path. */
function splitEntryPath(path: string): { competence: string; timestamp: string } | null {
  let segments: string[];
  try {
    segments = parsePointer(path);
  } catch {
    return null;
  }
  if (segments.length < 4 || segments.at(-2) !== 'properties') return null;
  return { competence: formatPointer(segments.slice(0, -2)), timestamp: segments.at(-1)! };
}

/** The entry's timestamp of a draft operation. */
export function operationTimestamp(operation: DraftOperation): string {
  return splitEntryPath(operation.path)?.timestamp ?? '';
}

/**
 * The editor's JSON Patch (adds and removes of dated entries, D2) as draft operations: each with the
 * uuid of the competence it touches in `base`, the version it was made on. Anything else is refused:
 * the server would refuse it too (403), and a draft must never hold what cannot be sent.
 */
export function draftOperations(base: Evaluation, patch: readonly PatchOperation[]): DraftOperation[] {
  const uuids = new Map([...competencePointers(base.criteria)].map(([uuid, pointer]) => [pointer, uuid]));
  return patch.map((operation) => {
    const place = splitEntryPath(operation.path);
    const uuid = place ? uuids.get(place.competence) : undefined;
    if (!place || uuid === undefined || (operation.op !== 'add' && operation.op !== 'remove'))
      throw new Error(`not an entry operation: ${operation.op} ${operation.path}`);
    return operation.op === 'add'
      ? {
          op: 'add',
          path: operation.path,
          competenceUuid: uuid,
          value: operation.value as CompetenceProperties,
        }
      : { op: 'remove', path: operation.path, competenceUuid: uuid };
  });
}

/** What re-basing a draft onto a newer version did. */
export interface Rebased {
  /** The operations with paths in the newer tree. */
  readonly operations: DraftOperation[];
  /** Adds whose entry is there already (sent before, the answer lost) and removes of entries gone. */
  readonly skipped: number;
  /** Uuids of competences the newer version no longer has: their operations are dropped. */
  readonly missing: string[];
}

/**
 * A draft's operations on a newer version (after a 409 staleDocument, D29), as the editor's 409 does
 * (`entry-changes.ts` `applyEntryChanges`): entries are independent dated additions (D2), so each add is
 * placed by its competence's uuid in the newer tree with its own timestamp, unless that entry exists
 * already; a remove only where the entry is still there. Their entries stay beside mine; "latest" is
 * the newest moment, whoever wrote it.
 */
export function rebaseOperations(newest: Evaluation, operations: readonly DraftOperation[]): Rebased {
  const pointers = competencePointers(newest.criteria);
  const properties = new Map<string, Readonly<Record<string, unknown>>>();
  for (const node of walkCompetences(newest.criteria)) properties.set(node.uuid, node.properties);
  const rebased: DraftOperation[] = [];
  const missing = new Set<string>();
  let skipped = 0;
  for (const operation of operations) {
    const pointer = pointers.get(operation.competenceUuid);
    if (pointer === undefined) {
      missing.add(operation.competenceUuid);
      continue;
    }
    const timestamp = operationTimestamp(operation);
    const exists = Object.hasOwn(properties.get(operation.competenceUuid) ?? {}, timestamp);
    if ((operation.op === 'add') === exists) {
      skipped += 1;
      continue;
    }
    rebased.push({ ...operation, path: `${pointer}${formatPointer(['properties', timestamp])}` });
  }
  return { operations: rebased, skipped, missing: [...missing] };
}

function* walkCompetences(
  nodes: readonly Criterion[],
): Generator<Extract<Criterion, { type: 'competence' }>> {
  for (const node of nodes) {
    if (node.type === 'competence') yield node;
    else yield* walkCompetences(node.subsections);
  }
}

const REFERENCE = /\{\{upload:([^{}]+)\}\}/g;

/**
 * A placeholder for the id of a file of the same draft, to put in an entry's text (e.g. an image value
 * `[${uploadReference('photo')}]`); replaced by the resource id when the draft is sent, after the upload.
 */
export function uploadReference(key: string): string {
  return `{{upload:${key}}}`;
}

/** The JSON Patch to send: the operations without their uuids, every upload reference filled in. */
export function patchToSend(
  operations: readonly DraftOperation[],
  resources: ReadonlyMap<string, number>,
): PatchOperation[] {
  const fill = (text: string) =>
    text.replace(REFERENCE, (_, key: string) => {
      const id = resources.get(key);
      if (id === undefined) throw new Error(`no upload named ${key} in this draft`);
      return String(id);
    });
  // Every text of the entry, however deep (an entry may carry more than texts, e.g. who rated).
  const filled = (value: JsonValue): JsonValue => {
    if (typeof value === 'string') return fill(value);
    if (Array.isArray(value)) return value.map(filled);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, filled(inner)]));
    return value;
  };
  return operations.map((operation): PatchOperation => {
    if (operation.op === 'remove') return { op: 'remove', path: operation.path };
    return { op: 'add', path: operation.path, value: filled((operation.value ?? {}) as JsonValue) };
  });
}
