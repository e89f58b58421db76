import {
  type CompetenceProperties,
  type Criterion,
  diffJson,
  type Evaluation,
  type EvaluationCompetence,
  formatDisplayDate,
  isEntryTimestamp,
  type JsonValue,
  latestOf,
  parseIsoDate,
  pointerSegments,
  type Rater,
  SCORE_DATE_LEVEL,
  scoreValue,
} from '@groeipad/core';
import { asJson } from '../../engine/engine.ts';
import type { FieldError } from '../../errors.ts';

/**
 * The rules of a PUT of the evaluation, as pure functions (D2, D3, D4). The write right only adds a
 * dated entry under a competence's `properties/{timestamp}` or deletes one; the server works out
 * which from a diff of the submitted document against the stored one.
 */

/** One accepted change: a dated entry added to, or deleted from, one competence. */
export interface EntryEdit {
  readonly op: 'add' | 'remove';
  /** Indexes from the top of the criteria tree down to the competence. */
  readonly indexes: readonly number[];
  readonly timestamp: string;
  /** The new entry (add only), as submitted. */
  readonly entry?: CompetenceProperties;
}

/** How far ahead of the server's clock an entry's timestamp may lie (a client clock a little fast). */
export const ENTRY_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

const INDEX = /^(0|[1-9]\d{0,5})$/;

/** `criteria.0.subsections.1` for field errors (dotted like every other field path). */
function treePath(indexes: readonly number[]): string[] {
  return indexes.flatMap((index, depth) => [depth === 0 ? 'criteria' : 'subsections', String(index)]);
}

/**
 * D3: exactly three levels. The field path of every node below the third level (a fourth level),
 * with the key tooDeep; empty when the tree is fine.
 */
export function tooDeepProblems(criteria: readonly Criterion[]): FieldError[] {
  const problems: FieldError[] = [];
  const walk = (nodes: readonly Criterion[], indexes: number[]) => {
    nodes.forEach((node, index) => {
      const here = [...indexes, index];
      if (here.length > 3) problems.push({ path: treePath(here).join('.'), key: 'tooDeep' });
      else if (node.type === 'cluster') walk(node.subsections, here);
    });
  };
  walk(criteria, []);
  return problems;
}

/**
 * The entry edits that turn `stored` into `submitted`, or null when the difference is anything else
 * (the tree, names, labels, info, the scale, a change inside an existing entry): D2, refused whole.
 * Differences in `latestProperties` are ignored: the server recomputes it.
 */
export function entryEdits(stored: Evaluation, submitted: JsonValue): EntryEdit[] | null {
  const edits: EntryEdit[] = [];
  for (const operation of diffJson(asJson(stored), submitted)) {
    const segments = pointerSegments(operation.path);
    if (segments === null || segments[0] !== 'criteria') return null;
    let level: readonly Criterion[] = stored.criteria;
    const indexes: number[] = [];
    let at = 1;
    let verdict: EntryEdit | 'ignore' | null = null;
    while (verdict === null) {
      const segment = segments[at] ?? '';
      const node = INDEX.test(segment) ? level[Number(segment)] : undefined;
      if (!node) return null;
      indexes.push(Number(segment));
      const next = segments[at + 1];
      if (node.type === 'cluster' && next === 'subsections') {
        level = node.subsections;
        at += 2;
        continue;
      }
      if (node.type !== 'competence') return null;
      if (next === 'latestProperties') verdict = 'ignore';
      else if (next === 'properties' && segments.length === at + 3) {
        const timestamp = segments[at + 2]!;
        const exists = Object.hasOwn(node.properties, timestamp);
        if (operation.op === 'add' && !exists)
          verdict = { op: 'add', indexes, timestamp, entry: operation.value as CompetenceProperties };
        else if (operation.op === 'remove' && exists) verdict = { op: 'remove', indexes, timestamp };
        else return null;
      } else return null;
    }
    if (verdict !== 'ignore') edits.push(verdict);
  }
  return edits;
}

