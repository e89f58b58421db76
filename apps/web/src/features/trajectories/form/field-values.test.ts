import { describe, expect, it } from 'vitest';
import { ratingPosition, uploadIds } from './field-values';

const info = [
  { name: 'Laag', description: '', colour: '#e03131' },
  { name: 'Gemiddeld', description: '', colour: '#f59f00' },
  { name: 'Hoog', description: '', colour: '#2f9e44' },
];

describe('ratingPosition', () => {
  it('reads a position, a numeric text or an entry name', () => {
    expect(ratingPosition(info, 2)).toBe(2);
    expect(ratingPosition(info, '3')).toBe(3);
    expect(ratingPosition(info, 'Laag')).toBe(1);
  });

  it('gives null for nothing or something outside the entries', () => {
    for (const value of [undefined, null, '', 0, 4, 1.5, 'Onbekend'])
      expect(ratingPosition(info, value)).toBeNull();
  });
});

describe('uploadIds', () => {
  it('keeps whole, non-negative ids of a list', () => {
    expect(uploadIds([3, 4])).toEqual([3, 4]);
    expect(uploadIds([3, -1, 1.5, '7'])).toEqual([3]);
    expect(uploadIds('[3]')).toEqual([]);
    expect(uploadIds(undefined)).toEqual([]);
  });
});
