import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zFields } from '../contract/fields.ts';
import type { FormulaContext } from './evaluate.ts';
import { evaluateFormula, formatFormulaValue, formulaDisplayValue } from './evaluate.ts';

const fields = zFields.parse([
  { uuid: 'age', name: 'Age', type: 'integer', value: 12 },
  { uuid: 'price', name: 'Price', type: 'decimal', value: 2.5 },
  { uuid: 'empty', name: 'Empty', type: 'integer' },
  { uuid: 'first', name: 'First', type: 'text', value: 'Ann' },
  {
    uuid: 'pupil',
    name: 'Pupil',
    type: 'group',
    children: [
      { uuid: 'born', name: 'Birthdate', type: 'date', value: '2014-03-15' },
      { uuid: 'dob', name: 'Date of birth', type: 'date', value: '15/03/2014' },
      {
        uuid: 'inner',
        name: 'Inner',
        type: 'group',
        children: [{ uuid: 'deep', name: 'Deep', type: 'integer', value: 7 }],
      },
      { uuid: 'twice', name: 'Twice', type: 'calculation', value: '$Inner.Deep * 2' },
    ],
  },
  { uuid: 'double', name: 'Dup', type: 'text', value: 'a' },
  { uuid: 'double2', name: 'Dup', type: 'text', value: 'b' },
  { uuid: 'files', name: 'Files', type: 'upload', value: [1] },
  { uuid: 'calc', name: 'Calc', type: 'calculation', value: '$Age + 1' },
  { uuid: 'loop1', name: 'Loop1', type: 'calculation', value: '$Loop2' },
  { uuid: 'loop2', name: 'Loop2', type: 'calculation', value: '$Loop1' },
  { uuid: 'choice', name: 'Choice', type: 'select', value: 'yes', options: [{ value: 'yes' }] },
]);

const now = new Date('2026-11-21T06:00:00.000Z');
const context: FormulaContext = { fields, now };

function value(expression: string, extra: Partial<FormulaContext> = {}) {
  const result = evaluateFormula(expression, { ...context, ...extra });
  return result.ok ? result.value : result.error;
}

describe('arithmetic, literals and parentheses', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 / 4', 2.5],
    ['-3 + 5', 2],
    ['--3', 3],
    ['-(2 - 5)', 3],
    ['.5 * 4', 2],
    ['2 - 3 - 4', -5],
    ['"a" + "b"', 'ab'],
    ["'it''s'", "it's"],
    ['"n = " + 3', 'n = 3'],
  ])('%s = %j', (expression, expected) => {
    expect(value(expression)).toEqual(expected);
  });
});

describe('functions', () => {
  it('NOW gives the current ISO date-time', () => {
    expect(value('NOW()')).toBe('2026-11-21T06:00:00.000Z');
    expect(value('now()')).toBe('2026-11-21T06:00:00.000Z');
  });
  it.each([
    ['DATEDIF("2014-03-15", "2026-11-21", "Y")', 12],
    ['DATEDIF("2014-03-15", "2026-03-14", "Y")', 11],
    ['DATEDIF("2026-01-31", "2026-02-28", "M")', 0],
    ['DATEDIF("2026-01-15", "2026-03-15", "M")', 2],
    ['DATEDIF("2026-11-01", "2026-11-21", "W")', 2],
    ['DATEDIF("2026-11-01", "2026-11-21", "D")', 20],
    ['DATEDIF("21/11/2026", "01/11/2026", "d")', -20],
    ['DATEDIF($Pupil.Birthdate, NOW(), "Y")', 12],
    ['DATEDIF($[Pupil.Date of birth], NOW(), "M")', 152],
  ])('%s = %j', (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });
});

describe('references', () => {
  it.each([
    ['$Age * 2', 24],
    ['$Price * 2', 5],
    ['$First + "!"', 'Ann!'],
    ['$Pupil.Inner.Deep', 7],
    ['$Pupil.Twice + 1', 15],
    ['$Calc', 13],
    ['$Choice', 'yes'],
  ])('%s = %j', (expression, expected) => {
    expect(value(expression)).toEqual(expected);
  });
  it('searches the calculation’s own group first', () => {
    const pupil = fields[4];
    expect(pupil?.type).toBe('group');
    expect(value('$Birthdate', { scope: pupil?.type === 'group' ? pupil.children : [] })).toBe('2014-03-15');
  });
});

