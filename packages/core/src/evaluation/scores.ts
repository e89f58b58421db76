import {
  type CompetenceProperties,
  type Criterion,
  type Evaluation,
  UNRATED_COLOUR,
  UNRATED_SCORE,
} from '../contract/evaluation.ts';
import { parseInteger } from '../fields/values.ts';
import { listCompetences } from './criteria-tree.ts';

/** The score as a number; null when empty or not an integer. */
export function scoreValue(properties: CompetenceProperties | null | undefined): number | null {
  return parseInteger(properties?.score ?? '');
}

/** A competence counts as scored when the score is non-empty and not zero (spec part 1 §5). */
export function isScored(properties: CompetenceProperties | null | undefined): boolean {
  const score = scoreValue(properties);
  return score !== null && score !== 0;
}

/** The scores a user may pick: minScore to maxScore. */
export function scoreRange(minScore: number, maxScore: number): number[] {
  const scores: number[] = [];
  for (let score = minScore; score <= maxScore; score++) scores.push(score);
  return scores;
}

export interface ScoreOverviewEntry {
  readonly score: number;
  readonly name: string;
  readonly colour: string;
  readonly count: number;
  /** count / total × 100, unrounded (0 when there are no competences). */
  readonly percentage: number;
}

export interface ScoreOverview {
  /** One entry per score from minScore to maxScore (zero excluded: it means not scored). */
  readonly scores: ScoreOverviewEntry[];
  /** Competences without a score (or with one outside the scale): score -1, grey. */
  readonly unrated: ScoreOverviewEntry;
  readonly total: number;
  /** The rounded average of the scored competences; null when none is scored. */
  readonly average: number | null;
}

type Scale = Pick<Evaluation, 'minScore' | 'maxScore' | 'scoreNames' | 'scoreColours'>;

/** Counts and percentages per score, the unrated count and the rounded average. */
export function scoreOverview(
  latest: readonly (CompetenceProperties | null | undefined)[],
  scale: Scale,
  unratedName = '',
): ScoreOverview {
  const counts = new Map<number, number>();
  let unrated = 0;
  let sum = 0;
  let scored = 0;
  for (const properties of latest) {
    const score = scoreValue(properties);
    if (score === null || score === 0 || score < scale.minScore || score > scale.maxScore) {
      unrated += 1;
      continue;
    }
    counts.set(score, (counts.get(score) ?? 0) + 1);
    sum += score;
    scored += 1;
  }
  const total = latest.length;
  const percentage = (count: number) => (total === 0 ? 0 : (count / total) * 100);
  const scores = scoreRange(scale.minScore, scale.maxScore)
    .filter((score) => score !== 0)
    .map((score) => {
      const index = score - scale.minScore;
      const count = counts.get(score) ?? 0;
      return {
        score,
        name: scale.scoreNames[index] ?? String(score),
        colour: scale.scoreColours[index] ?? UNRATED_COLOUR,
        count,
        percentage: percentage(count),
      };
    });
  return {
    scores,
    unrated: {
      score: UNRATED_SCORE,
      name: unratedName,
      colour: UNRATED_COLOUR,
      count: unrated,
      percentage: percentage(unrated),
    },
    total,
    average: scored === 0 ? null : Math.round(sum / scored),
  };
}

/** The overview of every competence in a criteria tree (or a cluster's subtree). */
export function criteriaScoreOverview(
  criteria: readonly Criterion[],
  scale: Scale,
  unratedName = '',
): ScoreOverview {
  return scoreOverview(
    listCompetences(criteria).map(({ competence }) => competence.latestProperties),
    scale,
    unratedName,
  );
}

/**
 * The score scale of an evaluation from its trajectory blueprint's `scoreInfo` (D6): scores 1 to the
 * number of entries, with their names, colours and descriptions in order. Made when an evaluation is
 * created and again when the trajectory moves to a newer blueprint version.
 */
export function scaleFromScoreInfo(
  scoreInfo: readonly { name: string; description?: string; colour: string }[],
): Pick<Evaluation, 'minScore' | 'maxScore' | 'scoreNames' | 'scoreColours' | 'scoreInfo'> {
  return {
    // Without entries the scale is empty: only "not scored" (0) exists.
    minScore: scoreInfo.length === 0 ? 0 : 1,
    maxScore: scoreInfo.length,
    scoreNames: scoreInfo.map((entry) => entry.name),
    scoreColours: scoreInfo.map((entry) => entry.colour),
    scoreInfo: scoreInfo.map((entry) => entry.description ?? ''),
  };
}
