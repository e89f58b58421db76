import { sanitiser } from './purify.ts';

/** Elements that put something on the canvas; a logo without any of them draws nothing. */
const DRAWING = /<(path|rect|circle|ellipse|line|polyline|polygon|text)\b/i;

/**
 * Keeps only what draws (issue 6): DOMPurify's SVG profile without scripts, event handlers, foreign
 * content, style sheets, links out of the drawing or external images. Null when nothing drawable is
 * left (or it was no SVG).
 */
export function sanitiseSvg(svg: string): string | null {
  const clean = sanitiser().sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'image', 'foreignObject', 'a', 'script', 'animate', 'set', 'animateTransform'],
    FORBID_ATTR: ['style'],
  });
  if (!/^<svg[\s>]/i.test(clean) || !DRAWING.test(clean)) return null;
  // An SVG file (unlike inline SVG in a page) draws only with its namespace.
  return /^<svg[^>]*\sxmlns="/i.test(clean)
    ? clean
    : clean.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
}
