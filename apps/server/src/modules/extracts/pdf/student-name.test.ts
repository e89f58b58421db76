import type { FormContent } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { parseFieldPath, resolveStudentName } from './student-name.ts';

const now = new Date('2026-03-14T10:00:00Z');

const form: FormContent = {
  fields: [
    { uuid: 'n', name: 'Naam', type: 'text', required: false },
    {
      uuid: 'g',
      name: 'Student',
      type: 'group',
      required: false,
      collapsed: false,
      children: [
        { uuid: 'sn', name: 'Naam', type: 'text', required: false },
        { uuid: 'vn', name: 'Voor naam', type: 'text', required: false },
        { uuid: 'an', name: 'Achternaam', type: 'text', required: false },
        { uuid: 'full', name: 'Volledig', type: 'calculation', required: false },
        { uuid: 'born', name: 'Geboren', type: 'date', required: false },
        { uuid: 'klas', name: 'Klas', type: 'select', required: false, options: [] },
      ],
    },
    { uuid: 'leeg', name: 'Leeg', type: 'text', required: false },
    { uuid: 'foto', name: 'Foto', type: 'upload', required: false },
  ],
  values: {
    n: 'Anna',
    sn: '  Anna   de\nVries ',
    vn: 'Anna',
    an: 'de Vries',
    full: '$[Student.Voor naam] + " " + $Student.Achternaam',
    born: '2008-05-01',
    klas: 'VZ3A',
    leeg: '   ',
    foto: [12],
  },
};

describe('student name from the configured path (D36, D21)', () => {
  it('reads paths written as formula references', () => {
    expect(parseFieldPath('Naam')).toEqual(['Naam']);
    expect(parseFieldPath(' Student . Naam ')).toEqual(['Student', 'Naam']);
    expect(parseFieldPath('$Student.Naam')).toEqual(['Student', 'Naam']);
    expect(parseFieldPath('$[Student.Voor naam]')).toEqual(['Student', 'Voor naam']);
    expect(parseFieldPath('')).toEqual([]);
    expect(parseFieldPath('Student..Naam')).toEqual([]);
  });

  it('finds a top-level field and a field in a group, on one trimmed line', () => {
    expect(resolveStudentName(form, 'Naam', now)).toBe('Anna');
    expect(resolveStudentName(form, 'Student.Naam', now)).toBe('Anna de Vries');
    expect(resolveStudentName(form, '$[Student.Voor naam]', now)).toBe('Anna');
  });

  it('falls back to names compared without case when nothing matches exactly', () => {
    expect(resolveStudentName(form, 'student.naam', now)).toBe('Anna de Vries');
  });

  it('evaluates a calculation over the form and shows dates as dd/MM/yyyy', () => {
    expect(resolveStudentName(form, 'Student.Volledig', now)).toBe('Anna de Vries');
    expect(resolveStudentName(form, 'Student.Geboren', now)).toBe('01/05/2008');
    expect(resolveStudentName(form, 'Student.Klas', now)).toBe('VZ3A');
  });

  it('gives no name for an empty value, a field without text, an unknown path or no form', () => {
    expect(resolveStudentName(form, 'Leeg', now)).toBeNull();
    expect(resolveStudentName(form, 'Foto', now)).toBeNull();
    expect(resolveStudentName(form, 'Student', now)).toBeNull();
    expect(resolveStudentName(form, 'Onbekend.Naam', now)).toBeNull();
    expect(resolveStudentName(form, '', now)).toBeNull();
    expect(resolveStudentName(null, 'Naam', now)).toBeNull();
  });

  it('a field the reader may not see is not in their form, so its value never becomes the name (D18)', () => {
    const visible: FormContent = {
      fields: form.fields.filter((field) => field.uuid !== 'g'),
      values: { n: 'Anna' },
    };
    expect(resolveStudentName(visible, 'Student.Naam', now)).toBeNull();
    // A calculation that needs a hidden field gives no name rather than its formula text.
    const partial: FormContent = {
      fields: [
        {
          uuid: 'g',
          name: 'Student',
          type: 'group',
          required: false,
          collapsed: false,
          children: [{ uuid: 'full', name: 'Volledig', type: 'calculation', required: false }],
        },
      ],
      values: { full: form.values.full },
    };
    expect(resolveStudentName(partial, 'Student.Volledig', now)).toBeNull();
  });
});
