import type { Field } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { calculationText } from './form-formula';
import { fieldsWithValues } from './form-values';

const f = (uuid: string, name: string, type: Field['type'], extra: Record<string, unknown> = {}) =>
  ({ uuid, name, type, required: false, ...extra }) as unknown as Field;

const tree = [
  f('d', 'Geboortedatum', 'date'),
  f('h', 'Uren', 'integer'),
  f('g', 'Groep', 'group', {
    collapsed: false,
    children: [f('x', 'Uren', 'integer'), f('c2', 'Dubbel', 'calculation')],
  }),
  f('c', 'Leeftijd', 'calculation'),
];
const now = new Date('2025-06-15T10:00:00Z');

describe('calculationText (live formulas, spec part 1 §5)', () => {
  it('computes from the current values', () => {
    const fields = fieldsWithValues(tree, { d: '2005-06-14', h: 32 });
    expect(calculationText(fields, 'c', 'DATEDIF($Geboortedatum, NOW(), "Y")', now)).toBe('20');
    expect(calculationText(fields, 'c', '$Uren * 2', now)).toBe('64');
  });

  it('searches the calculation’s own group first', () => {
    const fields = fieldsWithValues(tree, { h: 32, x: 5 });
    expect(calculationText(fields, 'c2', '$Uren * 2', now)).toBe('10');
  });

  it('shows nothing while an input is empty (issue 31)', () => {
    const fields = fieldsWithValues(tree, {});
    expect(calculationText(fields, 'c', '$Uren * 2', now)).toBe('');
    expect(calculationText(fields, 'c', 'DATEDIF($Geboortedatum, NOW(), "Y")', now)).toBe('');
  });

  it('shows the expression text on any other error (a hidden reference, D18)', () => {
    const fields = fieldsWithValues(tree, {});
    expect(calculationText(fields, 'c', '$Verborgen + 1', now)).toBe('$Verborgen + 1');
  });
});
