import { describe, expect, it } from 'vitest';
import {
  DISTINCT_SCORE_COLOURS,
  extractColoursFromScale,
  extractFileName,
  isExtractLogoAllowed,
  normaliseShareEmails,
  zCreateExtract,
  zExtractBlueprintContent,
  zShareExtract,
} from './extracts.ts';

const colours = Array.from({ length: 10 }, (_, index) => [index, 100, 255]);

describe('extracts', () => {
  it('create needs a name and a blueprint', () => {
    expect(zCreateExtract.safeParse({ name: 'Rapport', extract: 2, trajectories: [1] }).success).toBe(true);
    const issues = zCreateExtract.safeParse({ name: ' ', trajectories: [1] }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'required'],
      ['extract', 'required'],
    ]);
  });

  it('share e-mails are trimmed, lower-cased, valid and unique', () => {
    expect(normaliseShareEmails([' A@School.nl ', 'b@school.nl'])).toEqual({
      ok: true,
      emails: ['a@school.nl', 'b@school.nl'],
    });
    expect(normaliseShareEmails(['a@school.nl', 'A@school.nl'])).toMatchObject({
      ok: false,
      key: 'duplicate',
    });
    expect(normaliseShareEmails(['nope'])).toMatchObject({ ok: false, key: 'invalidEmail' });
    expect(zShareExtract.parse([' X@y.nl'])).toEqual(['x@y.nl']);
    // D37: the server drops duplicates after trimming and lower-casing.
    expect(zShareExtract.parse(['x@y.nl', ' X@Y.NL '])).toEqual(['x@y.nl']);
    expect(zShareExtract.safeParse(['x@y.nl', 'geen-adres']).error?.issues[0]?.message).toBe('invalidEmail');
  });

  it('the PDF is named title-trajectoryName', () => {
    expect(extractFileName({ name: 'Rapport', trajectoryName: 'Anna' })).toBe('Rapport-Anna.pdf');
  });

  it('an extract blueprint needs level 3 or 4 and ten RGB score colours', () => {
    expect(zExtractBlueprintContent.safeParse({ level: 3, scoreColours: colours }).success).toBe(true);
    expect(
      zExtractBlueprintContent.safeParse({ level: 5, scoreColours: colours }).error?.issues[0]?.message,
    ).toBe('missingRequiredField');
    expect(zExtractBlueprintContent.safeParse({ level: 4, scoreColours: colours.slice(1) }).success).toBe(
      false,
    );
    expect(
      zExtractBlueprintContent.safeParse({ level: 4, scoreColours: [[256, 0, 0], ...colours.slice(1)] })
        .success,
    ).toBe(false);
  });

  it('a stored blueprint without showRemarks reads as showing the remarks (issue 21)', () => {
    expect(zExtractBlueprintContent.parse({ level: 3, scoreColours: colours }).showRemarks).toBe(true);
    expect(
      zExtractBlueprintContent.parse({ level: 3, scoreColours: colours, showRemarks: false }).showRemarks,
    ).toBe(false);
  });

  it('new blueprints start with the scale’s own colours, never two alike (D50)', () => {
    const key = (rgb: readonly number[]) => rgb.join(',');
    const distinct = (list: readonly (readonly number[])[]) => new Set(list.map(key)).size;
    // The demo's four scores keep their colours; six distinct ones follow.
    const four = extractColoursFromScale(['#e03131', '#F59F00', '#74b816', '#2f9e44']);
    expect(four.slice(0, 4)).toEqual([
      [224, 49, 49],
      [245, 159, 0],
      [116, 184, 22],
      [47, 158, 68],
    ]);
    expect(four).toHaveLength(10);
    expect(distinct(four)).toBe(10);
    // … and every two far enough apart to tell (the demo's orange has no near twin).
    for (const [i, a] of four.entries())
      for (const b of four.slice(i + 1))
        expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]), `${a} ${b}`).toBeGreaterThanOrEqual(60);
    // No scale, or one of ten equal golds: ten distinct colours all the same.
    expect(extractColoursFromScale([])).toEqual(DISTINCT_SCORE_COLOURS);
    const gold = extractColoursFromScale(Array.from({ length: 10 }, () => '#d4af37'));
    expect(gold[0]).toEqual([212, 175, 55]);
    expect(distinct(gold)).toBe(10);
    // A colour that is no #rrggbb gives way too.
    expect(distinct(extractColoursFromScale(['red', '#12', '#e03131', '#e03131']))).toBe(10);
  });

  it('the logo is a .jpg or .png of at most 50 kB', () => {
    expect(isExtractLogoAllowed('image/png', 50 * 1024)).toBe(true);
    expect(isExtractLogoAllowed('image/png', 50 * 1024 + 1)).toBe(false);
    expect(isExtractLogoAllowed('image/svg+xml', 10)).toBe(false);
  });
});
