import { describe, expect, it } from 'vitest';
import { zFields } from '../contract/fields.ts';
import { formFromFields } from './form-document.ts';

/** D33: a trajectory's form is the field tree without values plus `values` keyed by field uuid. */
describe('the form of a new trajectory', () => {
  const fields = zFields.parse([
    { uuid: 'f-naam', name: 'Naam', type: 'text', required: true, value: 'Sanne de Vries' },
    { uuid: 'f-vog', name: 'VOG aanwezig', type: 'boolean', value: false },
    { uuid: 'f-uren', name: 'Uren per week', type: 'integer' },
    {
      uuid: 'f-leerbedrijf',
      name: 'Leerbedrijf',
      type: 'group',
      children: [{ uuid: '__proto__', name: 'Praktijkopleider', type: 'text', value: 'J. Bakker' }],
    },
  ]);

  it('moves the blueprint’s values to `values` by uuid, also from groups; empty values stay out', () => {
    const form = formFromFields(fields);
    expect(form.values).toEqual({ 'f-naam': 'Sanne de Vries', 'f-vog': false, ['__proto__']: 'J. Bakker' });
    expect(Object.getPrototypeOf(form.values)).toBe(Object.prototype);
    expect(JSON.stringify(form.fields)).not.toContain('"value"');
    expect(zFields.parse(form.fields)).toHaveLength(4);
  });
});
