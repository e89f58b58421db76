import type { Content, ContentText } from 'pdfmake/interfaces';
import { softBreaks } from './soft-breaks.ts';

/**
 * Competence descriptions are rich text in the editor's own markup (stored through the server's
 * sanitiser: headings 1–4, paragraphs, line breaks, lists, links, bold, italic, underline, strike).
 * This turns that markup into pdfmake content without a DOM: a small tolerant tag reader (unclosed
 * tags close with their parent, stray end tags are ignored, unknown tags keep their text).
 */

interface Element {
  tag: string;
  href: string | null;
  children: Node[];
}
type Node = Element | string;

const VOID = new Set(['br']);
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SAFE_LINK = /^(?:https?:|mailto:)/i;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Entities as the sanitiser writes them (&amp; &lt; &gt; &quot; &nbsp;, numeric ones); others stay as text. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** The markup as a tree of elements and text. */
export function parseRichText(html: string): Node[] {
  const root: Element = { tag: '', href: null, children: [] };
  const open: Element[] = [root];
  let last = 0;
  const current = () => open[open.length - 1] ?? root;
  for (const match of html.matchAll(TAG)) {
    if (match.index > last) current().children.push(decodeEntities(html.slice(last, match.index)));
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const tag = (match[2] ?? '').toLowerCase();
    if (closing) {
      const at = open.map((element) => element.tag).lastIndexOf(tag);
      if (at > 0) open.length = at;
      continue;
    }
    const href =
      tag === 'a'
        ? (HREF.exec(match[3] ?? '')
            ?.slice(1)
            .find((value) => value !== undefined) ?? null)
        : null;
    const element: Element = { tag, href: href === null ? null : decodeEntities(href).trim(), children: [] };
    // A new list item or block closes an open paragraph or item it cannot sit in.
    if (tag === 'li') {
      const list = open.map((e) => e.tag).findLastIndex((t) => t === 'ul' || t === 'ol');
      const item = open.map((e) => e.tag).lastIndexOf('li');
      if (item > list && item > 0) open.length = item;
    } else if (BLOCKS.has(tag) && current().tag === 'p') {
      open.pop();
    }
    current().children.push(element);
    if (!VOID.has(tag) && !match[3]?.trim().endsWith('/')) open.push(element);
  }
  if (last < html.length) current().children.push(decodeEntities(html.slice(last)));
  return root.children;
}

interface Marks {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  link?: string;
}

type Inline = { text: string } & Record<string, unknown>;

function inlineMarks(tag: string, href: string | null, marks: Marks): Marks {
  switch (tag) {
    case 'strong':
    case 'b':
      return { ...marks, bold: true };
    case 'em':
    case 'i':
      return { ...marks, italics: true };
    case 'u':
      return { ...marks, underline: true };
    case 's':
      return { ...marks, strike: true };
    case 'a':
      return href && SAFE_LINK.test(href) ? { ...marks, link: href } : marks;
    default:
      return marks;
  }
}

function styled(text: string, marks: Marks, linkColour: string): Inline {
  const inline: Inline = { text: softBreaks(text) };
  if (marks.bold) inline.bold = true;
  if (marks.italics) inline.italics = true;
  const decoration = marks.underline || marks.link ? 'underline' : marks.strike ? 'lineThrough' : undefined;
  if (decoration) inline.decoration = decoration;
  if (marks.link) {
    inline.link = marks.link;
    inline.color = linkColour;
  }
  return inline;
}

/** Inline runs of a block's children, whitespace collapsed as a browser would. */
function inlines(children: readonly Node[], marks: Marks, linkColour: string, out: Inline[] = []): Inline[] {
  for (const child of children) {
    if (typeof child === 'string') {
      const text = child.replace(/[\t\n\r\f ]+/g, ' ');
      if (text !== '') out.push(styled(text, marks, linkColour));
    } else if (child.tag === 'br') {
      out.push({ text: '\n' });
    } else if (BLOCKS.has(child.tag)) {
      // A block inside inline markup (not made by the editor): its text on a line of its own.
      if (out.length > 0) out.push({ text: '\n' });
      inlines(child.children, marks, linkColour, out);
      out.push({ text: '\n' });
    } else {
      inlines(child.children, inlineMarks(child.tag, child.href, marks), linkColour, out);
    }
  }
  return out;
}

/** Runs without leading or trailing spaces (and without spaces right after a line break). */
function trimRuns(runs: Inline[]): Inline[] {
  const result = runs.map((run) => ({ ...run }));
  for (let index = 0; index < result.length; index++) {
    const run = result[index] as Inline;
    const previous = result[index - 1];
    if (index === 0 || previous?.text.endsWith('\n') || previous?.text.endsWith(' ')) {
      run.text = run.text.replace(/^ +/, '');
    }
  }
  for (let index = result.length - 1; index >= 0; index--) {
    const run = result[index] as Inline;
    run.text = run.text.replace(/[ \n]+$/, '');
    if (run.text !== '') break;
  }
  return result.filter((run) => run.text !== '');
}

const HEADING_SIZE: Record<string, number> = { h1: 1.35, h2: 1.22, h3: 1.12, h4: 1.05 };

export interface RichTextStyle {
  fontSize: number;
  linkColour: string;
}

/** The blocks of rich text as pdfmake content: paragraphs, headings, nested bullet and numbered lists. */
export function richTextToContent(html: string, style: RichTextStyle): Content[] {
  return blocks(parseRichText(html), style);
}

function blocks(nodes: readonly Node[], style: RichTextStyle): Content[] {
  const content: Content[] = [];
  let loose: Node[] = [];
  const flush = () => {
    const runs = trimRuns(inlines(loose, {}, style.linkColour));
    if (runs.length > 0) content.push({ text: runs, margin: [0, 0, 0, 3] } as ContentText);
    loose = [];
  };
  for (const node of nodes) {
    if (typeof node === 'string' || !BLOCKS.has(node.tag)) {
      loose.push(node);
      continue;
    }
    flush();
    const scale = HEADING_SIZE[node.tag];
    if (node.tag === 'ul' || node.tag === 'ol') {
      const items = node.children
        .filter((child): child is Element => typeof child !== 'string' && child.tag === 'li')
        .map((item) => listItem(item, style))
        .filter((item): item is Content => item !== null);
      if (items.length > 0) {
        content.push(
          node.tag === 'ul' ? { ul: items, margin: [0, 0, 0, 3] } : { ol: items, margin: [0, 0, 0, 3] },
        );
      }
    } else if (node.tag === 'li') {
      const item = listItem(node, style);
      if (item) content.push({ ul: [item], margin: [0, 0, 0, 3] });
    } else {
      const runs = trimRuns(inlines(node.children, {}, style.linkColour));
      if (runs.length === 0) continue;
      content.push(
        scale
          ? { text: runs, bold: true, fontSize: style.fontSize * scale, margin: [0, 2, 0, 2] }
          : ({ text: runs, margin: [0, 0, 0, 3] } as ContentText),
      );
    }
  }
  flush();
  return content;
}

function listItem(item: Element, style: RichTextStyle): Content | null {
  const inner = blocks(item.children, style).map((block) =>
    typeof block === 'object' && block !== null && 'text' in block
      ? { ...block, margin: [0, 0, 0, 1] }
      : block,
  ) as Content[];
  if (inner.length === 0) return null;
  return inner.length === 1 ? (inner[0] as Content) : { stack: inner };
}
