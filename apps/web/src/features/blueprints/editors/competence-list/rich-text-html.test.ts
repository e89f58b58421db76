// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanRichText, textToParagraphs } from './rich-text-html';

describe('cleanRichText', () => {
  it('keeps headings, lists, links and emphasis', () => {
    const html =
      '<h2>Kop</h2><p><strong>vet</strong> <em>schuin</em> <a href="https://example.com">link</a></p><ul><li>een</li></ul>';
    expect(cleanRichText(html)).toBe(html);
  });

  it('drops scripts, handlers, styles and unsafe links, keeping the text', () => {
    expect(cleanRichText('<p onclick="x()">a<script>alert(1)</script><img src=x onerror=alert(1)></p>')).toBe(
      '<p>a</p>',
    );
    expect(cleanRichText('<a href="javascript:alert(1)">b</a>')).toBe('<a>b</a>');
    expect(cleanRichText('<div style="color:red"><span>c</span></div><h5>d</h5>')).toBe('cd');
  });

  it('drops empty paragraphs', () => {
    expect(cleanRichText('<p>a</p><p></p><p><ul><li>b</li></ul></p>')).toBe('<p>a</p><ul><li>b</li></ul>');
  });

  it('leaves plain text alone', () => {
    expect(cleanRichText('gewone tekst')).toBe('gewone tekst');
  });
});

describe('textToParagraphs', () => {
  it('makes escaped paragraphs of the non-empty lines', () => {
    expect(textToParagraphs('a < b\n\nc & d')).toBe('<p>a &lt; b</p><p>c &amp; d</p>');
  });
});
