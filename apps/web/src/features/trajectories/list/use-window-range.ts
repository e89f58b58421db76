import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { sameRange, visibleRange, type WindowRange } from './virtual-window';

/**
 * The rows of a list (`count` rows of `rowHeight` px, starting at `listRef`) that are near the
 * page's viewport, updated at most once a frame while the page scrolls or resizes.
 */
export function useWindowRange(
  listRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan = 8,
): WindowRange {
  const [range, setRange] = useState<WindowRange>(() => ({ start: 0, end: Math.min(count, 30) }));

  const measure = () => {
    const list = listRef.current;
    if (!list) return;
    const next = visibleRange({
      scrollTop: window.scrollY,
      viewportHeight: window.innerHeight,
      listTop: list.getBoundingClientRect().top + window.scrollY,
      rowHeight,
      count,
      overscan,
    });
    setRange((current) => (sameRange(current, next) ? current : next));
  };

  // Before paint, so a new count or height never shows a frame of stale rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure reads the current count and height
  useLayoutEffect(measure, [count, rowHeight, overscan]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: measure reads the current count and height
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Content above the list (a notice, the toolbar wrapping) moves it without a scroll.
    const observer = new ResizeObserver(schedule);
    if (listRef.current?.parentElement) observer.observe(listRef.current.parentElement);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [count, rowHeight, overscan]);

  return range;
}