describe('errors (spec part 2 §8)', () => {
  it.each([
    ['not a valid child field', '$Age.Sub', { code: 'notAValidChildField', name: 'Sub', parent: 'Age' }],
    ['unsupported field type', '$Files', { code: 'unsupportedFieldType', name: '$Files', type: 'upload' }],
    [
      'unsupported field type (group)',
      '$Pupil',
      { code: 'unsupportedFieldType', name: '$Pupil', type: 'group' },
    ],
    ['found N fields with a name (none)', '$Missing', { code: 'fieldCount', name: 'Missing', count: 0 }],
    ['found N fields with a name (two)', '$Dup', { code: 'fieldCount', name: 'Dup', count: 2 }],
    ['unknown function', 'SUM(1, 2)', { code: 'unknownFunction', name: 'SUM' }],
    [
      'invalid DATEDIF unit',
      'DATEDIF("2020-01-01", "2021-01-01", "Q")',
      { code: 'invalidDatedifUnit', unit: 'Q' },
    ],
    ['missing closing quote', '"abc', { code: 'missingClosingQuote', position: 0 }],
    ['not a single value (two values)', '1 2', { code: 'notSingleValue' }],
    ['not a single value (list)', '1, 2', { code: 'notSingleValue' }],
    ['not a single value (empty)', '   ', { code: 'notSingleValue' }],
    ['syntax', '1 +', { code: 'syntax', position: -1, found: 'end' }],
    ['unbalanced', '(1', { code: 'syntax', position: -1, found: 'end' }],
    ['stray paren', '1)', { code: 'syntax', position: 1, found: ')' }],
    ['bare word', 'abc', { code: 'syntax', position: 0, found: 'abc' }],
    ['wrong argument count', 'NOW(1)', { code: 'wrongArgumentCount', name: 'NOW', expected: 0, actual: 1 }],
    ['invalid date', 'DATEDIF("31/02/2020", NOW(), "D")', { code: 'invalidDate', value: '31/02/2020' }],
    ['type mismatch', '"a" * 2', { code: 'typeMismatch', operator: '*' }],
    ['division by zero', '1 / (2 - 2)', { code: 'divisionByZero' }],
    ['empty reference', '$Empty + 1', { code: 'emptyReference', name: '$Empty' }],
    ['circular reference', '$Loop1', { code: 'circularReference', name: '$Loop1' }],
    ['too deep', `${'('.repeat(200)}1${')'.repeat(200)}`, { code: 'tooComplex' }],
  ])('%s: %s', (_, expression, error) => {
    expect(value(expression)).toEqual(error);
  });
  it('a calculation referring to itself is circular', () => {
    expect(evaluateFormula('$Calc', context, 'calc')).toEqual({
      ok: false,
      error: { code: 'circularReference', name: '$Calc' },
    });
  });
});

describe('display value', () => {
  it('on any formula error the original expression text is shown', () => {
    expect(formulaDisplayValue('SUM(1)', context)).toBe('SUM(1)');
    expect(formulaDisplayValue('$Age + 1', context)).toBe('13');
  });
  it('a calculation whose input is empty shows nothing, not its formula text (issue 31)', () => {
    expect(formulaDisplayValue('$Empty + 1', context)).toBe('');
    expect(formulaDisplayValue('DATEDIF($Empty, NOW(), "Y")', context)).toBe('');
  });
  it('formats numbers without floating-point noise', () => {
    expect(formatFormulaValue(0.1 + 0.2)).toBe('0.3');
    expect(formatFormulaValue(1 / 3)).toBe('0.333333333333');
    expect(formatFormulaValue(-4)).toBe('-4');
  });
});

describe('never throws (property)', () => {
  const alphabet = fc.constantFrom(
    ...'0123456789.+-*/(),$"\' []NOWDATEIFnowYMWD_Age.PupilBirthdate#'.split(''),
  );
  it('returns a value or a typed error for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet, maxLength: 60 })), (expression) => {
        const result = evaluateFormula(expression, context);
        if (result.ok) expect(['number', 'string']).toContain(typeof result.value);
        else expect(result.error.code).not.toBe('internal');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('never throws: well-formed and half-formed expressions over real fields (property)', () => {
  const numeric = fc.constantFrom(
    '0',
    '1',
    '2.5',
    '$Age',
    '$Price',
    '$Pupil.Inner.Deep',
    '$Pupil.Twice',
    '$Calc',
  );
  const other = fc.constantFrom(
    '"2020-02-29"',
    '"15/03/2014"',
    '"Y"',
    '"M"',
    '"W"',
    '"D"',
    '"Q"',
    '"text"',
    'NOW()',
    '$Empty',
    '$First',
    '$Pupil.Birthdate',
    '$[Pupil.Date of birth]',
    '$Dup',
    '$Files',
    '$Loop1',
    '$Choice',
    '$Nope',
    '$First.Sub',
  );
  const broken = fc.constantFrom('SUM(1)', '(1', '1)', '1 2', '"open', '');
  const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { arbitrary: numeric, weight: 6 },
      { arbitrary: other, weight: 3 },
      {
        arbitrary: fc
          .tuple(tie('e'), fc.constantFrom('+', '-', '*', '/'), tie('e'))
          .map(([left, op, right]) => `(${left} ${op} ${right})`),
        weight: 6,
      },
      { arbitrary: tie('e').map((inner) => `-${inner}`), weight: 1 },
      {
        arbitrary: fc.tuple(tie('e'), tie('e'), tie('e')).map(([a, b, c]) => `DATEDIF(${a}, ${b}, ${c})`),
        weight: 2,
      },
      {
        arbitrary: fc.array(tie('e'), { maxLength: 2 }).map((args) => `NOW(${args.join(', ')})`),
        weight: 1,
      },
      { arbitrary: broken, weight: 1 },
    ),
  })).e;
  const codes = new Set([
    'notAValidChildField',
    'unsupportedFieldType',
    'fieldCount',
    'unknownFunction',
    'invalidDatedifUnit',
    'missingClosingQuote',
    'notSingleValue',
    'syntax',
    'wrongArgumentCount',
    'invalidDate',
    'typeMismatch',
    'divisionByZero',
    'emptyReference',
    'circularReference',
    'tooComplex',
  ]);
  it('gives a number or text, or one of the typed errors, and shows nothing for an empty input, else the original text on error', () => {
    fc.assert(
      fc.property(expression, (text) => {
        const result = evaluateFormula(text, context);
        if (result.ok) {
          expect(['number', 'string']).toContain(typeof result.value);
        } else {
          expect(codes.has(result.error.code)).toBe(true);
          expect(formulaDisplayValue(text, context)).toBe(result.error.code === 'emptyReference' ? '' : text);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
