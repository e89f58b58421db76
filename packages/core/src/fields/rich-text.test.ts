import { describe, expect, it } from 'vitest';
import { isRichTextEmpty, normaliseRichText, richTextPlainText } from './rich-text.ts';

describe('rich-text info empty after tag stripping is stored as empty (spec part 2 §5)', () => {
  it.each([
    ['', ''],
    ['<p></p>', ''],
    ['<p><br></p>', ''],
    ['<p>&nbsp;</p>', ''],
    ['<h1> </h1><p>\u200b</p>', ''],
    [null, ''],
    ['<p>Goed</p>', '<p>Goed</p>'],
    ['Plain text', 'Plain text'],
  ])('%j → %j', (html, stored) => {
    expect(normaliseRichText(html)).toBe(stored);
  });
  it('the plain text drops tags and keeps words', () => {
    expect(richTextPlainText('<h2>Doel</h2><p>Samen&nbsp;werken</p>')).toBe('DoelSamen werken');
    expect(isRichTextEmpty('<ul><li></li></ul>')).toBe(true);
  });
});