/** Who saves entry edits (issue 23, D54, D55): the rater stamped on what they add, and what the policy lets them do. */
export interface EntryWriter {
  /** The mentor link they write through (issue 23), else null: its entries name only its own uploads (D54). */
  readonly link: number | null;
  readonly rater: Rater;
  /** D55 (`agreeScore`): their `agreed` mark is kept; else it is dropped and the entry kept. */
  readonly agrees: boolean;
  /** D54 (`removeOthersEntries`): they may delete another rater's entry; else only their own. */
  readonly removesOthers: boolean;
}

/** The stored entry an edit names (a removal's), or undefined. */
export function entryOf(stored: Evaluation, edit: EntryEdit): CompetenceProperties | undefined {
  let level: readonly Criterion[] = stored.criteria;
  let node: Criterion | undefined;
  for (const index of edit.indexes) {
    node = level[index];
    level = node?.type === 'cluster' ? node.subsections : [];
  }
  return node?.type === 'competence' ? node.properties[edit.timestamp] : undefined;
}

/**
 * The edits as `writer` may make them: an `agreed` mark dropped from the entries of a writer who does not
 * agree scores (D55); null when they delete an entry of another rater — one without their e-mail as
 * rater, or none at all — which only `removesOthers` may (D54).
 */
export function writersEdits(
  stored: Evaluation,
  edits: readonly EntryEdit[],
  writer: EntryWriter,
): EntryEdit[] | null {
  const allowed: EntryEdit[] = [];
  for (const edit of edits) {
    if (edit.op === 'remove') {
      if (!writer.removesOthers && entryOf(stored, edit)?.rater?.email !== writer.rater.email) return null;
      allowed.push(edit);
    } else if (!writer.agrees && edit.entry && 'agreed' in edit.entry) {
      const { agreed: _dropped, ...entry } = edit.entry;
      allowed.push({ ...edit, entry });
    } else allowed.push(edit);
  }
  return allowed;
}

/** The field path of an edit's entry: `criteria.0.subsections.1.subsections.2.properties.<timestamp>`. */
export function entryPath(edit: EntryEdit): string {
  return [...treePath(edit.indexes), 'properties', edit.timestamp].join('.');
}

/**
 * What is wrong with the added entries: a key that is no timestamp (`invalidEntryTimestamp`), a score outside minScore…maxScore (`range`; '' and 0 mean not
 * scored, spec part 1 §5), a timestamp further ahead than ENTRY_CLOCK_SKEW_MS (`invalidValue`: it
 * would stay the "latest" entry whatever is added after it).
 */
export function addedEntryProblems(
  edits: readonly EntryEdit[],
  scale: Pick<Evaluation, 'minScore' | 'maxScore'>,
  now: Date,
): FieldError[] {
  const problems: FieldError[] = [];
  for (const edit of edits) {
    if (edit.op !== 'add') continue;
    const path = entryPath(edit);
    // An entry is keyed by its moment (core isEntryTimestamp, as the contract's schema): anything else is
    // no entry; judged first, as the rest reads the key as a date.
    if (!isEntryTimestamp(edit.timestamp)) {
      problems.push({ path, key: 'invalidEntryTimestamp' });
      continue;
    }
    if (Date.parse(edit.timestamp) > now.getTime() + ENTRY_CLOCK_SKEW_MS)
      problems.push({ path, key: 'invalidValue' });
    const score = scoreValue(edit.entry);
    if (score !== null && score !== 0 && (score < scale.minScore || score > scale.maxScore))
      problems.push({ path: `${path}.score`, key: 'range' });
  }
  return problems;
}

/**
 * The stored evaluation with the edits applied: entries added or deleted, latestProperties of each
 * touched competence recomputed (the newest entry as a whole, or null when none is left; spec part 1
 * §4 "Evaluation edits"). D4: an added entry with a score and no date on a competence of the third
 * tier ("level 2", D3) gets the edit day — `editDay(timestamp)`, yyyy-MM-dd — as dd/MM/yyyy.
 *
 * Every added entry gets `rater` (issue 23): who adds it, worked out by the server (`raterOf`); a rater the
 * client sent is dropped, never trusted.
 *
 * `stored` is never changed: only the path from the root to each touched competence is copied, every
 * other branch is shared. So the patch `diffJson(stored, next)` finds the change by identity instead of
 * comparing the whole tree, and a save costs the same for 10 entries as for 1,000 here
 * (bench/evaluation.ts; a deep copy and a full diff were ~5 ms of a 300 KiB evaluation).
 */
