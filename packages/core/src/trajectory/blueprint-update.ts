import type { TrajectoryAccess, TrajectoryRole } from '../contract/access.ts';
import type { Competence, TrajectoryBlueprintContent } from '../contract/blueprints.ts';
import type { CompetenceProperties, Criterion, Evaluation } from '../contract/evaluation.ts';
import type { Field } from '../contract/fields.ts';
import type { BlueprintUpdateChange } from '../contract/trajectories.ts';
import { evaluationFromBlueprint } from '../evaluation/from-blueprint.ts';
import { latestOf } from '../evaluation/properties.ts';
import { formFromFields } from '../fields/form-document.ts';
import { setEntry } from '../util/own-key.ts';

/**
 * D10: moving a trajectory to a newer version of its trajectory blueprint. The preview names what
 * changes; the migration keeps every answer it can (values by field uuid, evaluation entries by
 * competence uuid) and leaves the rest to the document history (never lost).
 */

interface Placed {
  name: string;
  /** Names of the enclosing groups and the field's own, joined with ' / '. */
  path: string;
  parent: string;
  index: number;
}

function placeFields(fields: readonly Field[], into = new Map<string, Placed>(), parent = '', trail = '') {
  fields.forEach((field, index) => {
    const path = trail ? `${trail} / ${field.name}` : field.name;
    into.set(field.uuid, { name: field.name, path, parent, index });
    if (field.type === 'group') placeFields(field.children, into, field.uuid, path);
  });
  return into;
}

interface NamedCompetence {
  name: string;
  formerUuids: readonly string[];
}

function competenceNames(list: readonly Competence[], into = new Map<string, NamedCompetence>()) {
  for (const competence of list) {
    const name = competence.code ? `${competence.code} ${competence.description}` : competence.description;
    into.set(competence.uuid, { name, formerUuids: competence.formerUuids ?? [] });
    competenceNames(competence.subcompetences ?? [], into);
  }
  return into;
}

/** How many dated entries each competence of an evaluation holds, by uuid. */
function entryCounts(evaluation: Evaluation | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  if (!evaluation) return counts;
  for (const criterion of competencesByUuid(evaluation.criteria).values())
    if (criterion.type === 'competence') counts.set(criterion.uuid, Object.keys(criterion.properties).length);
  return counts;
}

/**
 * What moving from `current` to `latest` changes, in the order fields, competences, roles. `readable`
 * says which fields the asking user may read (D40): a change of any other field is left out, name and all.
 */
export function blueprintUpdateChanges(
  current: TrajectoryBlueprintContent,
  latest: TrajectoryBlueprintContent,
  readable: (uuid: string) => boolean = () => true,
  evaluation?: Evaluation,
): BlueprintUpdateChange[] {
  const changes: BlueprintUpdateChange[] = [];
  const shown = (placed: Map<string, Placed>) => new Map([...placed].filter(([uuid]) => readable(uuid)));
  const before = shown(placeFields(current.information.fields));
  const after = shown(placeFields(latest.information.fields));
  for (const [uuid, placed] of after) {
    const old = before.get(uuid);
    if (!old) changes.push({ kind: 'fieldAdded', name: placed.path });
    else {
      if (old.name !== placed.name) changes.push({ kind: 'fieldRenamed', name: placed.name, from: old.name });
      if (old.parent !== placed.parent || old.index !== placed.index)
        changes.push({ kind: 'fieldMoved', name: placed.name, from: old.path, to: placed.path });
    }
  }
  for (const [uuid, placed] of before)
    if (!after.has(uuid)) changes.push({ kind: 'fieldRemoved', name: placed.path });
  const oldCompetences = competenceNames(current.competenceList.competences);
  const newCompetences = competenceNames(latest.competenceList.competences);
  // D56: the entries of a competence the new version replaced go to its successor; one removed without a
  // successor keeps its entries in the history, and the preview counts them so nothing goes unseen.
  const entries = entryCounts(evaluation);
  const counted = (uuids: readonly string[]) =>
    evaluation ? { entries: uuids.reduce((sum, uuid) => sum + (entries.get(uuid) ?? 0), 0) } : {};
  const succeeded = new Set<string>();
  for (const [uuid, competence] of newCompetences) {
    const old = oldCompetences.get(uuid);
    const former = competence.formerUuids.filter((id) => oldCompetences.has(id) && !newCompetences.has(id));
    for (const id of former) succeeded.add(id);
    if (old) {
      if (old.name !== competence.name)
        changes.push({ kind: 'competenceRenamed', name: competence.name, from: old.name });
    } else if (former.length > 0)
      changes.push({
        kind: 'competenceCarried',
        name: competence.name,
        from: former.map((id) => oldCompetences.get(id)?.name ?? id).join(', '),
        ...counted(former),
      });
    else changes.push({ kind: 'competenceAdded', name: competence.name });
  }
  for (const [uuid, competence] of oldCompetences)
    if (!newCompetences.has(uuid) && !succeeded.has(uuid))
      changes.push({ kind: 'competenceRemoved', name: competence.name, ...counted([uuid]) });
  const oldRoles = new Map(current.roles.map((role) => [role.name, role]));
  const newRoles = new Map(latest.roles.map((role) => [role.name, role]));
  for (const [name, role] of newRoles) {
    const old = oldRoles.get(name);
    if (!old) changes.push({ kind: 'roleAdded', name });
    else if (JSON.stringify(old) !== JSON.stringify(role)) changes.push({ kind: 'roleChanged', name });
  }
  for (const name of oldRoles.keys()) if (!newRoles.has(name)) changes.push({ kind: 'roleRemoved', name });
  return changes;
}

