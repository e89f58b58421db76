import type { CompetenceProperties, Evaluation, Rater } from '../contract/evaluation.ts';
import { walkCriteria } from './criteria-tree.ts';
import { codedName } from './from-blueprint.ts';
import { propertyHistory } from './properties.ts';
import { compareRaters, countedProperties, scalePosition } from './raters.ts';
import { scoreValue } from './scores.ts';

/**
 * The learner's own page ("Mijn voortgang", D58): what an evaluation says to the one it follows — how far
 * they are, what is next (competences not scored yet, or scored below the pass level), where raters
 * disagree and the latest remarks. Made from the evaluation as the reader may read it; the scores are the
 * ones the trajectory's score rule counts (issue 23, `countedProperties`).
 */

type Scale = Pick<Evaluation, 'minScore' | 'maxScore' | 'scoreNames' | 'scoreColours'>;

/** A score as a card shows it: its number, name and colour on the scale. */
export interface ScoreLabel {
  readonly score: number;
  readonly name: string;
  readonly colour: string | null;
}

export interface ProgressCompetence {
  readonly uuid: string;
  /** Its code before its name (`B1-K1-W1`, D56); absent without one. */
  readonly code?: string;
  readonly name: string;
  /** The names of the clusters above it (their codes before them, D56), outermost first. */
  readonly clusters: string[];
  /** The counted score; null when not scored. */
  readonly score: ScoreLabel | null;
}

export interface ProgressDisagreement extends Omit<ProgressCompetence, 'score'> {
  /** Each rater role's latest score, in the access document's role order. */
  readonly ratings: { role: string; rater: string; score: ScoreLabel | null }[];
}

export interface ProgressRemark {
  readonly uuid: string;
  readonly competence: string;
  readonly timestamp: string;
  /** Who wrote it: the rater's name and role; null for entries from before raters were kept. */
  readonly rater: Pick<Rater, 'name' | 'role'> | null;
  readonly text: string;
}

export interface ProgressSummary {
  readonly competences: number;
  readonly scored: number;
  /** Scored at or above the pass level. */
  readonly passed: number;
  /** The lowest score that passes (`passScore`); null on a scale without scores. */
  readonly passScore: ScoreLabel | null;
  /** Below the pass level, then not scored yet, each in the tree's order. */
  readonly next: readonly ProgressCompetence[];
  readonly disagreements: readonly ProgressDisagreement[];
  /** Newest first. */
  readonly remarks: readonly ProgressRemark[];
  /** The moment of the newest entry of any competence; null before the first. */
  readonly lastAssessed: string | null;
}

/** How long a remark a summary carries (a card shows a line or two; the evaluation has the rest). */
export const PROGRESS_REMARK_MAX = 280;

/** The scores of a scale that mean something (0 means "not scored", spec part 1 §5). */
function scaleScores(scale: Pick<Evaluation, 'minScore' | 'maxScore'>): number[] {
  const scores: number[] = [];
  for (let score = scale.minScore; score <= scale.maxScore; score++) if (score !== 0) scores.push(score);
  return scores;
}

/**
 * The pass level (D58 "below the pass level"): the scale has no mark for it, so the lower score of the
 * upper half passes — on 1–4 ("onvoldoende, matig, voldoende, goed") 3, on 1–5 and 1–3 the middle one, on
 * a two-step scale the higher. Null on a scale without scores.
 */
export function passScore(scale: Pick<Evaluation, 'minScore' | 'maxScore'>): number | null {
  const scores = scaleScores(scale);
  return scores.length === 0 ? null : (scores[Math.floor(scores.length / 2)] ?? null);
}

/** A score's name and colour on the scale; null when it is not on it. */
export function scoreLabel(scale: Scale, score: number | null): ScoreLabel | null {
  if (score === null || scalePosition(scale, score) === null) return null;
  const index = score - scale.minScore;
  return { score, name: scale.scoreNames[index] ?? String(score), colour: scale.scoreColours[index] ?? null };
}

function remarkText(values: CompetenceProperties): string {
  const text = (values.remarks ?? '').replace(/\s+/g, ' ').trim();
  return text.length <= PROGRESS_REMARK_MAX ? text : `${text.slice(0, PROGRESS_REMARK_MAX - 1)}…`;
}

/**
 * The summary of an evaluation for its learner. `roleOrder` orders the raters of a disagreement (the
 * access document's roles); `remarks` is how many of the newest remarks to keep.
 */
export function progressSummary(
  evaluation: Pick<
    Evaluation,
    'criteria' | 'minScore' | 'maxScore' | 'scoreNames' | 'scoreColours' | 'scoreRule'
  >,
  options: { roleOrder?: readonly string[]; remarks?: number } = {},
): ProgressSummary {
  const pass = passScore(evaluation);
  const passPosition = scalePosition(evaluation, pass);
  const unscored: ProgressCompetence[] = [];
  const below: ProgressCompetence[] = [];
  const disagreements: ProgressDisagreement[] = [];
  const remarks: ProgressRemark[] = [];
  let competences = 0;
  let scored = 0;
  let passed = 0;
  let lastAssessed: string | null = null;
  const clusterNames = new Map<string, string>();
  for (const visit of walkCriteria(evaluation.criteria)) {
    const { criterion } = visit;
    if (criterion.type === 'cluster') {
      clusterNames.set(criterion.uuid, codedName(criterion));
      continue;
    }
    competences += 1;
    const clusters = visit.uuidPath.slice(0, -1).map((uuid) => clusterNames.get(uuid) ?? '');
    const base = {
      uuid: criterion.uuid,
      ...(criterion.code ? { code: criterion.code } : {}),
      name: criterion.name,
      clusters,
    };
    const score = scoreLabel(evaluation, scoreValue(countedProperties(criterion, evaluation.scoreRule)));
    if (score === null) unscored.push({ ...base, score });
    else {
      scored += 1;
      const position = scalePosition(evaluation, score.score);
      if (passPosition !== null && position !== null && position >= passPosition) passed += 1;
      else below.push({ ...base, score });
    }
    const comparison = compareRaters(criterion, evaluation, options.roleOrder);
    if (comparison.disagreement)
      disagreements.push({
        ...base,
        ratings: comparison.roles.map((entry) => ({
          role: entry.role,
          rater: entry.rater.name,
          score: scoreLabel(evaluation, entry.score),
        })),
      });
    for (const { timestamp, values } of propertyHistory(criterion.properties)) {
      if (lastAssessed === null || Date.parse(timestamp) > Date.parse(lastAssessed)) lastAssessed = timestamp;
      const text = remarkText(values);
      if (text === '') continue;
      const rater = values.rater ? { name: values.rater.name, role: values.rater.role } : null;
      remarks.push({ uuid: criterion.uuid, competence: codedName(criterion), timestamp, rater, text });
    }
  }
  remarks.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  return {
    competences,
    scored,
    passed,
    passScore: scoreLabel(evaluation, pass),
    next: [...below, ...unscored],
    disagreements,
    remarks: remarks.slice(0, options.remarks ?? 3),
    lastAssessed,
  };
}