export function applyEntryEdits(
  stored: Evaluation,
  edits: readonly EntryEdit[],
  editDay: (timestamp: string) => string,
  rater?: Rater,
): Evaluation {
  const next: Evaluation = { ...stored, criteria: [...stored.criteria] };
  /** The copies made so far, by the node they copy (two edits under one cluster copy it once). */
  const copies = new Map<Criterion, Criterion>();
  const touched = new Set<EvaluationCompetence>();
  for (const edit of edits) {
    let level: Criterion[] = next.criteria;
    let node: Criterion | undefined;
    for (const index of edit.indexes) {
      const original = level[index];
      if (!original) throw new Error('entry edit does not lead to a competence');
      let copy = copies.get(original);
      if (!copy) {
        copy =
          original.type === 'cluster'
            ? { ...original, subsections: [...original.subsections] }
            : { ...original, properties: { ...original.properties } };
        copies.set(original, copy);
        copies.set(copy, copy);
        level[index] = copy;
      }
      node = copy;
      level = node.type === 'cluster' ? node.subsections : [];
    }
    if (node?.type !== 'competence') throw new Error('entry edit does not lead to a competence');
    if (edit.op === 'remove') {
      delete node.properties[edit.timestamp];
    } else {
      const { rater: _sent, ...sent } = edit.entry ?? {};
      const entry: CompetenceProperties = rater ? { ...sent, rater: { ...rater } } : sent;
      const scored = entry.score !== undefined && entry.score !== '';
      if (scored && !entry.date && edit.indexes.length - 1 === SCORE_DATE_LEVEL) {
        const day = parseIsoDate(editDay(edit.timestamp));
        if (day) entry.date = formatDisplayDate(day);
      }
      node.properties[edit.timestamp] = entry;
    }
    touched.add(node);
  }
  for (const competence of touched) competence.latestProperties = latestOf(competence.properties);
  return next;
}

/**
 * Where a pointer leaves the tree of clusters: the index of the segment after the competence's own index
 * (`properties`, `latestProperties`, …) and how many levels down that competence is; null when the
 * pointer is not inside a competence of `criteria`.
 */
function competenceEnd(segments: readonly string[]): { next: number; levels: number } | null {
  if (segments[0] !== 'criteria') return null;
  let at = 1;
  let levels = 1;
  for (;;) {
    if (!INDEX.test(segments[at] ?? '')) return null;
    if (segments[at + 1] !== 'subsections') return { next: at + 1, levels };
    at += 2;
    levels++;
  }
}

/**
 * The pointers a save of entry edits touches: `…/properties/{timestamp}` and `…/latestProperties…` of
 * a competence. The engine's Permit checks every operation of the final patch against it.
 */
export function isEntryPointer(pointer: string): boolean {
  const segments = pointerSegments(pointer);
  const end = segments && competenceEnd(segments);
  if (!segments || !end) return false;
  if (segments[end.next] === 'properties') return segments.length === end.next + 2;
  return segments[end.next] === 'latestProperties';
}

/**
 * The place of a competence's entries (`/criteria/0/subsections/2/properties`) that a pointer to one dated
 * entry (`…/properties/{timestamp}`) is in, at most three levels down (D3); null for any other pointer.
 */
export function entryPlace(pointer: string): string | null {
  const segments = pointerSegments(pointer);
  const end = segments && competenceEnd(segments);
  if (!segments || !end || end.levels > 3) return null;
  if (segments[end.next] !== 'properties' || segments.length !== end.next + 2) return null;
  return pointer.slice(0, pointer.lastIndexOf('/'));
}
