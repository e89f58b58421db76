import type { ScoreOverviewAnswer, ScoreRule } from '@groeipad/core';

/**
 * The figures the evaluation-scores widget shows, worked out from the server's overview (spec part
 * 1 §2, §9; D6): the rows of the table (the scale's scores, then unrated as −1 in grey) with whole
 * percentages, and which text colour reads well on a score's colour.
 */

export interface ScoreRow {
  readonly score: number;
  /** The scale's name; empty for the unrated row (the screen names it). */
  readonly name: string;
  readonly colour: string;
  readonly count: number;
  /** Whole percent of all competences counted (the server's share, rounded). */
  readonly percent: number;
  readonly unrated: boolean;
}

/**
 * The whole percent the chart and the table show for the server's unrounded percentage (spec part 1
 * §9: the pie shows percentages). Each row is rounded on its own, so equal counts always show equal
 * percentages; the column may then add up to 99 or 101, which the total row (100 %) puts right.
 */
export function wholePercent(percentage: number): number {
  return Number.isFinite(percentage) ? Math.round(percentage) : 0;
}

/** The table rows: every score of the scale (also those with no competences), then unrated. */
export function scoreRows(overview: ScoreOverviewAnswer): ScoreRow[] {
  const all = [...overview.scores, overview.unrated];
  return all.map((entry, index) => ({
    score: entry.score,
    name: entry.name,
    colour: entry.colour,
    count: entry.count,
    percent: wholePercent(entry.percentage),
    unrated: index === all.length - 1,
  }));
}

/** How many competences have a score in the scale (the ones the average is taken over). */
export function scoredCount(overview: ScoreOverviewAnswer): number {
  return overview.scores.reduce((sum, entry) => sum + entry.count, 0);
}

/** The scale's name of the rounded average, when the average is a score of the scale. */
export function averageName(overview: ScoreOverviewAnswer): string | null {
  if (overview.average === null) return null;
  return overview.scores.find((entry) => entry.score === overview.average)?.name ?? null;
}

/** Red, green and blue 0…255 of a stored colour (#rgb, #rgba, #rrggbb, #rrggbbaa), over white when translucent. */
export function colourChannels(colour: string): [number, number, number] | null {
  const digits = colour.trim().replace(/^#/, '');
  if (!/^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(digits)) return null;
  const long = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const channel = (at: number) => Number.parseInt(long.slice(at, at + 2), 16);
  const alpha = long.length === 8 ? channel(6) / 255 : 1;
  // The chart and the chips sit on white: a translucent colour shows mixed with it.
  const over = (value: number) => Math.round(value * alpha + 255 * (1 - alpha));
  return [over(channel(0)), over(channel(2)), over(channel(4))];
}

/** WCAG 2 relative luminance of a colour's channels. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two luminances. */
function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export const DARK_TEXT = '#1a1b1e';
export const LIGHT_TEXT = '#ffffff';

/**
 * The text colour for text on `colour`: dark unless white contrasts clearly better (dark text on
 * light and middle tones such as the scale's orange and green, white only on deep colours).
 */
export function textColourOn(colour: string): string {
  const channels = colourChannels(colour);
  if (!channels) return DARK_TEXT;
  const background = luminance(channels);
  const dark = contrast(background, luminance([0x1a, 0x1b, 0x1e]));
  const light = contrast(background, 1);
  return light > dark ? LIGHT_TEXT : DARK_TEXT;
}

/** The WCAG contrast ratio of text colour on a background colour (for tests and checks). */
export function contrastRatio(text: string, background: string): number {
  const a = colourChannels(text);
  const b = colourChannels(background);
  if (!a || !b) return 1;
  return contrast(luminance(a), luminance(b));
}

/** What part of the evaluation a scores widget covers, for its subtitle and its explanation (D20). */
export type WidgetScope = { kind: 'all' } | { kind: 'cluster'; path: string } | { kind: 'gone' };

/**
 * D20: a widget's cluster is stored as a path of cluster uuids; the screen shows the names along it
 * (`clusterNames`, from the server), joined by ›. A path the evaluation no longer has is "gone".
 */
export function widgetScope(widget: {
  cluster: string | null;
  clusterNames: readonly string[] | null;
}): WidgetScope {
  if (widget.cluster === null) return { kind: 'all' };
  if (!widget.clusterNames || widget.clusterNames.length === 0) return { kind: 'gone' };
  return { kind: 'cluster', path: widget.clusterNames.join(' › ') };
}

/**
 * The sentence that says how a competence's score is taken (issue 23: the trajectory blueprint's score
 * rule): its locale key under trajectories.dashboard and the values it names. Without a rule (no
 * evaluation read, an older server) the latest of any rater, as before.
 */
export function scoreRuleText(rule: ScoreRule | null | undefined): {
  key: 'howLatest' | 'howRole' | 'howAgreed';
  values: { role?: string };
} {
  if (rule?.kind === 'role') return { key: 'howRole', values: { role: rule.role } };
  if (rule?.kind === 'agreed') return { key: 'howAgreed', values: {} };
  return { key: 'howLatest', values: {} };
}