interface FormContent {
  fields: Field[];
  values: Record<string, unknown>;
}

/** The new field tree; values kept for every uuid still there, new fields empty (D10). */
export function migrateForm(form: FormContent, fields: readonly Field[]): FormContent {
  const next = formFromFields(fields);
  const values: Record<string, unknown> = {};
  for (const uuid of placeFields(next.fields).keys())
    if (Object.hasOwn(form.values, uuid)) setEntry(values, uuid, form.values[uuid]);
  return { fields: next.fields, values };
}

function competencesByUuid(criteria: readonly Criterion[], into = new Map<string, Criterion>()) {
  for (const criterion of criteria) {
    into.set(criterion.uuid, criterion);
    if (criterion.type === 'cluster') competencesByUuid(criterion.subsections, into);
  }
  return into;
}

/**
 * The new competence tree, scale and score rule (issue 23); each competence keeps its dated entries by uuid
 * (D10).
 */
export function migrateEvaluation(
  evaluation: Evaluation,
  latest: Pick<TrajectoryBlueprintContent, 'competenceList' | 'scoreInfo' | 'scoreRule'>,
): Evaluation {
  const kept = competencesByUuid(evaluation.criteria);
  const next = evaluationFromBlueprint(latest.competenceList.competences, latest.scoreInfo, latest.scoreRule);
  const former = new Map<string, readonly string[]>();
  for (const [uuid, competence] of competenceNames(latest.competenceList.competences))
    if (competence.formerUuids.length > 0) former.set(uuid, competence.formerUuids);
  const present = new Set(competencesByUuid(next.criteria).keys());
  const carry = (criteria: readonly Criterion[]): Criterion[] =>
    criteria.map((criterion) => {
      if (criterion.type === 'cluster') return { ...criterion, subsections: carry(criterion.subsections) };
      // Its own entries, then those of the competences it replaced (D56) that this version no longer has.
      const own = kept.get(criterion.uuid);
      const predecessors = (former.get(criterion.uuid) ?? [])
        .filter((id) => !present.has(id))
        .map((id) => kept.get(id))
        .filter((old) => old?.type === 'competence' && Object.keys(old.properties).length > 0);
      if (predecessors.length === 0)
        return own?.type === 'competence'
          ? { ...criterion, properties: own.properties, latestProperties: own.latestProperties }
          : criterion;
      const properties: Record<string, CompetenceProperties> = {};
      for (const old of [own, ...predecessors])
        if (old?.type === 'competence')
          for (const [at, entry] of Object.entries(old.properties))
            if (!Object.hasOwn(properties, at)) setEntry(properties, at, entry);
      return { ...criterion, properties, latestProperties: latestOf(properties) };
    });
  return { ...next, criteria: carry(next.criteria) };
}

/**
 * Roles the blueprint changed or added follow it; a role it removed is taken from the trajectory and
 * from the users holding it; roles it left alone keep the trajectory's own version (or stay deleted),
 * and roles the trajectory added itself stay. Users left without a role are dropped: the caller
 * checks the result is still a valid access list.
 */
export function migrateAccess(
  access: TrajectoryAccess,
  current: readonly TrajectoryRole[],
  latest: readonly TrajectoryRole[],
): TrajectoryAccess {
  const before = new Map(current.map((role) => [role.name, JSON.stringify(role)]));
  const latestNames = new Set(latest.map((role) => role.name));
  const roles: TrajectoryRole[] = [];
  for (const role of access.roles) {
    if (!before.has(role.name) && !latestNames.has(role.name)) roles.push(role);
    else if (
      latestNames.has(role.name) &&
      before.get(role.name) === JSON.stringify(latest.find((r) => r.name === role.name))
    )
      roles.push(role);
  }
  for (const role of latest)
    if (before.get(role.name) !== JSON.stringify(role)) {
      const at = roles.findIndex((kept) => kept.name === role.name);
      if (at >= 0) roles.splice(at, 1);
      roles.push(structuredClone(role));
    }
  const names = new Set(roles.map((role) => role.name));
  const users = access.users
    .map((entry) => ({ ...entry, roles: entry.roles.filter((name) => names.has(name)) }))
    .filter((entry) => entry.roles.length > 0);
  return { roles, users };
}
