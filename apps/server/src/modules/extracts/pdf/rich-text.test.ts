import { describe, expect, it } from 'vitest';
import { decodeEntities, richTextToContent } from './rich-text.ts';

const style = { fontSize: 8.5, linkColour: '#123456' };

describe('competence descriptions (level 4) from the editor markup to pdfmake', () => {
  it('decodes the entities the sanitiser writes and leaves unknown ones as text', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#x27; f&nbsp;g &bogus;')).toBe(
      'a & b <c> "d" \'e\' f\u00a0g &bogus;',
    );
    expect(decodeEntities('&#0; &#xD800;')).toBe('&#0; &#xD800;');
  });

  it('turns paragraphs, emphasis and links into styled runs', () => {
    const content = richTextToContent(
      '<p>De student <strong>laat zien</strong> dat hij <em>zelfstandig</em> <u>werkt</u> (<a href="https://example.org/kd">kd</a>).</p>',
      style,
    );
    expect(content).toEqual([
      {
        text: [
          { text: 'De student ' },
          { text: 'laat zien', bold: true },
          { text: ' dat hij ' },
          { text: 'zelfstandig', italics: true },
          { text: ' ' },
          { text: 'werkt', decoration: 'underline' },
          { text: ' (' },
          { text: 'kd', decoration: 'underline', link: 'https://example.org/kd', color: '#123456' },
          { text: ').' },
        ],
        margin: [0, 0, 0, 3],
      },
    ]);
  });

  it('keeps only http, https and mailto links', () => {
    const [block] = richTextToContent(
      '<p><a href="javascript:alert(1)">x</a> <a href=\'mailto:a@b.nl\'>m</a></p>',
      style,
    );
    expect(block).toEqual({
      text: [
        { text: 'x' },
        { text: ' ' },
        { text: 'm', decoration: 'underline', link: 'mailto:a@b.nl', color: '#123456' },
      ],
      margin: [0, 0, 0, 3],
    });
  });

  it('draws headings larger and bold, lists as bullet and numbered lists, nested too', () => {
    const content = richTextToContent(
      '<h2>Criteria</h2><ul><li>eerste</li><li><p>tweede</p><ol><li>a</li><li>b</li></ol></li></ul>',
      style,
    );
    expect(content[0]).toMatchObject({ text: [{ text: 'Criteria' }], bold: true });
    expect((content[0] as { fontSize: number }).fontSize).toBeGreaterThan(style.fontSize);
    expect(content[1]).toMatchObject({
      ul: [
        { text: [{ text: 'eerste' }] },
        {
          stack: [
            { text: [{ text: 'tweede' }] },
            { ol: [{ text: [{ text: 'a' }] }, { text: [{ text: 'b' }] }] },
          ],
        },
      ],
    });
  });

  it('collapses whitespace, keeps line breaks and drops empty blocks', () => {
    const content = richTextToContent('<p>  een\n   twee<br>drie  </p><p><br></p><p>&nbsp;</p>', style);
    expect(content).toHaveLength(2);
    expect(content[0]).toMatchObject({ text: [{ text: 'een twee' }, { text: '\n' }, { text: 'drie' }] });
  });

  it('tolerates markup the editor does not make: unclosed tags, stray end tags, text outside blocks', () => {
    const content = richTextToContent('los <b>vet</p> <ul><li>een<li>twee</ul></span>', style);
    const texts = JSON.stringify(content);
    for (const word of ['los', 'vet', 'een', 'twee']) expect(texts).toContain(word);
    expect(richTextToContent('', style)).toEqual([]);
    expect(richTextToContent('<p></p>', style)).toEqual([]);
  });

  it('gives overlong words a break chance so a table column keeps its width', () => {
    const [block] = richTextToContent(`<p>${'x'.repeat(45)}</p>`, style);
    const run = (block as { text: { text: string }[] }).text[0]?.text ?? '';
    expect(run.replaceAll('\u200b', '')).toBe('x'.repeat(45));
    expect(run.split('\u200b').map((part) => part.length)).toEqual([20, 20, 5]);
  });
});
