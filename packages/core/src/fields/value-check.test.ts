import { describe, expect, it } from 'vitest';
import { zFields } from '../contract/fields.ts';
import { formValueProblems } from './value-check.ts';

const fields = zFields.parse([
  { uuid: 'naam', name: 'Naam', type: 'text' },
  { uuid: 'geboren', name: 'Geboortedatum', type: 'date' },
  { uuid: 'uren', name: 'Uren per week', type: 'integer' },
  { uuid: 'reistijd', name: 'Reistijd in uren', type: 'decimal' },
  { uuid: 'vog', name: 'VOG aanwezig', type: 'boolean' },
  { uuid: 'opleiding', name: 'Opleiding', type: 'select', options: [{ value: 'VIG' }, { value: 'MZ' }] },
  {
    uuid: 'dagen',
    name: 'Werkdagen',
    type: 'multi_select',
    options: [{ value: 'Maandag' }, { value: 'Dinsdag' }],
  },
  { uuid: 'foto', name: 'Pasfoto', type: 'image' },
  { uuid: 'bijlage', name: 'Stageovereenkomst', type: 'upload' },
  {
    uuid: 'bedrijf',
    name: 'Leerbedrijf',
    type: 'group',
    children: [{ uuid: 'telefoon', name: 'Telefoon', type: 'text' }],
  },
]);

describe('form values checked against their field types (D33)', () => {
  it('accepts a filled-in intake form, and empty values', () => {
    expect(
      formValueProblems(fields, {
        naam: 'Sanne de Vries',
        geboren: '2007-03-14',
        uren: 32,
        reistijd: 0.75,
        vog: true,
        opleiding: 'VIG',
        dagen: '["Maandag","Dinsdag"]',
        foto: '[12]',
        bijlage: [13, 14],
        telefoon: '06-12345678',
        // cleared values
      }),
    ).toEqual([]);
    expect(formValueProblems(fields, { naam: null, uren: null })).toEqual([]);
  });

  it.each([
    ['text in an integer', { uren: 'veel' }],
    ['a fraction in an integer', { uren: 1.5 }],
    ['text in a decimal', { reistijd: 'half uur' }],
    ['not a date', { geboren: '31-02-2007' }],
    ['a Dutch display date instead of ISO', { geboren: '14/03/2007' }],
    ['an option that does not exist', { opleiding: 'Kapper' }],
    ['a working day that is not an option', { dagen: '["Zondag"]' }],
    ['a multi-select that is not a JSON list', { dagen: 'Maandag' }],
    ['an image value that is not a list of ids', { foto: '["x"]' }],
    ['an upload that is not a list of ids', { bijlage: 'contract.pdf' }],
    ['a value for a group', { bedrijf: 'x' }],
    ['a value for a field that does not exist', { onbekend: 'x' }],
    ['a boolean as text', { vog: 'ja' }],
  ])('refuses %s', (_name, values) => {
    const problems = formValueProblems(fields, values);
    expect(problems).toEqual([{ uuid: Object.keys(values)[0], key: 'invalidValue' }]);
  });

  it('names an over-long text tooLong', () => {
    expect(formValueProblems(fields, { naam: 'x'.repeat(100_001) })).toEqual([
      { uuid: 'naam', key: 'tooLong' },
    ]);
  });
});
