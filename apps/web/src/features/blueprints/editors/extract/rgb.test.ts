import { describe, expect, it } from 'vitest';
import { hexToRgb, rgbToHex } from './rgb';

describe('rgb colours', () => {
  it('converts both ways', () => {
    expect(rgbToHex([212, 175, 55])).toBe('#d4af37');
    expect(hexToRgb('#d4af37')).toEqual([212, 175, 55]);
    expect(hexToRgb('fff')).toEqual([255, 255, 255]);
  });

  it('refuses what is not a 3 or 6 digit colour', () => {
    expect(hexToRgb('#ffff')).toBeNull();
    expect(hexToRgb('red')).toBeNull();
  });
});
