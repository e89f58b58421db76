import { COMPETENCE_TREE_LEVELS, type Competence } from '@groeipad/core';

export interface ClusterChoice {
  /** The cluster uuids from the top, joined by '.' (D20). */
  value: string;
  /** The cluster names from the top. */
  names: string[];
}

/**
 * The clusters of a competence tree a dashboard widget can be limited to: every cluster and sub-cluster
 * (the levels above the competences, D3), parents first.
 */
export function clusterChoices(competences: readonly Competence[]): ClusterChoice[] {
  const choices: ClusterChoice[] = [];
  const walk = (nodes: readonly Competence[], uuids: string[], names: string[], level: number) => {
    if (level >= COMPETENCE_TREE_LEVELS) return;
    for (const node of nodes) {
      // A uuid with a dot would make the path ambiguous; such a node cannot be chosen.
      if (node.uuid.includes('.')) continue;
      const choice = { value: [...uuids, node.uuid].join('.'), names: [...names, node.description] };
      choices.push(choice);
      walk(node.subcompetences, [...uuids, node.uuid], choice.names, level + 1);
    }
  };
  walk(competences, [], [], 1);
  return choices;
}

/** The names along a stored cluster path in this tree, or null when the path is not in it. */
export function clusterNames(competences: readonly Competence[], path: string): string[] | null {
  const names: string[] = [];
  let level: readonly Competence[] = competences;
  for (const uuid of path.split('.')) {
    const node = level.find((candidate) => candidate.uuid === uuid);
    if (!node) return null;
    names.push(node.description);
    level = node.subcompetences;
  }
  return names;
}
