import { describe, expect, it } from 'vitest';
import { scoreOf } from './split-score';

const scale = {
  minScore: 1,
  maxScore: 3,
  scoreNames: ['Nog niet', 'Voldoende', ''],
  scoreColours: ['#e03131', '#74b816'],
};

describe('scoreOf (the split screen’s evaluation)', () => {
  it('names a score of the scale with its colour', () => {
    expect(scoreOf(scale, { score: '2' })).toEqual({ score: 2, name: 'Voldoende', colour: '#74b816' });
  });
  it('falls back to the number and grey when the scale names none', () => {
    expect(scoreOf(scale, { score: '3' })).toEqual({ score: 3, name: '3', colour: '#868e96' });
  });
  it('is none for empty, 0, outside the scale or no entry', () => {
    expect(scoreOf(scale, { score: '' })).toBeNull();
    expect(scoreOf(scale, { score: '0' })).toBeNull();
    expect(scoreOf(scale, { score: '4' })).toBeNull();
    expect(scoreOf(scale, null)).toBeNull();
  });
});
