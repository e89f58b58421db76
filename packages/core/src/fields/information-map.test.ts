import { describe, expect, it } from 'vitest';
import type { Field } from '../contract/fields.ts';
import {
  formFieldNames,
  informationMapOnly,
  informationPatchProblem,
  isFormFieldKey,
  splitInformation,
  valuesFromInformation,
} from './information-map.ts';

const text = (uuid: string, name: string): Field => ({ uuid, name, type: 'text', required: false }) as Field;
const integer = (uuid: string, name: string): Field =>
  ({ uuid, name, type: 'integer', required: false }) as Field;
const group = (uuid: string, name: string, children: Field[]): Field =>
  ({ uuid, name, type: 'group', required: false, children }) as Field;

const fields: Field[] = [
  text('naam', 'Naam'),
  integer('uren', 'Uren'),
  group('g', 'Bedrijf', [text('stad', 'Plaats')]),
];

describe('D14/D40: a spreadsheet row split between the form and the map', () => {
  it('fills matching fields (trimmed, any case, inside groups) and keeps only the other columns', () => {
    const split = splitInformation(fields, { ' naam ': 'Sam', UREN: '12', plaats: 'Utrecht', Klas: '3B' });
    expect(split.values).toEqual({ naam: 'Sam', uren: 12, stad: 'Utrecht' });
    expect(split.map).toEqual({ Klas: '3B' });
    expect(split.unfit).toEqual([]);
  });

  it('names a matching column whose text the field cannot take, and keeps it out of the map', () => {
    const split = splitInformation(fields, { Uren: 'veel', Bedrijf: 'Acme', Naam: '  ' });
    expect(split.unfit).toEqual(['Uren', 'Bedrijf']);
    expect(split.map).toEqual({});
    expect(split.values).toEqual({});
  });

  it('keeps prototype-like column names as plain own keys', () => {
    const split = splitInformation(fields, JSON.parse('{"__proto__": "x", "constructor": "y"}'));
    expect(Object.keys(split.map).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(split.map)).toBe(Object.prototype);
  });

  it('shows a stored map without the keys that name a form field', () => {
    expect(informationMapOnly(fields, { naam: 'oude kopie', Klas: '3B' })).toEqual({ Klas: '3B' });
    expect(isFormFieldKey(formFieldNames(fields), 'BEDRIJF ')).toBe(true);
    expect(valuesFromInformation(fields, { Naam: 'Sam' })).toEqual({ naam: 'Sam' });
  });
});

describe('D40: a change of the information map touches only its own keys', () => {
  const problem = (patch: { op: string; path: string }[]) => informationPatchProblem(fields, patch);

  it('accepts adding, replacing, removing and testing top-level map keys', () => {
    expect(
      problem([
        { op: 'add', path: '/Klas' },
        { op: 'replace', path: '/Mentor~1begeleider' },
        { op: 'remove', path: '/Klas' },
        { op: 'test', path: '/Naam' },
      ]),
    ).toBeNull();
  });

  it.each([
    ['the root', { op: 'replace', path: '' }, 'invalidPatch'],
    ['a slash alone (the empty key)', { op: 'add', path: '/' }, 'invalidPatch'],
    ['a deeper place', { op: 'add', path: '/Klas/x' }, 'invalidPatch'],
    ['a pointer without slash', { op: 'add', path: 'Klas' }, 'invalidPatch'],
    ['a prototype key', { op: 'add', path: '/__proto__' }, 'invalidPatch'],
    ['a copy between keys', { op: 'copy', path: '/Klas' }, 'invalidPatch'],
    ['a move between keys', { op: 'move', path: '/Klas' }, 'invalidPatch'],
    ['a form field by name', { op: 'add', path: '/naam' }, 'forbidden'],
    ['a group of the form by name', { op: 'replace', path: '/ Bedrijf' }, 'forbidden'],
    ['a nested form field by name', { op: 'remove', path: '/PLAATS' }, 'forbidden'],
  ])('refuses %s', (_name, operation, key) => {
    expect(problem([{ op: 'add', path: '/Klas' }, operation])).toEqual({ path: operation.path, key });
  });
});
