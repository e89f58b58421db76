import {
  type BlueprintType,
  type Competence,
  type DashboardWidget,
  type Field,
  type TrajectoryBlueprintContent,
  type TrajectoryReportBlueprint,
  withLinkedReportRights,
} from '@groeipad/core';

/**
 * Linked sub-blueprints of a trajectory blueprint (D9): `{id, version}` plus a copy of the linked
 * content at that version. Pure recipes for the document editor (immer drafts) and the link status the
 * pickers show.
 */
export type LinkedPart = 'dashboard' | 'information' | 'competenceList';

export const LINKED_TYPES = {
  dashboard: 'DASHBOARD',
  information: 'INFORMATION',
  competenceList: 'COMPETENCE_LIST',
} as const satisfies Record<LinkedPart, BlueprintType>;

/** The copied content of each linked part. */
export interface LinkedContent {
  dashboard: { widgets: DashboardWidget[] };
  information: { fields: Field[] };
  competenceList: { competences: Competence[] };
}

const EMPTY: { [P in LinkedPart]: () => LinkedContent[P] } = {
  dashboard: () => ({ widgets: [] }),
  information: () => ({ fields: [] }),
  competenceList: () => ({ competences: [] }),
};

export interface Link {
  id: number | null;
  version: number | null;
}

/** A blueprint as the pickers list it (the list item's id, name and latest version). */
export interface LinkCandidate {
  id: number;
  name: string;
  version: number;
}

export type LinkStatus =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'removed'; id: number; usedVersion: number | null }
  | { kind: 'noAccess'; id: number; usedVersion: number | null }
  | { kind: 'linked'; name: string; usedVersion: number | null; latestVersion: number; outdated: boolean };

/** What the server says of links the user cannot pick (GET /api/blueprints/{id}/links). */
export type LinkStates = ReadonlyMap<number, 'live' | 'removed' | 'noAccess'>;

/**
 * Where a link stands: none (no id), linked with the used and the latest version (outdated when they
 * differ), or — when the id is not among the live blueprints the user can read — noAccess if the
 * server says it exists but the user may not read it, else removed. `loading` while the list is.
 */
export function linkStatus(
  link: Link,
  candidates: readonly LinkCandidate[] | undefined,
  states: LinkStates = new Map(),
): LinkStatus {
  if (link.id === null) return { kind: 'none' };
  if (candidates === undefined) return { kind: 'loading' };
  const found = candidates.find((candidate) => candidate.id === link.id);
  if (!found)
    return states.get(link.id) === 'noAccess'
      ? { kind: 'noAccess', id: link.id, usedVersion: link.version }
      : { kind: 'removed', id: link.id, usedVersion: link.version };
  return {
    kind: 'linked',
    name: found.name,
    usedVersion: link.version,
    latestVersion: found.version,
    outdated: link.version !== found.version,
  };
}

/** Links a part to a blueprint at a version with a copy of its content (also "update": the latest). */
export function linkPart<P extends LinkedPart>(
  part: P,
  id: number,
  version: number,
  content: LinkedContent[P],
) {
  return (draft: TrajectoryBlueprintContent) => {
    Object.assign(draft[part], { id, version }, content);
  };
}

/** "None": removes the link (id and version null) and empties the copied content. */
export function unlinkPart(part: LinkedPart) {
  return (draft: TrajectoryBlueprintContent) => {
    Object.assign(draft[part], { id: null, version: null }, EMPTY[part]());
  };
}

/**
 * Adds a report blueprint copy at the end; the roles holding all three admin rights (the default admin
 * role) get all its rights but hidden, as the server gives them (spec part 2 §6).
 */
export function addReport(entry: TrajectoryReportBlueprint) {
  return (draft: TrajectoryBlueprintContent) => {
    draft.reportBlueprints.push(entry);
    draft.roles = withLinkedReportRights(draft.roles, [entry.name]);
  };
}

/** Removes a report blueprint and the rights every role held on it (they would point at nothing). */
export function removeReport(name: string) {
  return (draft: TrajectoryBlueprintContent) => {
    draft.reportBlueprints = draft.reportBlueprints.filter((entry) => entry.name !== name);
    for (const role of draft.roles) {
      if (Object.hasOwn(role.reportRights, name))
        role.reportRights = Object.fromEntries(
          Object.entries(role.reportRights).filter(([key]) => key !== name),
        );
    }
  };
}

/** Replaces a report blueprint's copy with another version of its source (update). */
export function updateReport(name: string, version: number, fields: Field[]) {
  return (draft: TrajectoryBlueprintContent) => {
    const entry = draft.reportBlueprints.find((candidate) => candidate.name === name);
    if (entry) Object.assign(entry, { version, fields });
  };
}

/** Moves an entry of a list one place up (-1) or down (+1); nothing at the ends. */
export function moveEntry<T>(list: T[], index: number, step: -1 | 1): void {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return;
  const [entry] = list.splice(index, 1);
  list.splice(target, 0, entry as T);
}
