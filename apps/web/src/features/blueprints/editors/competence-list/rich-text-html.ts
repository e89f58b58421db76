/**
 * The markup the competence-info editor makes and shows (the server keeps the same, issue 7): headings
 * 1–4, paragraphs, line breaks, lists, links (http, https, mailto) and emphasis. Anything else is
 * unwrapped to its text, and scripts, styles and attributes other than a link's href are dropped, so
 * text from a spreadsheet or an old document never runs in the page. Parsed with DOMParser, whose
 * documents are inert (no scripts run, no images load).
 */
const KEPT = new Set([
  'H1',
  'H2',
  'H3',
  'H4',
  'P',
  'BR',
  'UL',
  'OL',
  'LI',
  'A',
  'STRONG',
  'EM',
  'B',
  'I',
  'U',
  'S',
]);
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'NOSCRIPT',
  'TITLE',
  'HEAD',
]);
const SAFE_HREF = /^(?:https?:|mailto:)/i;

function clean(source: Node, target: Node, document: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      target.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    if (DROPPED.has(element.tagName)) continue;
    if (!KEPT.has(element.tagName)) {
      clean(element, target, document);
      continue;
    }
    const copy = document.createElement(element.tagName.toLowerCase());
    if (element.tagName === 'A') {
      const href = element.getAttribute('href')?.trim() ?? '';
      if (SAFE_HREF.test(href)) copy.setAttribute('href', href);
    }
    clean(element, copy, document);
    // Browsers leave empty paragraphs behind (around lists, after a deleted line): they show nothing.
    if (copy.tagName === 'P' && copy.childNodes.length === 0) continue;
    target.appendChild(copy);
  }
}

/** Rich text reduced to the editor's own markup. */
export function cleanRichText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const output = parsed.createElement('div');
  clean(parsed.body, output, parsed);
  return output.innerHTML;
}

/** Plain text (an imported cell, say) as paragraphs, one per line. */
export function textToParagraphs(text: string): string {
  const escapeHtml = (line: string) =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
