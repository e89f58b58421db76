import type { Field } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { formulaErrorValues, formulaPreview } from './formula-preview';

const now = new Date('2026-03-15T10:00:00Z');
const fields: Field[] = [
  { uuid: 'i', name: 'Uren per week', type: 'integer', required: false, value: 8 },
  {
    uuid: 'g',
    name: 'Student',
    type: 'group',
    required: false,
    collapsed: false,
    children: [
      { uuid: 'd', name: 'Geboortedatum', type: 'date', required: false, value: '2008-05-01' },
      {
        uuid: 'a',
        name: 'Leeftijd',
        type: 'calculation',
        required: false,
        value: 'DATEDIF($Geboortedatum, NOW(), "Y")',
      },
    ],
  },
  { uuid: 'c', name: 'Totaal', type: 'calculation', required: false, value: null },
  { uuid: 'u', name: 'Bijlage', type: 'upload', required: false, value: null },
];

describe('formulaPreview', () => {
  it('is empty without an expression', () => {
    expect(formulaPreview('  ', fields, 'c', now)).toEqual({ kind: 'empty' });
  });

  it('evaluates $[name with spaces], $group.name, NOW and DATEDIF against the blueprint values', () => {
    expect(formulaPreview('$[Uren per week] * 40', fields, 'c', now)).toEqual({ kind: 'value', text: '320' });
    expect(formulaPreview('$Student.Leeftijd + 1', fields, 'c', now)).toEqual({ kind: 'value', text: '18' });
    expect(formulaPreview('DATEDIF("2026-01-01", NOW(), "M")', fields, 'c', now)).toEqual({
      kind: 'value',
      text: '2',
    });
  });

  it('resolves a reference in the own group first', () => {
    expect(formulaPreview('DATEDIF($Geboortedatum, NOW(), "Y")', fields, 'a', now)).toEqual({
      kind: 'value',
      text: '17',
    });
  });

  it('gives the typed error and the raw expression as fallback', () => {
    const unit = formulaPreview('DATEDIF("2020-01-01", NOW(), "Q")', fields, 'c', now);
    expect(unit).toMatchObject({ kind: 'error', error: { code: 'invalidDatedifUnit', unit: 'Q' } });
    expect(unit.kind === 'error' && unit.fallback).toBe('DATEDIF("2020-01-01", NOW(), "Q")');
    expect(formulaPreview('$Bijlage', fields, 'c', now)).toMatchObject({
      error: { code: 'unsupportedFieldType', type: 'upload' },
    });
    expect(formulaPreview('$Onbekend', fields, 'c', now)).toMatchObject({
      error: { code: 'fieldCount', name: 'Onbekend', count: 0 },
    });
    expect(formulaPreview('SUM(1)', fields, 'c', now)).toMatchObject({ error: { code: 'unknownFunction' } });
    expect(formulaPreview('"open', fields, 'c', now)).toMatchObject({
      error: { code: 'missingClosingQuote' },
    });
    expect(formulaPreview('$Totaal', fields, 'c', now)).toMatchObject({ kind: 'error' });
  });

  it('passes the error details to the message', () => {
    expect(formulaErrorValues({ code: 'fieldCount', name: 'x', count: 2 })).toEqual({ name: 'x', count: 2 });
  });
});
