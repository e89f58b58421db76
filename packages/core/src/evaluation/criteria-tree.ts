import type { Criterion, EvaluationCompetence } from '../contract/evaluation.ts';

/** One visited criterion: its depth (0 cluster, 1 sub-cluster, 2 competence) and uuid path. */
export interface CriterionVisit {
  readonly criterion: Criterion;
  readonly level: number;
  readonly uuidPath: readonly string[];
  /** Labels of the criterion and of every ancestor. */
  readonly labels: readonly string[];
}

export function* walkCriteria(
  criteria: readonly Criterion[],
  level = 0,
  uuidPath: readonly string[] = [],
  inheritedLabels: readonly string[] = [],
): Generator<CriterionVisit> {
  for (const criterion of criteria) {
    const path = [...uuidPath, criterion.uuid];
    const labels = [...inheritedLabels, ...criterion.labels];
    yield { criterion, level, uuidPath: path, labels };
    if (criterion.type === 'cluster') yield* walkCriteria(criterion.subsections, level + 1, path, labels);
  }
}

/** Section numbers per level as in the extract (1, 1.1, 1.1.1), keyed by criterion uuid. */
export function sectionNumbers(criteria: readonly Criterion[], prefix = ''): Map<string, string> {
  const numbers = new Map<string, string>();
  criteria.forEach((criterion, index) => {
    const number = `${prefix}${index + 1}`;
    numbers.set(criterion.uuid, number);
    if (criterion.type === 'cluster') {
      for (const [uuid, inner] of sectionNumbers(criterion.subsections, `${number}.`))
        numbers.set(uuid, inner);
    }
  });
  return numbers;
}

/** Every competence of the tree with its level, depth first. */
export function listCompetences(
  criteria: readonly Criterion[],
): { competence: EvaluationCompetence; level: number; labels: readonly string[] }[] {
  const found: { competence: EvaluationCompetence; level: number; labels: readonly string[] }[] = [];
  for (const visit of walkCriteria(criteria)) {
    if (visit.criterion.type === 'competence') {
      found.push({ competence: visit.criterion, level: visit.level, labels: visit.labels });
    }
  }
  return found;
}

/** The cluster or competence at a path of names like 'a.b.c' (a dashboard widget's cluster). */
export function findCriterionByNamePath(criteria: readonly Criterion[], path: string): Criterion | undefined {
  const names = path.split('.').filter((name) => name !== '');
  let level: readonly Criterion[] = criteria;
  let found: Criterion | undefined;
  for (const name of names) {
    found = level.find((criterion) => criterion.name === name);
    if (!found) return undefined;
    level = found.type === 'cluster' ? found.subsections : [];
  }
  return found;
}

/**
 * The chain of criteria along a path of uuids joined by '.' (a dashboard widget's cluster, D20), from
 * the top; undefined when a uuid is not found at its level.
 */
export function criteriaAlongUuidPath(criteria: readonly Criterion[], path: string): Criterion[] | undefined {
  const chain: Criterion[] = [];
  let level: readonly Criterion[] = criteria;
  for (const uuid of path.split('.').filter((part) => part !== '')) {
    const found = level.find((criterion) => criterion.uuid === uuid);
    if (!found) return undefined;
    chain.push(found);
    level = found.type === 'cluster' ? found.subsections : [];
  }
  return chain;
}

/** The cluster or competence at a path of uuids like 'a.b' (D20); undefined when there is none. */
export function findCriterionByUuidPath(criteria: readonly Criterion[], path: string): Criterion | undefined {
  return criteriaAlongUuidPath(criteria, path)?.at(-1);
}

/** Maps every competence of the tree; clusters are rebuilt only along changed branches. */
export function mapCompetences(
  criteria: readonly Criterion[],
  map: (competence: EvaluationCompetence, level: number) => EvaluationCompetence,
  level = 0,
): Criterion[] {
  return criteria.map((criterion) =>
    criterion.type === 'competence'
      ? map(criterion, level)
      : { ...criterion, subsections: mapCompetences(criterion.subsections, map, level + 1) },
  );
}
