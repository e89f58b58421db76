import { describe, expect, it } from 'vitest';
import type { Field, FieldInput } from '../contract/fields.ts';
import { FIELD_TYPES, zField, zFields } from '../contract/fields.ts';
import { DEFAULT_SCORE_COLOUR } from './colour.ts';
import {
  fieldKey,
  fieldLabel,
  fieldPointer,
  findFieldByUuid,
  findFieldsByPath,
  walkFields,
  withoutNameDots,
} from './tree.ts';
import {
  areFieldsValid,
  canAddCompetenceLevel,
  fieldError,
  invalidFields,
  resizeRatingInfo,
} from './validity.ts';

function field(input: FieldInput): Field {
  return zField.parse(input);
}

describe('field validity (spec part 1 §5)', () => {
  it.each([
    ['required text empty', { uuid: 'a', name: 'A', type: 'text', required: true, value: '  ' }, 'required'],
    ['required text filled', { uuid: 'a', name: 'A', type: 'text', required: true, value: 'x' }, null],
    ['optional text empty', { uuid: 'a', name: 'A', type: 'text', value: '' }, null],
    ['required url empty', { uuid: 'a', name: 'A', type: 'url', required: true }, 'required'],
    [
      'required calculation empty',
      { uuid: 'a', name: 'A', type: 'calculation', required: true, value: '' },
      'required',
    ],
    [
      'required select not among options',
      { uuid: 'a', name: 'A', type: 'select', required: true, value: 'z', options: [{ value: 'y' }] },
      'required',
    ],
    [
      'required select among options',
      { uuid: 'a', name: 'A', type: 'select', required: true, value: 'y', options: [{ value: 'y' }] },
      null,
    ],
    ['required date undefined', { uuid: 'a', name: 'A', type: 'date', required: true }, 'required'],
    ['required date set', { uuid: 'a', name: 'A', type: 'date', required: true, value: '2026-01-01' }, null],
    ['required decimal undefined', { uuid: 'a', name: 'A', type: 'decimal', required: true }, 'required'],
    ['required decimal zero', { uuid: 'a', name: 'A', type: 'decimal', required: true, value: 0 }, null],
    [
      'required integer undefined',
      { uuid: 'a', name: 'A', type: 'integer', required: true, value: null },
      'required',
    ],
    [
      'required image without a file',
      { uuid: 'a', name: 'A', type: 'image', required: true, value: '[]' },
      'required',
    ],
    [
      'required image with a file',
      { uuid: 'a', name: 'A', type: 'image', required: true, value: '[4]' },
      null,
    ],
    ['required boolean (no rule)', { uuid: 'a', name: 'A', type: 'boolean', required: true }, null],
  ] as const)('%s → %s', (_, input, error) => {
    expect(fieldError(field(input as FieldInput))).toBe(error);
  });
  it('descends into groups', () => {
    const fields = zFields.parse([
      {
        uuid: 'g',
        name: 'G',
        type: 'group',
        children: [{ uuid: 'x', name: 'X', type: 'text', required: true }],
      },
    ]);
    expect(invalidFields(fields)).toEqual([{ uuid: 'x', key: 'required' }]);
    expect(areFieldsValid(fields)).toBe(false);
  });
});

describe('contract', () => {
  it('parses every type with defaults and refuses unknown types', () => {
    for (const type of FIELD_TYPES) expect(zField.parse({ uuid: 'u', name: 'n', type }).required).toBe(false);
    expect(zField.safeParse({ uuid: 'u', name: 'n', type: 'video' }).success).toBe(false);
    expect(
      zField.safeParse({ uuid: 'u', name: 'n', type: 'rating', info: [{ name: 'a', colour: 'red' }] })
        .success,
    ).toBe(false);
  });
});

describe('tree helpers', () => {
  const fields = zFields.parse([
    { uuid: 'a#first', name: 'A', type: 'text' },
    { uuid: 'g', name: 'G', type: 'group', children: [{ uuid: 'b', name: 'B', type: 'text' }] },
  ]);
  it('the key of a uuid is the part before #, the label after', () => {
    expect(fieldKey('abc#label#x')).toBe('abc');
    expect(fieldKey('abc')).toBe('abc');
    expect(fieldLabel('abc#label#x')).toBe('label#x');
    expect(fieldLabel('abc')).toBeNull();
  });
  it('walks depth first with index paths and pointers', () => {
    const visits = [...walkFields(fields)].map((v) => [v.field.uuid, fieldPointer(v.indexPath)]);
    expect(visits).toEqual([
      ['a#first', '/fields/0'],
      ['g', '/fields/1'],
      ['b', '/fields/1/children/0'],
    ]);
  });
  it('finds by name path and by uuid', () => {
    expect(findFieldsByPath(fields, ['G', 'B']).map((f) => f.uuid)).toEqual(['b']);
    expect(findFieldsByPath(fields, ['A', 'B'])).toEqual([]);
    expect(findFieldByUuid(fields, 'b')?.name).toBe('B');
  });
  it('takes the dots out of every name, in groups too, and keeps a tree without any (spec part 2 §5, D42)', () => {
    const dotted = zFields.parse([
      { uuid: 'a', name: 'Adres.straat', type: 'text' },
      { uuid: 'g', name: 'Stage.', type: 'group', children: [{ uuid: 'b', name: 'v.a.', type: 'text' }] },
    ]);
    const cleaned = withoutNameDots(dotted);
    expect([...walkFields(cleaned)].map((visit) => visit.field.name)).toEqual(['Adresstraat', 'Stage', 'va']);
    expect(dotted[0]!.name).toBe('Adres.straat');
    expect(withoutNameDots(fields)).toBe(fields);
  });
});

describe('rating and competence list editors', () => {
  it('new score entries default to gold; removing drops from the end', () => {
    const three = resizeRatingInfo([], 3);
    expect(three.map((entry) => entry.colour)).toEqual([
      DEFAULT_SCORE_COLOUR,
      DEFAULT_SCORE_COLOUR,
      DEFAULT_SCORE_COLOUR,
    ]);
    expect(resizeRatingInfo(three, 1)).toEqual([three[0]]);
  });
  it('a new level number must be at least 1 and unused', () => {
    const levels = [{ level: 1, elements: [] }];
    expect(canAddCompetenceLevel(levels, 2)).toBe(true);
    expect(canAddCompetenceLevel(levels, 1)).toBe(false);
    expect(canAddCompetenceLevel(levels, 0)).toBe(false);
    expect(canAddCompetenceLevel(levels, 1.5)).toBe(false);
  });
});
