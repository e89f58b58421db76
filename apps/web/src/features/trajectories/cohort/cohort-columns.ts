import type { CohortCluster, CohortCompetence, CohortSubCluster } from '@groeipad/core';

/** The columns of the grid: one cluster (all its sub-clusters) or one sub-cluster of it. */
export interface ColumnChoice {
  cluster: string;
  sub: string | null;
}

/** An entry of the column picker: its value (positions in the tree) and what it names. */
export interface ColumnOption {
  value: string;
  cluster: CohortCluster;
  sub: CohortSubCluster | null;
}

/** Every cluster, each followed by its sub-clusters, in the tree's order. */
export function columnOptions(tree: readonly CohortCluster[]): ColumnOption[] {
  return tree.flatMap((cluster, i) => [
    { value: String(i), cluster, sub: null },
    ...cluster.subClusters.map((sub, j) => ({ value: `${i}.${j}`, cluster, sub })),
  ]);
}

/** The picker's value of a choice; '' when the tree does not have it. */
export function optionValue(tree: readonly CohortCluster[], choice: ColumnChoice | null): string {
  const option = columnOptions(tree).find(
    (candidate) => candidate.cluster.uuid === choice?.cluster && (candidate.sub?.uuid ?? null) === choice.sub,
  );
  return option?.value ?? '';
}

/**
 * The choice an address names when the tree has it; else the first cluster (another grid's address, or a
 * cluster the trajectories no longer have); null without any cluster.
 */
export function choiceIn(
  tree: readonly CohortCluster[],
  cluster: string | null,
  sub: string | null,
): ColumnChoice | null {
  const found = tree.find((candidate) => candidate.uuid === cluster);
  if (found) {
    const known = sub !== null && found.subClusters.some((candidate) => candidate.uuid === sub);
    return { cluster: found.uuid, sub: known ? sub : null };
  }
  const first = tree[0];
  return first ? { cluster: first.uuid, sub: null } : null;
}

/** The chosen sub-clusters (all of the cluster, or the one), each with its competences: the columns. */
export function chosenGroups(
  tree: readonly CohortCluster[],
  choice: ColumnChoice | null,
): CohortSubCluster[] {
  const cluster = tree.find((candidate) => candidate.uuid === choice?.cluster);
  if (!cluster) return [];
  return choice?.sub === null
    ? cluster.subClusters
    : cluster.subClusters.filter((sub) => sub.uuid === choice?.sub);
}

/** The competences of the chosen groups, in order. */
export function columnsOf(groups: readonly CohortSubCluster[]): CohortCompetence[] {
  return groups.flatMap((group) => group.competences);
}
