import type { Field } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { filterFields } from './form-filter';

const text = (uuid: string, name: string) => ({ uuid, name, type: 'text', required: false }) as Field;
const group = (uuid: string, name: string, children: Field[]) =>
  ({ uuid, name, type: 'group', required: false, collapsed: true, children }) as Field;

const fields = [
  text('1', 'Naam'),
  text('2', 'Geboortedatum'),
  group('g', 'Leerbedrijf', [
    text('3', 'Naam leerbedrijf'),
    text('4', 'Praktijkopleider'),
    group('c', 'Contact', [text('5', 'Telefoon')]),
  ]),
];

const names = (list: Field[]): unknown[] =>
  list.map((field) => (field.type === 'group' ? [field.name, names(field.children)] : field.name));

describe('filterFields (the header filter box)', () => {
  it('keeps everything without filter text', () => {
    expect(filterFields(fields, '  ')).toEqual(fields);
  });

  it('keeps fields whose name contains the text, any letter case, and groups with matching children', () => {
    expect(names(filterFields(fields, 'NAAM'))).toEqual(['Naam', ['Leerbedrijf', ['Naam leerbedrijf']]]);
    expect(names(filterFields(fields, 'tele'))).toEqual([['Leerbedrijf', [['Contact', ['Telefoon']]]]]);
  });

  it('keeps a matching group whole', () => {
    expect(names(filterFields(fields, 'contact'))).toEqual([['Leerbedrijf', [['Contact', ['Telefoon']]]]]);
    expect(names(filterFields(fields, 'leerbedrijf'))).toEqual([
      ['Leerbedrijf', ['Naam leerbedrijf', 'Praktijkopleider', ['Contact', ['Telefoon']]]],
    ]);
  });

  it('keeps nothing when nothing matches', () => {
    expect(filterFields(fields, 'xyz')).toEqual([]);
  });
});
