import type { Competence, CompetenceCriterion } from '../contract/blueprints.ts';
import type { Criterion, Evaluation, EvaluationCriterion, ScoreRule } from '../contract/evaluation.ts';
import type { RatingInfo } from '../contract/fields.ts';
import { scaleFromScoreInfo } from './scores.ts';

/** A blueprint's criterion as the evaluation shows it (D56): uuid, code, name and its own criteria. */
function evaluationCriterion(node: CompetenceCriterion): EvaluationCriterion {
  return {
    uuid: node.uuid,
    ...(node.code ? { code: node.code } : {}),
    name: node.description,
    ...(node.criteria?.length ? { criteria: node.criteria.map(evaluationCriterion) } : {}),
  };
}

/** What a competence or criterion is called where it is listed: its code before its name (D56). */
export function codedName(node: { readonly code?: string | undefined; readonly name: string }): string {
  return node.code ? `${node.code} ${node.name}` : node.name;
}

/**
 * A new trajectory's evaluation from its blueprint snapshot: clusters and sub-clusters from the first
 * two levels, competences on the third (D3), nothing scored yet, the scale from `scoreInfo` (D6), and the
 * blueprint's score rule (issue 23) when it chooses one other than the default (absent means `latest`).
 */
export function evaluationFromBlueprint(
  competences: readonly Competence[],
  scoreInfo: readonly RatingInfo[],
  scoreRule?: ScoreRule,
): Evaluation {
  const criterion = (node: Competence, level: number): Criterion =>
    level >= 3
      ? {
          type: 'competence',
          uuid: node.uuid,
          ...(node.code ? { code: node.code } : {}),
          name: node.description,
          ...(node.criteria?.length ? { criteria: node.criteria.map(evaluationCriterion) } : {}),
          info: node.info ?? '',
          labels: [...(node.labels ?? [])],
          properties: {},
          latestProperties: null,
        }
      : {
          type: 'cluster',
          uuid: node.uuid,
          ...(node.code ? { code: node.code } : {}),
          name: node.description,
          info: node.info ?? '',
          labels: [...(node.labels ?? [])],
          subsections: (node.subcompetences ?? []).map((child) => criterion(child, level + 1)),
        };
  const evaluation: Evaluation = {
    criteria: competences.map((node) => criterion(node, 1)),
    ...scaleFromScoreInfo(scoreInfo),
  };
  if (scoreRule && scoreRule.kind !== 'latest') evaluation.scoreRule = { ...scoreRule };
  return evaluation;
}
