import { describe, expect, it } from 'vitest';
import { fitInBox, isValidLogo, LARGE_LOGO_BOX, SMALL_LOGO_BOX } from '../organisation/logo.ts';
import { zOrganisationInput } from './organisations.ts';

function pngDataUrl(width: number, height: number): string {
  const bytes = new Uint8Array(24);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
}

const valid = {
  name: 'School',
  type: 'COMPANY',
  email: 'info@school.nl',
  phoneNumber: '010 123',
  streetName: 'Straat',
  streetNumber: '1',
  postalCode: '1234 AB',
  city: 'Rotterdam',
  country: 'nl',
};

describe('organisation form (spec part 2 §5)', () => {
  it('accepts the required fields; slogan, description, logos and VAT are optional', () => {
    const parsed = zOrganisationInput.parse(valid);
    expect(parsed).toMatchObject({ country: 'NL', slogan: null, smallLogo: null, vatIdentification: null });
  });
  it.each([
    ['name', ' ', 'required'],
    ['type', 'SCHOOL', 'required'],
    ['email', 'nope', 'invalidEmail'],
    ['phoneNumber', '', 'required'],
    ['streetName', '', 'required'],
    ['streetNumber', '', 'required'],
    ['postalCode', '', 'required'],
    ['city', '', 'required'],
    ['country', 'XX', 'invalidValue'],
  ])('%s %j → error %s for that field', (field, value, key) => {
    const result = zOrganisationInput.safeParse({ ...valid, [field]: value });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, key],
    ]);
  });
});

describe('organisation logos: .jpg, .png or .svg, scaled to fit 32x32 (small) or 32x160 (large)', () => {
  it.each([
    [pngDataUrl(32, 32), SMALL_LOGO_BOX, true],
    [pngDataUrl(33, 32), SMALL_LOGO_BOX, false],
    [pngDataUrl(160, 32), LARGE_LOGO_BOX, true],
    [pngDataUrl(160, 33), LARGE_LOGO_BOX, false],
    ['data:image/gif;base64,R0lGOD==', SMALL_LOGO_BOX, false],
    [`data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`, SMALL_LOGO_BOX, true],
    // what an SVG may hold is the server's sanitiser's business (issue 6); here only: is it an SVG
    [`data:image/svg+xml;base64,${btoa('<svg onload="x()"/>')}`, SMALL_LOGO_BOX, true],
    [`data:image/svg+xml;base64,${btoa('<html><body>no drawing</body></html>')}`, SMALL_LOGO_BOX, false],
  ])('logo %# → %s', (logo, box, ok) => {
    expect(isValidLogo(logo, box)).toBe(ok);
  });
  it('the form refuses an oversized small logo', () => {
    const result = zOrganisationInput.safeParse({ ...valid, smallLogo: pngDataUrl(64, 64) });
    expect(result.error?.issues[0]?.message).toBe('invalidLogo');
  });
  it('fit in a box keeps the aspect ratio and never enlarges', () => {
    expect(fitInBox({ width: 320, height: 64 }, LARGE_LOGO_BOX)).toEqual({ width: 160, height: 32 });
    expect(fitInBox({ width: 64, height: 128 }, SMALL_LOGO_BOX)).toEqual({ width: 16, height: 32 });
    expect(fitInBox({ width: 10, height: 10 }, SMALL_LOGO_BOX)).toEqual({ width: 10, height: 10 });
  });
});
