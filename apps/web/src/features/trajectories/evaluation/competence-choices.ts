import { type Criterion, codedName, walkCriteria } from '@groeipad/core';

/**
 * A competence to choose: its uuid and its name with the clusters above it, each with its code before
 * it (D56), so typing a code (`B1-K1-W1`) finds it as typing a name does.
 */
export interface CompetenceChoice {
  value: string;
  label: string;
}

/** The competences of the tree as shown (the filters applied), in the tree's order, with their clusters. */
export function competenceChoices(criteria: readonly Criterion[]): CompetenceChoice[] {
  const names = new Map<string, string>();
  const choices: CompetenceChoice[] = [];
  for (const visit of walkCriteria(criteria)) {
    names.set(visit.criterion.uuid, codedName(visit.criterion));
    if (visit.criterion.type !== 'competence') continue;
    const clusters = visit.uuidPath.slice(0, -1).map((uuid) => names.get(uuid) ?? '');
    choices.push({
      value: visit.criterion.uuid,
      label: [...clusters, codedName(visit.criterion)].join(' › '),
    });
  }
  return choices;
}
