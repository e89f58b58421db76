import { UNRATED_COLOUR } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { colourChannels, contrastRatio, scoreChip, scoreChoices, textColourOn } from './score-scale';
import { testEvaluation } from './test-evaluation';

const scale = testEvaluation({});

describe('scoreChoices (spec part 1 §5: minScore…maxScore; D6)', () => {
  it('lists every score with its name and colour', () => {
    expect(scoreChoices(scale).map((choice) => [choice.score, choice.name, choice.colour])).toEqual([
      [1, 'Nog niet', '#e03131'],
      [2, 'In ontwikkeling', '#f59f00'],
      [3, 'Voldoende', '#74b816'],
      [4, 'Goed', '#2f9e44'],
    ]);
  });

  it('leaves 0 out (it means not scored) and falls back to the number and grey', () => {
    const choices = scoreChoices({
      minScore: -1,
      maxScore: 1,
      scoreNames: [],
      scoreColours: [],
      scoreInfo: [],
    });
    expect(choices.map((choice) => [choice.score, choice.name, choice.colour])).toEqual([
      [-1, '-1', UNRATED_COLOUR],
      [1, '1', UNRATED_COLOUR],
    ]);
  });
});

describe('scoreChip', () => {
  it('is the latest score with its name and colour', () => {
    expect(scoreChip(scale, { score: '3' })).toMatchObject({
      score: 3,
      name: 'Voldoende',
      colour: '#74b816',
    });
  });

  it('is null when not scored: empty, 0 or no entry', () => {
    expect(scoreChip(scale, { score: '' })).toBeNull();
    expect(scoreChip(scale, { score: '0' })).toBeNull();
    expect(scoreChip(scale, null)).toBeNull();
  });

  it('shows a score outside the scale as its number on grey', () => {
    expect(scoreChip(scale, { score: '7' })).toMatchObject({ name: '7', colour: UNRATED_COLOUR });
  });

  it('picks a text colour that meets WCAG AA (4.5:1) on every colour of the demo scale', () => {
    for (const choice of scoreChoices(scale)) {
      expect(contrastRatio(choice.textColour, choice.colour)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('colours', () => {
  it('reads 3, 4, 6 and 8 digit hex colours', () => {
    expect(colourChannels('#fff')).toEqual([255, 255, 255]);
    expect(colourChannels('abcd')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(colourChannels('#2f9e44')).toEqual([0x2f, 0x9e, 0x44]);
    expect(colourChannels('#2f9e4480')).toEqual([0x2f, 0x9e, 0x44]);
    expect(colourChannels('red')).toBeNull();
  });

  it('chooses white on dark and dark on light colours', () => {
    expect(textColourOn('#1a237e')).toBe('#ffffff');
    expect(textColourOn('#ffd700')).toBe('#1a1b1e');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
  });
});
