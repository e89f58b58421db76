import { describe, expect, it } from 'vitest';
import {
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

  it('the logo is a .jpg or .png of at most 50 kB', () => {
    expect(isExtractLogoAllowed('image/png', 50 * 1024)).toBe(true);
    expect(isExtractLogoAllowed('image/png', 50 * 1024 + 1)).toBe(false);
    expect(isExtractLogoAllowed('image/svg+xml', 10)).toBe(false);
  });
});
