/**
 * A competence's info as a tree of the rich-text editor's own markup only (headings 1–4, paragraphs,
 * line breaks, lists, links, emphasis; issue 7). The server already sanitises it; the screen still
 * never hands markup to innerHTML: it parses it with DOMParser (an inert document: no scripts run, no
 * images load) and keeps only these elements, which components/rich-text-view.tsx renders as React
 * elements. Anything else is unwrapped to its text; scripts and styles are dropped whole.
 */
export type RichTag =
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'p'
  | 'br'
  | 'ul'
  | 'ol'
  | 'li'
  | 'a'
  | 'strong'
  | 'em'
  | 'u'
  | 's';

export interface RichElement {
  readonly tag: RichTag;
  /** Links only: http, https or mailto. */
  readonly href?: string;
  readonly children: readonly RichNode[];
}

export type RichNode = string | RichElement;

const KEPT: Readonly<Record<string, RichTag>> = {
  H1: 'h1',
  H2: 'h2',
  H3: 'h3',
  H4: 'h4',
  P: 'p',
  BR: 'br',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
  A: 'a',
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  U: 'u',
  S: 's',
};
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

function nodesOf(parent: Node): RichNode[] {
  const nodes: RichNode[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === 3) {
      const text = child.textContent ?? '';
      if (text !== '') nodes.push(text);
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    if (DROPPED.has(element.tagName)) continue;
    const tag = KEPT[element.tagName];
    if (!tag) {
      nodes.push(...nodesOf(element));
      continue;
    }
    const href = tag === 'a' ? element.getAttribute('href')?.trim() : undefined;
    nodes.push({
      tag,
      ...(href && SAFE_HREF.test(href) ? { href } : {}),
      children: tag === 'br' ? [] : nodesOf(element),
    });
  }
  return nodes;
}

/** The allowed markup of `html` as a tree; plain text (no markup) comes back as one text node. */
export function richTextNodes(html: string): RichNode[] {
  if (html.trim() === '') return [];
  if (!/[<&]/.test(html)) return [html];
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return nodesOf(parsed.body);
}

/** The text of a tree, for "has this info anything to show". */
export function richTextPlain(nodes: readonly RichNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : richTextPlain(node.children))).join('');
}
