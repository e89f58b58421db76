import {
  type CompetenceProperties,
  type Evaluation,
  normaliseColour,
  scoreRange,
  scoreValue,
  UNRATED_COLOUR,
} from '@groeipad/core';

/**
 * The score scale of an evaluation as the screen shows it (spec part 1 §3, §5; D6): the scores a user
 * may pick, from minScore to maxScore, each with its name, colour and description, and the chip of a
 * competence's latest score with a text colour that stays readable on the score's colour (WCAG AA).
 */

type Scale = Pick<Evaluation, 'minScore' | 'maxScore' | 'scoreNames' | 'scoreColours' | 'scoreInfo'>;

export interface ScoreChoice {
  readonly score: number;
  readonly name: string;
  readonly description: string;
  /** The score's colour ('#rrggbb' or as stored); grey when the scale names none. */
  readonly colour: string;
  /** Black or white, whichever contrasts better with `colour`. */
  readonly textColour: string;
}

const DARK = '#1a1b1e';
const LIGHT = '#ffffff';

/** The red, green and blue channels (0–255) of a hex colour; alpha is ignored; null when not hex. */
export function colourChannels(colour: string): [number, number, number] | null {
  const normal = normaliseColour(colour);
  if (!normal) return null;
  let digits = normal.slice(1);
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join('');
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG 2 contrast ratio between two colours (1 to 21); 1 when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const ca = colourChannels(a);
  const cb = colourChannels(b);
  if (!ca || !cb) return 1;
  const [light, dark] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Dark or white text for a background colour: whichever contrasts more. */
export function textColourOn(background: string): string {
  return contrastRatio(background, DARK) >= contrastRatio(background, LIGHT) ? DARK : LIGHT;
}

function choiceOf(scale: Scale, score: number): ScoreChoice {
  const index = score - scale.minScore;
  const colour = normaliseColour(scale.scoreColours[index] ?? '') ?? UNRATED_COLOUR;
  return {
    score,
    name: scale.scoreNames[index] || String(score),
    description: scale.scoreInfo[index] ?? '',
    colour,
    textColour: textColourOn(colour),
  };
}

/** The scores a user may pick (spec part 1 §5): minScore…maxScore; 0 means "not scored" and is left out. */
export function scoreChoices(scale: Scale): ScoreChoice[] {
  return scoreRange(scale.minScore, scale.maxScore)
    .filter((score) => score !== 0)
    .map((score) => choiceOf(scale, score));
}

/**
 * The chip of a competence's latest entry: its score with name and colour; null when it is not scored
 * (empty or 0, spec part 1 §5). A score outside the scale (the scale changed since) shows as its
 * number on grey.
 */
export function scoreChip(
  scale: Scale,
  properties: CompetenceProperties | null | undefined,
): ScoreChoice | null {
  const score = scoreValue(properties);
  if (score === null || score === 0) return null;
  if (score < scale.minScore || score > scale.maxScore)
    return {
      score,
      name: String(score),
      description: '',
      colour: UNRATED_COLOUR,
      textColour: textColourOn(UNRATED_COLOUR),
    };
  return choiceOf(scale, score);
}
