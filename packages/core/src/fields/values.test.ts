import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidColour, normaliseColour } from './colour.ts';
import {
  fitWithin,
  IMAGE_ACCEPT,
  isAcceptedImageName,
  thumbnailSize,
  UPLOAD_MAX_BYTES,
  uploadSizeProblem,
} from './limits.ts';
import {
  cleanFieldName,
  parseDecimal,
  parseImageValue,
  parseInteger,
  parseMultiSelectValue,
  serialiseImageValue,
  serialiseMultiSelectValue,
  trimFieldText,
  urlLink,
} from './values.ts';

describe('text and url (spec part 1 §5)', () => {
  it('text fields are trimmed', () => {
    expect(trimFieldText('  a b  ')).toBe('a b');
    expect(trimFieldText(null)).toBe('');
  });
  it.each([
    ['example.org', 'https://example.org'],
    ['http://example.org', 'http://example.org'],
    ['HTTPS://example.org/x', 'HTTPS://example.org/x'],
    ['  www.x.nl ', 'https://www.x.nl'],
    ['', ''],
  ])('url %j links to %j', (value, link) => {
    expect(urlLink(value)).toBe(link);
  });
});

describe('number parsing', () => {
  it.each([
    ['12', 12],
    [' -3 ', -3],
    ['+4', 4],
    ['1.5', null],
    ['1e3', null],
    ['', null],
    ['12a', null],
    ['99999999999999999999', null],
  ])('integer %j → %j', (text, value) => {
    expect(parseInteger(text)).toBe(value);
  });
  it.each([
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['-0,25', -0.25],
    [',5', 0.5],
    ['7', 7],
    ['1.000,5', null],
    ['1e3', null],
    ['', null],
    ['Infinity', null],
  ])('decimal %j → %j', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });
  it('round-trips every safe integer and finite decimal', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(parseInteger(String(n))).toBe(n + 0);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 0, max: 999 }),
        (whole, fraction) => {
          const text = `${whole},${String(fraction).padStart(3, '0')}`;
          expect(parseDecimal(text)).toBe(Number(`${whole}.${String(fraction).padStart(3, '0')}`));
        },
      ),
    );
  });
});

describe('JSON text values', () => {
  it.each([
    ['["a","b"]', ['a', 'b']],
    ['["a","a",1,null]', ['a']],
    ['not json', []],
    ['{"a":1}', []],
    ['', []],
  ])('multi-select %j → %j', (text, values) => {
    expect(parseMultiSelectValue(text)).toEqual(values);
  });
  it.each([
    ['[1,2]', [1, 2]],
    ['["3", 4, -1, 1.5, "x"]', [3, 4]],
    ['[', []],
  ])('image %j → %j', (text, ids) => {
    expect(parseImageValue(text)).toEqual(ids);
  });
  it('round-trips and never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (values) => {
        expect(parseMultiSelectValue(serialiseMultiSelectValue(values))).toEqual([...new Set(values)]);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.nat()), (ids) => {
        expect(parseImageValue(serialiseImageValue(ids))).toEqual([...new Set(ids)]);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(Array.isArray(parseMultiSelectValue(text))).toBe(true);
        expect(Array.isArray(parseImageValue(text))).toBe(true);
      }),
    );
  });
});

describe('limits', () => {
  it('uploads: at most 10 MiB, otherwise fileMaxSize', () => {
    expect(UPLOAD_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(uploadSizeProblem(UPLOAD_MAX_BYTES)).toBeNull();
    expect(uploadSizeProblem(UPLOAD_MAX_BYTES + 1)).toBe('fileMaxSize');
  });
  it('image inputs accept .jpg, .jpeg, .png', () => {
    expect(IMAGE_ACCEPT).toBe('.jpg,.jpeg,.png');
    expect(isAcceptedImageName('Photo.JPG')).toBe(true);
    expect(isAcceptedImageName('a.png')).toBe(true);
    expect(isAcceptedImageName('a.gif')).toBe(false);
    expect(isAcceptedImageName('.png')).toBe(false);
  });
  it('images fit within 2560×1440 and thumbnails within 200 px, never enlarged', () => {
    expect(fitWithin(5120, 1440)).toEqual({ width: 2560, height: 720 });
    expect(fitWithin(1000, 2880)).toEqual({ width: 500, height: 1440 });
    expect(fitWithin(100, 100)).toEqual({ width: 100, height: 100 });
    expect(thumbnailSize(400, 100)).toEqual({ width: 200, height: 50 });
  });
});

describe('names and colours (spec part 2 §5)', () => {
  it.each([
    ['a.b.c', 'abc'],
    [' Name ', 'Name'],
    ['...', null],
    ['', null],
  ])('field name %j → %j', (name, cleaned) => {
    expect(cleanFieldName(name)).toBe(cleaned);
  });
  it.each([
    ['#abc', true],
    ['abc', true],
    ['#ABCD', true],
    ['#aabbcc', true],
    ['#aabbccdd', true],
    ['#ab', false],
    ['#abcde', false],
    ['#aabbccd', false],
    ['#gggggg', false],
    ['', false],
  ])('colour %j valid: %s', (colour, valid) => {
    expect(isValidColour(colour)).toBe(valid);
  });
  it('normalises with a leading #', () => {
    expect(normaliseColour(' ffd700 ')).toBe('#ffd700');
    expect(normaliseColour('nope')).toBeNull();
  });
});
