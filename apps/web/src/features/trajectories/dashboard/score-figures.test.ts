import type { ScoreOverviewAnswer } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  averageName,
  colourChannels,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  scoredCount,
  scoreRows,
  scoreRuleText,
  textColourOn,
  wholePercent,
  widgetScope,
} from './score-figures';

const slice = (score: number, name: string, colour: string, count: number, total: number) => ({
  score,
  name,
  colour,
  count,
  percentage: total === 0 ? 0 : (count / total) * 100,
});

/** The demo scale (D6: scores 1…4) with 7 competences: 1× Nog niet, 2× Voldoende, 4 unrated. */
const overview: ScoreOverviewAnswer = {
  scores: [
    slice(1, 'Nog niet', '#e03131', 1, 7),
    slice(2, 'In ontwikkeling', '#f59f00', 0, 7),
    slice(3, 'Voldoende', '#74b816', 2, 7),
    slice(4, 'Goed', '#2f9e44', 0, 7),
  ],
  unrated: slice(-1, '', '#9E9E9E', 4, 7),
  total: 7,
  average: 2,
};

describe('whole percentages', () => {
  it('round each share on its own, so equal counts show equal percentages', () => {
    expect(wholePercent((2 / 30) * 100)).toBe(7);
    expect(wholePercent((8 / 30) * 100)).toBe(27);
    expect(wholePercent(12.5)).toBe(13);
    expect(wholePercent(0)).toBe(0);
    expect(wholePercent(Number.NaN)).toBe(0);
  });
});

describe('score rows (spec part 1 §9: unrated −1 grey, percentages, rounded average)', () => {
  it('lists every score of the scale, then unrated last', () => {
    const rows = scoreRows(overview);
    expect(rows.map((row) => [row.score, row.count, row.percent, row.unrated])).toEqual([
      [1, 1, 14, false],
      [2, 0, 0, false],
      [3, 2, 29, false],
      [4, 0, 0, false],
      [-1, 4, 57, true],
    ]);
    expect(rows.at(-1)?.colour).toBe('#9E9E9E');
  });

  it('counts the scored competences and names the rounded average', () => {
    expect(scoredCount(overview)).toBe(3);
    expect(averageName(overview)).toBe('In ontwikkeling');
    expect(averageName({ ...overview, average: null })).toBeNull();
    expect(averageName({ ...overview, average: 9 })).toBeNull();
  });
});

describe('text on score colours', () => {
  it('reads every stored colour form, translucent ones over white', () => {
    expect(colourChannels('#fff')).toEqual([255, 255, 255]);
    expect(colourChannels('2f9e44')).toEqual([0x2f, 0x9e, 0x44]);
    expect(colourChannels('#00000000')).toEqual([255, 255, 255]);
    expect(colourChannels('#0008')).toEqual([119, 119, 119]);
    expect(colourChannels('red')).toBeNull();
  });

  it('puts dark text on light and middle tones, white only on deep colours', () => {
    expect(textColourOn('#FFD700')).toBe(DARK_TEXT);
    expect(textColourOn('#f59f00')).toBe(DARK_TEXT);
    expect(textColourOn('#2f9e44')).toBe(DARK_TEXT);
    expect(textColourOn('#9E9E9E')).toBe(DARK_TEXT);
    expect(textColourOn('#1c3d8f')).toBe(LIGHT_TEXT);
    expect(textColourOn('nonsense')).toBe(DARK_TEXT);
  });

  it('keeps text readable (WCAG AA for large text at least) on every demo colour', () => {
    for (const colour of ['#e03131', '#f59f00', '#74b816', '#2f9e44', '#9E9E9E', '#FFD700', '#1c3d8f']) {
      expect(contrastRatio(textColourOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the part a scores widget covers (D20)', () => {
  it('is the whole evaluation without a cluster, the names along the path with one', () => {
    expect(widgetScope({ cluster: null, clusterNames: [] })).toEqual({ kind: 'all' });
    expect(widgetScope({ cluster: 'u1.u2', clusterNames: ['Kerntaak 1', 'Zorg verlenen'] })).toEqual({
      kind: 'cluster',
      path: 'Kerntaak 1 › Zorg verlenen',
    });
  });

  it('is gone when the evaluation no longer has the cluster', () => {
    expect(widgetScope({ cluster: 'u9', clusterNames: null })).toEqual({ kind: 'gone' });
  });
});

describe('the score rule in words (issue 23)', () => {
  it('names the rule the figures follow; without one the latest of any rater', () => {
    expect(scoreRuleText(null)).toEqual({ key: 'howLatest', values: {} });
    expect(scoreRuleText({ kind: 'latest' })).toEqual({ key: 'howLatest', values: {} });
    expect(scoreRuleText({ kind: 'role', role: 'Praktijkopleider' })).toEqual({
      key: 'howRole',
      values: { role: 'Praktijkopleider' },
    });
    expect(scoreRuleText({ kind: 'agreed' })).toEqual({ key: 'howAgreed', values: {} });
  });
});
