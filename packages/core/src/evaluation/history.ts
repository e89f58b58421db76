import type { CompetenceProperties, Criterion, Evaluation } from '../contract/evaluation.ts';
import { findCriterionByUuidPath, listCompetences } from './criteria-tree.ts';
import { codedName } from './from-blueprint.ts';
import { compareTimestampsDescending } from './properties.ts';
import { criteriaScoreOverview, type ScoreOverview } from './scores.ts';

export interface EvaluationChange {
  readonly timestamp: string;
  readonly competenceUuid: string;
  /** Its code before its name (D56). */
  readonly competenceName: string;
  readonly values: CompetenceProperties;
}

/** Every entry of every competence, newest first (the evaluation_history widget). */
export function evaluationHistory(
  criteria: readonly Criterion[],
  limit = Number.POSITIVE_INFINITY,
): EvaluationChange[] {
  const changes = listCompetences(criteria).flatMap(({ competence }) =>
    Object.entries(competence.properties).map(([timestamp, values]) => ({
      timestamp,
      competenceUuid: competence.uuid,
      competenceName: codedName(competence),
      values,
    })),
  );
  changes.sort((a, b) => compareTimestampsDescending(a.timestamp, b.timestamp));
  return changes.slice(0, limit);
}

/**
 * The evaluation_scores widget: the overview of the whole evaluation, or of the cluster at a
 * path of cluster uuids joined by '.' (D20). Null when the path names no criterion (any more).
 * Each competence counts once, with its latest score.
 */
export function widgetScoreOverview(
  evaluation: Evaluation,
  cluster: string | null | undefined,
  unratedName = '',
): ScoreOverview | null {
  if (!cluster) return criteriaScoreOverview(evaluation.criteria, evaluation, unratedName);
  const found = findCriterionByUuidPath(evaluation.criteria, cluster);
  if (!found) return null;
  return criteriaScoreOverview([found], evaluation, unratedName);
}
