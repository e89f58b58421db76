import {
  type CompetenceProperties,
  type Criterion,
  compareTimestampsDescending,
  type Evaluation,
  type EvaluationCompetence,
  latestOf,
  listCompetences,
  mapCompetences,
  type PropertyEntry,
  propertyHistory,
} from '@groeipad/core';

/**
 * What a save changes, and how two people's saves come together (D2; issue 9 "No silent overwrites").
 * A save only adds dated entries under a competence's `properties` or deletes them, and entries are
 * independent of each other, so my changes can be re-applied on top of a newer version by uuid.
 */

/** One dated entry added to, or deleted from, one competence. */
export interface EntryChange {
  readonly competenceUuid: string;
  readonly op: 'add' | 'remove';
  readonly timestamp: string;
  /** The entry's values: the new ones (add) or the deleted ones (remove). */
  readonly values: CompetenceProperties;
}

function competencesByUuid(criteria: readonly Criterion[]): Map<string, EvaluationCompetence> {
  return new Map(listCompetences(criteria).map(({ competence }) => [competence.uuid, competence]));
}

function byCompetence(changes: readonly EntryChange[]): Map<string, EntryChange[]> {
  const grouped = new Map<string, EntryChange[]>();
  for (const change of changes) {
    const list = grouped.get(change.competenceUuid);
    if (list) list.push(change);
    else grouped.set(change.competenceUuid, [change]);
  }
  return grouped;
}

/** The entries added and deleted between two versions of an evaluation, competence by competence. */
export function entryChanges(before: Evaluation, after: Evaluation): EntryChange[] {
  const old = competencesByUuid(before.criteria);
  const changes: EntryChange[] = [];
  for (const { competence } of listCompetences(after.criteria)) {
    const was = old.get(competence.uuid)?.properties ?? {};
    const now = competence.properties;
    for (const timestamp of Object.keys(now)) {
      if (!Object.hasOwn(was, timestamp))
        changes.push({ competenceUuid: competence.uuid, op: 'add', timestamp, values: now[timestamp]! });
    }
    for (const timestamp of Object.keys(was)) {
      if (!Object.hasOwn(now, timestamp))
        changes.push({ competenceUuid: competence.uuid, op: 'remove', timestamp, values: was[timestamp]! });
    }
  }
  return changes;
}

/**
 * The changes applied to another version: an entry added unless that timestamp exists, deleted when it
 * is still there (someone may have deleted it already); competences that are gone are skipped.
 * latestProperties is recomputed for every competence touched, as the server does.
 */
export function applyEntryChanges(target: Evaluation, changes: readonly EntryChange[]): Evaluation {
  if (changes.length === 0) return target;
  const grouped = byCompetence(changes);
  const criteria = mapCompetences(target.criteria, (competence) => {
    const mine = grouped.get(competence.uuid);
    if (!mine) return competence;
    const properties = { ...competence.properties };
    for (const change of mine) {
      if (change.op === 'remove') delete properties[change.timestamp];
      else if (!Object.hasOwn(properties, change.timestamp)) properties[change.timestamp] = change.values;
    }
    return { ...competence, properties, latestProperties: latestOf(properties) };
  });
  return { ...target, criteria };
}

/** One side's changes to one competence, newest first. */
export interface SideChanges {
  readonly added: PropertyEntry[];
  readonly removed: PropertyEntry[];
}

/** A competence that I, they, or both of us changed since the version my edits started from. */
export interface CompetenceConflict {
  readonly uuid: string;
  readonly code?: string;
  readonly name: string;
  readonly mine: SideChanges;
  readonly theirs: SideChanges;
  /** We both changed it: merging keeps their version of it. */
  readonly both: boolean;
}

function sideOf(changes: readonly EntryChange[]): SideChanges {
  const entries = (op: EntryChange['op']) =>
    changes
      .filter((change) => change.op === op)
      .map((change) => ({ timestamp: change.timestamp, values: change.values }))
      .sort((a, b) => compareTimestampsDescending(a.timestamp, b.timestamp));
  return { added: entries('add'), removed: entries('remove') };
}

/** Every competence either side changed, in the order of the newer version's tree. */
export function describeConflict(
  base: Evaluation,
  mine: Evaluation,
  theirs: Evaluation,
): CompetenceConflict[] {
  const myChanges = byCompetence(entryChanges(base, mine));
  const theirChanges = byCompetence(entryChanges(base, theirs));
  const conflicts: CompetenceConflict[] = [];
  for (const { competence } of listCompetences(theirs.criteria)) {
    const my = myChanges.get(competence.uuid) ?? [];
    const their = theirChanges.get(competence.uuid) ?? [];
    if (my.length === 0 && their.length === 0) continue;
    conflicts.push({
      uuid: competence.uuid,
      ...(competence.code ? { code: competence.code } : {}),
      name: competence.name,
      mine: sideOf(my),
      theirs: sideOf(their),
      both: my.length > 0 && their.length > 0,
    });
  }
  return conflicts;
}

/**
 * How the user settles a 409: keep mine (all my entries re-applied on top of theirs; where we both
 * changed a competence my new entry becomes its latest), take theirs (mine dropped), or merge (mine
 * only where they changed nothing; where we both did, theirs stays).
 */
export type Resolution = 'mine' | 'theirs' | 'merge';

/** The newest timestamp of a competence's entries as milliseconds; -Infinity without entries. */
function newestTime(competence: EvaluationCompetence | undefined): number {
  const newest = competence ? propertyHistory(competence.properties)[0] : undefined;
  return newest ? Date.parse(newest.timestamp) : Number.NEGATIVE_INFINITY;
}

/**
 * The draft after a 409: their version (the new base) with my changes as the resolution says. With
 * 'mine', an entry I added to a competence they changed too is stamped after their newest entry (at
 * `now` or just after), so "latest" means mine; the server accepts a stamp up to a day ahead.
 */
export function resolveConflict(
  base: Evaluation,
  mine: Evaluation,
  theirs: Evaluation,
  resolution: Resolution,
  now: Date,
): Evaluation {
  if (resolution === 'theirs') return theirs;
  const theirTouched = new Set(entryChanges(base, theirs).map((change) => change.competenceUuid));
  const myChanges = entryChanges(base, mine);
  if (resolution === 'merge')
    return applyEntryChanges(
      theirs,
      myChanges.filter((change) => !theirTouched.has(change.competenceUuid)),
    );
  const current = competencesByUuid(theirs.criteria);
  const restamped = myChanges.map((change, index) => {
    if (change.op !== 'add' || !theirTouched.has(change.competenceUuid)) return change;
    const after = Math.max(now.getTime(), newestTime(current.get(change.competenceUuid)) + 1);
    return { ...change, timestamp: new Date(after + index).toISOString() };
  });
  return applyEntryChanges(theirs, restamped);
}
