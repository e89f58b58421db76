import { describe, expect, it } from 'vitest';
import { pieSlices, pointAt } from './pie-geometry';

const frame = { cx: 100, cy: 100, radius: 80 };

describe('pie geometry (spec part 1 §2 "Dashboard section": the scores pie)', () => {
  it('starts at twelve o’clock and turns clockwise', () => {
    expect(pointAt(frame, 0)).toEqual([100, 20]);
    expect(pointAt(frame, Math.PI / 2)).toEqual([180, 100]);
    expect(pointAt(frame, Math.PI)).toEqual([100, 180]);
  });

  it('gives each counted item a share of the circle in order, the last closing it exactly', () => {
    const slices = pieSlices(
      [
        { key: 1, value: 1 },
        { key: 2, value: 0 },
        { key: 3, value: 3 },
      ],
      frame,
    );
    expect(slices.map((slice) => slice.key)).toEqual([1, 3]);
    expect(slices[0]?.fraction).toBe(0.25);
    expect(slices[0]?.startAngle).toBe(0);
    expect(slices[0]?.endAngle).toBeCloseTo(Math.PI / 2);
    expect(slices[1]?.startAngle).toBeCloseTo(Math.PI / 2);
    expect(slices[1]?.endAngle).toBe(2 * Math.PI);
    // A quarter: from the top to three o'clock, the small arc; three quarters take the large arc.
    expect(slices[0]?.path).toBe('M 100 100 L 100 20 A 80 80 0 0 1 180 100 Z');
    expect(slices[1]?.path).toBe('M 100 100 L 180 100 A 80 80 0 1 1 100 20 Z');
  });

  it('puts a label on the bisector of its slice', () => {
    const [quarter] = pieSlices(
      [
        { key: 'a', value: 1 },
        { key: 'b', value: 3 },
      ],
      { ...frame, labelRadius: 50 },
    );
    expect(quarter?.labelX).toBeCloseTo(100 + 50 * Math.SQRT1_2, 2);
    expect(quarter?.labelY).toBeCloseTo(100 - 50 * Math.SQRT1_2, 2);
  });

  it('draws a single item as a whole disc with its label in the middle', () => {
    const [only] = pieSlices([{ key: -1, value: 7 }], frame);
    expect(only?.fraction).toBe(1);
    expect(only?.path).toBe('M 100 20 A 80 80 0 1 1 100 180 A 80 80 0 1 1 100 20 Z');
    expect([only?.labelX, only?.labelY]).toEqual([100, 100]);
  });

  it('draws nothing when nothing counts', () => {
    expect(pieSlices([], frame)).toEqual([]);
    expect(
      pieSlices(
        [
          { key: 1, value: 0 },
          { key: 2, value: Number.NaN },
        ],
        frame,
      ),
    ).toEqual([]);
  });

  it('covers the circle without gaps for many uneven slices', () => {
    const slices = pieSlices(
      [3, 1, 4, 1, 5, 9, 2, 6].map((value, key) => ({ key, value })),
      frame,
    );
    for (let i = 1; i < slices.length; i++) expect(slices[i]?.startAngle).toBe(slices[i - 1]?.endAngle);
    expect(slices.reduce((sum, slice) => sum + slice.fraction, 0)).toBeCloseTo(1);
  });
});
