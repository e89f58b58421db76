import { sanitiser } from './purify.ts';

/** What the rich-text editor can make (issue 7): headings 1–4, paragraphs, lists, links, emphasis. */
const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'a',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
];

/** Rich text as it is stored: only the editor's own markup; scripts, styles and handlers never. */
export function sanitiseRichText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return sanitiser().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}
