import { describe, expect, it } from 'vitest';
import { visibleRange } from './virtual-window';

const base = { scrollTop: 0, viewportHeight: 800, listTop: 300, rowHeight: 50, count: 5000, overscan: 5 };

describe('visibleRange', () => {
  it('renders the rows in view plus the overscan, from the top', () => {
    // 500 px of list are in view: rows 0–9, plus 5 below.
    expect(visibleRange(base)).toEqual({ start: 0, end: 15 });
  });

  it('follows the scroll and keeps fewer than 200 rows for 5,000', () => {
    const range = visibleRange({ ...base, scrollTop: 300 + 50 * 2000 });
    expect(range).toEqual({ start: 1995, end: 2021 });
    expect(range.end - range.start).toBeLessThan(200);
  });

  it('stays within the list at its end and when it is scrolled past', () => {
    expect(visibleRange({ ...base, scrollTop: 300 + 50 * 4990 })).toEqual({ start: 4985, end: 5000 });
    expect(visibleRange({ ...base, scrollTop: 10_000_000 })).toEqual({ start: 5000, end: 5000 });
  });

  it('renders nothing for an empty list or a list far below the viewport', () => {
    expect(visibleRange({ ...base, count: 0 })).toEqual({ start: 0, end: 0 });
    expect(visibleRange({ ...base, listTop: 5000 })).toEqual({ start: 0, end: 0 });
  });

  it('covers a short list entirely', () => {
    expect(visibleRange({ ...base, count: 3 })).toEqual({ start: 0, end: 3 });
  });
});
