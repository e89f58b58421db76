import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: DOMPurify | undefined;

/** One DOMPurify on one jsdom window, made on first use (jsdom takes ~100 ms to start). */
function purify(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  // Links may only point inside the drawing (`#id`); nothing may load from elsewhere.
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if ((name === 'href' || name === 'xlink:href') && !value.startsWith('#')) data.keepAttr = false;
    if (/url\s*\(\s*['"]?\s*(?!#)/i.test(value)) data.keepAttr = false;
  });
  return purifier;
}

/** Elements that put something on the canvas; a logo without any of them draws nothing. */
const DRAWING = /<(path|rect|circle|ellipse|line|polyline|polygon|text)\b/i;

/**
 * Keeps only what draws (issue 6): DOMPurify's SVG profile without scripts, event handlers, foreign
 * content, style sheets, links out of the drawing or external images. Null when nothing drawable is
 * left (or it was no SVG).
 */
export function sanitiseSvg(svg: string): string | null {
  const clean = purify().sanitize(svg, {
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
