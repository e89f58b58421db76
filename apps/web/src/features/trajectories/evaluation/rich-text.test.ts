// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { richTextNodes, richTextPlain } from './rich-text';

describe('richTextNodes (only the editor’s markup is rendered)', () => {
  it('keeps headings, lists, links and emphasis', () => {
    expect(
      richTextNodes(
        '<h3>Wat laat je zien?</h3><ul><li><strong>Zelfstandig</strong></li></ul><a href="https://x.nl">x</a>',
      ),
    ).toEqual([
      { tag: 'h3', children: ['Wat laat je zien?'] },
      { tag: 'ul', children: [{ tag: 'li', children: [{ tag: 'strong', children: ['Zelfstandig'] }] }] },
      { tag: 'a', href: 'https://x.nl', children: ['x'] },
    ]);
  });

  it('drops scripts, styles, handlers and unsafe links; unwraps other elements to their text', () => {
    const nodes = richTextNodes(
      '<p onclick="x()">a<script>alert(1)</script><img src=x onerror="alert(1)"></p><a href="javascript:alert(1)">b</a><div><span>c</span></div><style>p{}</style>',
    );
    expect(nodes).toEqual([{ tag: 'p', children: ['a'] }, { tag: 'a', children: ['b'] }, 'c']);
  });

  it('keeps plain text as it is, entities decoded', () => {
    expect(richTextNodes('Gewoon tekst')).toEqual(['Gewoon tekst']);
    expect(richTextNodes('A &amp; B')).toEqual(['A & B']);
    expect(richTextNodes('  ')).toEqual([]);
    expect(richTextPlain(richTextNodes('<p>a<br>b</p>'))).toBe('ab');
  });
});
