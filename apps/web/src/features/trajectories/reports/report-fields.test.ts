import type { Field } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { filterByLabels, reportLabels, reportRights } from './report-fields';

const text = (uuid: string, name: string): Field => ({ uuid, name, type: 'text', required: false }) as Field;
const group = (uuid: string, name: string, children: Field[]): Field =>
  ({ uuid, name, type: 'group', required: false, collapsed: false, children }) as Field;

const fields: Field[] = [
  text('a#Gesprek', 'Datum'),
  text('b', 'Zonder label'),
  group('g', 'Afspraken', [text('c#Afspraak', 'Wat'), text('d#Gesprek', 'Wie')]),
  group('h#Afspraak', 'Handtekeningen', [text('e', 'Mentor')]),
];

describe('reportLabels (spec part 1 §3: a uuid suffix after # is a label)', () => {
  it('lists each label once in tree order', () => {
    expect(reportLabels(fields)).toEqual(['Gesprek', 'Afspraak']);
  });
  it('has none without suffixes', () => {
    expect(reportLabels([text('x', 'X')])).toEqual([]);
  });
});

describe('filterByLabels (the label filter above the report form)', () => {
  it('keeps everything without a chosen label', () => {
    expect(filterByLabels(fields, [])).toEqual(fields);
  });
  it('keeps labelled fields, groups with matching children, and whole labelled groups', () => {
    const kept = filterByLabels(fields, ['Afspraak']);
    expect(kept.map((field) => field.uuid)).toEqual(['g', 'h#Afspraak']);
    expect((kept[0] as Extract<Field, { type: 'group' }>).children.map((f) => f.uuid)).toEqual([
      'c#Afspraak',
    ]);
    expect((kept[1] as Extract<Field, { type: 'group' }>).children.map((f) => f.uuid)).toEqual(['e']);
  });
  it('combines labels', () => {
    expect(filterByLabels(fields, ['Gesprek', 'Afspraak']).map((f) => f.uuid)).toEqual([
      'a#Gesprek',
      'g',
      'h#Afspraak',
    ]);
  });
});

describe('reportRights (from the answer’s writable uuids)', () => {
  it('reads every field it was sent and writes only the writable ones', () => {
    const rights = reportRights(fields, ['a#Gesprek', 'c#Afspraak']);
    expect(rights.get('a#Gesprek')).toEqual({ read: true, write: true, hidden: false });
    expect(rights.get('b')).toEqual({ read: true, write: false, hidden: false });
    expect(rights.get('c#Afspraak')?.write).toBe(true);
    expect(rights.get('e')?.read).toBe(true);
  });
});
