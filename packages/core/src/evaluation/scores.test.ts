import { describe, expect, it } from 'vitest';
import { UNRATED_COLOUR, UNRATED_SCORE, zEvaluation } from '../contract/evaluation.ts';
import { criteriaScoreOverview, isScored, scaleFromScoreInfo, scoreOverview, scoreRange } from './scores.ts';
import { cluster, competence } from './test-data.ts';

const scale = {
  minScore: 1,
  maxScore: 4,
  scoreNames: ['poor', 'fair', 'good', 'great'],
  scoreColours: ['#f00', '#fa0', '#ff0', '#0f0'],
};

describe('scores', () => {
  it.each([
    [{ score: '3' }, true],
    [{ score: '-2' }, true],
    [{ score: '0' }, false],
    [{ score: '' }, false],
    [{ score: ' ' }, false],
    [{ score: 'abc' }, false],
    [{}, false],
    [null, false],
  ])('%j scored: %s', (properties, scored) => {
    expect(isScored(properties)).toBe(scored);
  });

  it('the score selection runs from minScore to maxScore', () => {
    expect(scoreRange(0, 3)).toEqual([0, 1, 2, 3]);
    expect(scoreRange(2, 1)).toEqual([]);
  });

  it('counts, percentages, unrated as -1 grey and the rounded average', () => {
    const overview = scoreOverview(
      [
        { score: '1' },
        { score: '2' },
        { score: '2' },
        { score: '0' },
        null,
        { score: '9' },
        { score: '4' },
        {},
      ],
      scale,
      'unrated',
    );
    expect(overview.total).toBe(8);
    expect(overview.scores.map((entry) => [entry.score, entry.name, entry.colour, entry.count])).toEqual([
      [1, 'poor', '#f00', 1],
      [2, 'fair', '#fa0', 2],
      [3, 'good', '#ff0', 0],
      [4, 'great', '#0f0', 1],
    ]);
    expect(overview.scores[1]!.percentage).toBe(25);
    expect(overview.unrated).toEqual({
      score: UNRATED_SCORE,
      name: 'unrated',
      colour: UNRATED_COLOUR,
      count: 4,
      percentage: 50,
    });
    expect(overview.average).toBe(2); // (1 + 2 + 2 + 4) / 4 = 2.25
    const sum = overview.scores.reduce(
      (total, entry) => total + entry.percentage,
      overview.unrated.percentage,
    );
    expect(sum).toBeCloseTo(100);
  });

  it('rounds the average half up and is null with nothing scored', () => {
    expect(scoreOverview([{ score: '2' }, { score: '3' }], scale).average).toBe(3);
    expect(scoreOverview([{ score: '0' }], scale).average).toBeNull();
    expect(scoreOverview([], scale).unrated.percentage).toBe(0);
  });

  it('overviews a whole criteria tree', () => {
    const criteria = [
      cluster('a', [
        cluster('a1', [competence('c1', { '2025-01-01T00:00:00Z': { score: '3' } }), competence('c2')]),
      ]),
    ];
    const overview = criteriaScoreOverview(criteria, scale);
    expect(overview.total).toBe(2);
    expect(overview.unrated.count).toBe(1);
    expect(overview.average).toBe(3);
  });
});

describe('the score scale from scoreInfo (D6)', () => {
  it('runs from 1 to the number of entries, names, colours and descriptions in order; a valid evaluation', () => {
    const scale = scaleFromScoreInfo([
      { name: 'Nog niet', description: 'Niet zichtbaar', colour: '#e03131' },
      { name: 'Voldoende', colour: '#74b816' },
      { name: 'Goed', description: 'Zelfstandig', colour: '#2f9e44' },
    ]);
    expect(scale).toEqual({
      minScore: 1,
      maxScore: 3,
      scoreNames: ['Nog niet', 'Voldoende', 'Goed'],
      scoreColours: ['#e03131', '#74b816', '#2f9e44'],
      scoreInfo: ['Niet zichtbaar', '', 'Zelfstandig'],
    });
    expect(zEvaluation.safeParse({ criteria: [], ...scale }).success).toBe(true);
    expect(scoreRange(scale.minScore, scale.maxScore)).toEqual([1, 2, 3]);
  });
});
