import type { Competence, CompetenceCriterion, CompetenceListContent } from '../contract/blueprints.ts';
import type { CfAssociation } from '../contract/case.ts';
import type { FrameworkChange, FrameworkCounts, FrameworkLevel } from '../contract/frameworks.ts';
import { caseIdentifier } from './export.ts';
import type { NameUuid } from './tree.ts';

/**
 * A framework's next version (D56): what changed by identifier, and which new items take the scores of
 * removed ones (`replacedBy`, `exactMatchOf`). A list's uuids are the items' identifiers, so a changed or
 * moved item keeps its scores by itself; a removed one without a successor is listed, and its entries stay
 * in each trajectory's history when the trajectory moves (D10).
 */

interface Flat {
  uuid: string;
  level: FrameworkLevel;
  name: string;
  parent: string | null;
  /** The coded names of the node and its ancestors, joined with ' / '. */
  place: string;
  formerUuids: readonly string[];
}

const LEVELS: readonly FrameworkLevel[] = ['cluster', 'subCluster', 'competence'];

const coded = (node: { code?: string | undefined; description: string }) =>
  node.code ? `${node.code} ${node.description}` : node.description;

function flatten(competences: readonly Competence[]): Map<string, Flat> {
  const flat = new Map<string, Flat>();
  const criteria = (nodes: readonly CompetenceCriterion[], parent: string, trail: string) => {
    for (const node of nodes) {
      const place = `${trail} / ${coded(node)}`;
      flat.set(node.uuid, {
        uuid: node.uuid,
        level: 'criterion',
        name: coded(node),
        parent,
        place,
        formerUuids: [],
      });
      criteria(node.criteria ?? [], node.uuid, place);
    }
  };
  const walk = (nodes: readonly Competence[], depth: number, parent: string | null, trail: string) => {
    for (const node of nodes) {
      const place = trail ? `${trail} / ${coded(node)}` : coded(node);
      flat.set(node.uuid, {
        uuid: node.uuid,
        level: LEVELS[Math.min(depth, 2)] as FrameworkLevel,
        name: coded(node),
        parent,
        place,
        formerUuids: node.formerUuids ?? [],
      });
      walk(node.subcompetences, depth + 1, node.uuid, place);
      criteria(node.criteria ?? [], node.uuid, place);
    }
  };
  walk(competences, 0, null, '');
  return flat;
}

/** How many clusters, sub-clusters, competences and criteria a list holds. */
export function frameworkCounts(competences: readonly Competence[]): FrameworkCounts {
  const counts = { clusters: 0, subClusters: 0, competences: 0, criteria: 0 };
  for (const node of flatten(competences).values()) {
    if (node.level === 'cluster') counts.clusters++;
    else if (node.level === 'subCluster') counts.subClusters++;
    else if (node.level === 'competence') counts.competences++;
    else counts.criteria++;
  }
  return counts;
}

/** The changes from `before` to `after`, by uuid: added, removed (with its successor), changed, moved. */
export function frameworkChanges(
  before: readonly Competence[],
  after: readonly Competence[],
): FrameworkChange[] {
  const old = flatten(before);
  const next = flatten(after);
  const successors = new Map<string, string>();
  for (const node of next.values()) for (const former of node.formerUuids) successors.set(former, node.name);
  const changes: FrameworkChange[] = [];
  for (const node of next.values()) {
    const was = old.get(node.uuid);
    if (!was) {
      changes.push({ kind: 'added', uuid: node.uuid, level: node.level, name: node.name });
      continue;
    }
    if (was.name !== node.name)
      changes.push({ kind: 'changed', uuid: node.uuid, level: node.level, name: node.name, from: was.name });
    if (was.parent !== node.parent)
      changes.push({
        kind: 'moved',
        uuid: node.uuid,
        level: node.level,
        name: node.name,
        from: was.place,
        to: node.place,
      });
  }
  for (const node of old.values())
    if (!next.has(node.uuid)) {
      const successor = successors.get(node.uuid);
      changes.push({
        kind: 'removed',
        uuid: node.uuid,
        level: node.level,
        name: node.name,
        ...(successor === undefined ? {} : { successor }),
      });
    }
  return changes;
}

function mapCompetences(
  competences: readonly Competence[],
  change: (node: Competence) => Competence,
): Competence[] {
  return competences.map((node) =>
    change({ ...node, subcompetences: mapCompetences(node.subcompetences, change) }),
  );
}

/**
 * The next version's tree made ready against the list it replaces: a uuid the list had that is no UUID
 * comes back from its derived identifier (so a list made here and exported keeps its scores when its export
 * is imported again), and each competence takes `formerUuids` from the associations (`A replacedBy B`,
 * `B exactMatchOf A`, A in the previous version and gone from this one), with those A had itself.
 */
export function nextVersion(
  previous: CompetenceListContent,
  next: CompetenceListContent,
  nameUuid: NameUuid,
): CompetenceListContent {
  const derived = new Map<string, string>();
  for (const node of flatten(previous.competences).values()) {
    const identifier = caseIdentifier(node.uuid, nameUuid);
    if (identifier !== node.uuid) derived.set(identifier, node.uuid);
  }
  const restore = (uuid: string) => derived.get(uuid) ?? uuid;
  const restoreCriteria = (nodes: readonly CompetenceCriterion[]): CompetenceCriterion[] =>
    nodes.map((node) => ({
      ...node,
      uuid: restore(node.uuid),
      ...(node.criteria ? { criteria: restoreCriteria(node.criteria) } : {}),
    }));
  let competences = mapCompetences(next.competences, (node) => ({
    ...node,
    uuid: restore(node.uuid),
    ...(node.criteria ? { criteria: restoreCriteria(node.criteria) } : {}),
  }));
  const before = flatten(previous.competences);
  const after = new Set(flatten(competences).keys());
  const gone = (uuid: string) => before.get(uuid)?.level === 'competence' && !after.has(uuid);
  const taken = new Map<string, Set<string>>();
  const take = (successor: string, former: string) => {
    if (!after.has(successor) || !gone(former)) return;
    const set = taken.get(successor) ?? new Set<string>();
    set.add(former);
    for (const earlier of before.get(former)?.formerUuids ?? []) set.add(earlier);
    taken.set(successor, set);
  };
  const associations: readonly CfAssociation[] = next.framework?.associations ?? [];
  for (const association of associations) {
    const origin = restore(association.originNodeURI.identifier);
    const destination = restore(association.destinationNodeURI.identifier);
    if (association.associationType === 'replacedBy') take(destination, origin);
    else if (association.associationType === 'exactMatchOf') {
      take(origin, destination);
      take(destination, origin);
    }
  }
  competences = mapCompetences(competences, (node) => {
    const carried = new Set([...(before.get(node.uuid)?.formerUuids ?? []), ...(taken.get(node.uuid) ?? [])]);
    carried.delete(node.uuid);
    const { formerUuids: _formerUuids, ...rest } = node;
    return carried.size > 0 ? { ...rest, formerUuids: [...carried].slice(0, 50) } : rest;
  });
  return { ...next, competences };
}
