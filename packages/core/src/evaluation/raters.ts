import type {
  CompetenceProperties,
  Criterion,
  Evaluation,
  EvaluationCompetence,
  Rater,
  ScoreRule,
} from '../contract/evaluation.ts';
import { propertyHistory } from './properties.ts';
import { scoreRange, scoreValue } from './scores.ts';

/**
 * Several raters (issue 23): every entry the server adds carries its rater (role, e-mail, name). Per
 * competence the latest entry of each rater role stands side by side; two roles whose latest scores lie two
 * or more steps of the scale apart disagree. The trajectory blueprint's score rule says which entry counts
 * for the dashboard and the PDF (`countedProperties`). D2: the latest entry counts — per competence, and
 * here per role.
 */

/** Scores this many steps of the scale apart (or more) are a disagreement. */
export const DISAGREEMENT_STEPS = 2;

type Scale = Pick<Evaluation, 'minScore' | 'maxScore'>;

/**
 * The place of a score in the scale's ordered list of scores (minScore…maxScore without 0, which means
 * "not scored", spec part 1 §5); null when it is not on the scale (none, 0, or outside it since the scale
 * changed).
 */
export function scalePosition(scale: Scale, score: number | null): number | null {
  if (score === null || score === 0) return null;
  const index = scoreRange(scale.minScore, scale.maxScore)
    .filter((candidate) => candidate !== 0)
    .indexOf(score);
  return index < 0 ? null : index;
}

/** How many steps of the scale lie between two scores; null when either is not on the scale. */
export function scoreSteps(scale: Scale, a: number | null, b: number | null): number | null {
  const from = scalePosition(scale, a);
  const to = scalePosition(scale, b);
  return from === null || to === null ? null : Math.abs(from - to);
}

/** The latest entry of one rater role on one competence. */
export interface RoleEntry {
  readonly role: string;
  readonly timestamp: string;
  readonly rater: Rater;
  readonly values: CompetenceProperties;
  /** Its score when scored (not empty, not 0); else null: that role has no score now. */
  readonly score: number | null;
}

export interface RaterComparison {
  /** The latest entry of each rater role, in `roleOrder` (then by role name). Entries without a rater are left out. */
  readonly roles: RoleEntry[];
  /** How many roles have a score now: the side by side shows from two. */
  readonly scoredRoles: number;
  /** The most steps between two roles' scores on the scale; null with fewer than two on it. */
  readonly spread: number | null;
  /** Two roles' latest scores lie DISAGREEMENT_STEPS or more steps apart. */
  readonly disagreement: boolean;
}

/**
 * Per competence, the latest entry (by timestamp) of each rater role, and whether two of those roles'
 * scores lie DISAGREEMENT_STEPS or more steps of the scale apart. `roleOrder` (the access document's
 * roles) orders them; roles it does not name follow by name.
 */
export function compareRaters(
  competence: Pick<EvaluationCompetence, 'properties'>,
  scale: Scale,
  roleOrder: readonly string[] = [],
): RaterComparison {
  const latest = new Map<string, RoleEntry>();
  // Newest first: the first entry seen of a role is its latest.
  for (const { timestamp, values } of propertyHistory(competence.properties)) {
    const rater = values.rater;
    if (!rater || latest.has(rater.role)) continue;
    const score = scoreValue(values);
    latest.set(rater.role, {
      role: rater.role,
      timestamp,
      rater,
      values,
      score: score === null || score === 0 ? null : score,
    });
  }
  const place = (role: string) => {
    const index = roleOrder.indexOf(role);
    return index < 0 ? roleOrder.length : index;
  };
  const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });
  const roles = [...latest.values()].sort(
    (a, b) => place(a.role) - place(b.role) || collator.compare(a.role, b.role),
  );
  const positions = roles
    .map((entry) => scalePosition(scale, entry.score))
    .filter((position): position is number => position !== null);
  const spread = positions.length < 2 ? null : Math.max(...positions) - Math.min(...positions);
  return {
    roles,
    scoredRoles: roles.filter((entry) => entry.score !== null).length,
    spread,
    disagreement: spread !== null && spread >= DISAGREEMENT_STEPS,
  };
}

/**
 * The properties that count for a competence under a score rule (dashboard, PDF): `latest` (or no rule)
 * the latest entry of any rater — latestProperties, as before; `role` the latest entry whose rater held
 * that role; `agreed` the latest entry marked agreed. Null when no entry counts: the competence is unrated.
 */
export function countedProperties(
  competence: Pick<EvaluationCompetence, 'properties' | 'latestProperties'>,
  rule: ScoreRule | undefined,
): CompetenceProperties | null {
  if (!rule || rule.kind === 'latest') return competence.latestProperties;
  const counts =
    rule.kind === 'role'
      ? (values: CompetenceProperties) => values.rater?.role === rule.role
      : (values: CompetenceProperties) => values.agreed === 'true';
  return propertyHistory(competence.properties).find((entry) => counts(entry.values))?.values ?? null;
}

/**
 * The evaluation as its score rule counts it: each competence's latestProperties replaced by its counted
 * properties (`countedProperties`), so every figure made from latestProperties (the dashboard's overview,
 * the PDF's rows and chart) follows the rule. Under `latest` (or no rule) the evaluation itself.
 */
export function countedEvaluation<E extends Pick<Evaluation, 'criteria' | 'scoreRule'>>(evaluation: E): E {
  const rule = evaluation.scoreRule;
  if (!rule || rule.kind === 'latest') return evaluation;
  const count = (criteria: readonly Criterion[]): Criterion[] =>
    criteria.map((criterion) =>
      criterion.type === 'cluster'
        ? { ...criterion, subsections: count(criterion.subsections) }
        : { ...criterion, latestProperties: countedProperties(criterion, rule) },
    );
  return { ...evaluation, criteria: count(evaluation.criteria) };
}

/** The rule an evaluation uses: its own, else the default (`latest`). */
export function scoreRuleOf(evaluation: Pick<Evaluation, 'scoreRule'>): ScoreRule {
  return evaluation.scoreRule ?? { kind: 'latest' };
}
