import type { CompetenceProperties, Evaluation } from '@groeipad/core';

/**
 * The latest score of a competence as the split screen names it: the scale's name and colour for an
 * integer from minScore to maxScore; none for an empty score or 0 (spec part 1 §5: a competence counts
 * as scored when the score is non-empty and not zero) or one outside the scale.
 */
export function scoreOf(
  evaluation: Pick<Evaluation, 'minScore' | 'maxScore' | 'scoreNames' | 'scoreColours'>,
  latest: CompetenceProperties | null | undefined,
): { score: number; name: string; colour: string } | null {
  const text = latest?.score?.trim() ?? '';
  if (text === '' || !/^-?\d+$/.test(text)) return null;
  const score = Number(text);
  if (score === 0 || score < evaluation.minScore || score > evaluation.maxScore) return null;
  const index = score - evaluation.minScore;
  return {
    score,
    name: evaluation.scoreNames[index] || String(score),
    colour: evaluation.scoreColours[index] || '#868e96',
  };
}
