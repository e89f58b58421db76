/**
 * Windowing of a long list with rows of one fixed height, scrolled by the page itself (so a phone
 * scrolls it as any page). @tanstack/react-virtual is not installed here; this is the little it
 * takes for fixed heights.
 */
export interface WindowInput {
  /** The page's scroll offset (window.scrollY). */
  scrollTop: number;
  /** The height of the visible part of the page (window.innerHeight). */
  viewportHeight: number;
  /** Where the list's first row starts, in page coordinates. */
  listTop: number;
  rowHeight: number;
  count: number;
  /** Rows rendered beyond each edge, so a fast scroll or Tab rarely meets an empty strip. */
  overscan: number;
}

export interface WindowRange {
  /** First rendered row (inclusive). */
  start: number;
  /** One past the last rendered row. */
  end: number;
}

/** The rows to render: those in view plus `overscan` on each side, within 0…count. */
export function visibleRange(input: WindowInput): WindowRange {
  const { scrollTop, viewportHeight, listTop, rowHeight, count, overscan } = input;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = scrollTop - listTop;
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + Math.max(viewportHeight, 0)) / rowHeight);
  const start = Math.min(Math.max(first - overscan, 0), count);
  const end = Math.max(Math.min(last + overscan, count), start);
  return { start, end };
}

export function sameRange(a: WindowRange, b: WindowRange): boolean {
  return a.start === b.start && a.end === b.end;
}
