/**
 * Rich-text info (competence info, spec part 2 §5): text whose visible content is empty once the tags are
 * stripped is stored as empty. Headers run from level 1 to 4 (part 2 §9). Pure text processing, no DOM.
 */
export const RICH_TEXT_HEADER_LEVELS = [1, 2, 3, 4] as const;

const TAG = /<[^>]*>/g;
const SPACE_ENTITY = /&(?:nbsp|#160|#x0*a0);/gi;
const INVISIBLE = /[\s\u200b\ufeff]/g;

/** The visible text of a rich-text value: tags removed, non-breaking spaces as spaces. */
export function richTextPlainText(html: string): string {
  return html.replace(TAG, '').replace(SPACE_ENTITY, ' ');
}

/** True when nothing visible is left after stripping tags ('<p><br></p>', '<p>&nbsp;</p>', ''). */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  return richTextPlainText(html ?? '').replace(INVISIBLE, '') === '';
}

/** The value to store: '' when empty after tag stripping, else the rich text unchanged. */
export function normaliseRichText(html: string | null | undefined): string {
  return isRichTextEmpty(html) ? '' : (html ?? '');
}
