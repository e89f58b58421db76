import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';

let purifier: DOMPurify | undefined;

/**
 * One DOMPurify on one jsdom window, made on first use (jsdom takes ~100 ms to start). jsdom itself is
 * loaded then too: its modules cost the process ~40 MiB, which a server that sanitises no SVG or rich
 * text never needs (bench/README.md, "Server memory").
 */
export function sanitiser(): DOMPurify {
  if (purifier) return purifier;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom');
  const { window } = new JSDOM('');
  purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  // In SVG, links may only point inside the drawing (`#id`); nothing may load from elsewhere.
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (node.namespaceURI !== 'http://www.w3.org/2000/svg') return;
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if ((name === 'href' || name === 'xlink:href') && !value.startsWith('#')) data.keepAttr = false;
    if (/url\s*\(\s*['"]?\s*(?!#)/i.test(value)) data.keepAttr = false;
  });
  return purifier;
}
