import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zFields } from '../contract/fields.ts';
import { MASKED_REFERENCE, maskHiddenReferences } from './evaluate.ts';

/** What the reader sees: the hidden `Salaris` and `Privé.Adres` are not in this tree. */
const visible = zFields.parse([
  { uuid: 'naam', name: 'Naam', type: 'text' },
  { uuid: 'uren', name: 'Uren per week', type: 'integer' },
  { uuid: 'g', name: 'Bedrijf', type: 'group', children: [{ uuid: 'plaats', name: 'Plaats', type: 'text' }] },
]);
const mask = (expression: string) => maskHiddenReferences(expression, { fields: visible });

describe('D18, D40: a calculation names only the fields its reader may see', () => {
  it.each([
    ['$Salaris * 2', '$… * 2'],
    ['$[Uren per week] * $Salaris', '$[Uren per week] * $…'],
    ['$Bedrijf.Plaats + $Privé.Adres', '$Bedrijf.Plaats + $…'],
    ['$[Privé . Adres]', '$…'],
    ['DATEDIF($Geboortedatum, NOW(), "Y")', 'DATEDIF($…, NOW(), "Y")'],
    ['"$Salaris" + $Naam', '"$Salaris" + $Naam'],
    ['3 + 4', '3 + 4'],
  ])('%s → %s', (expression, shown) => {
    expect(mask(expression)).toBe(shown);
  });

  it('masks every reference by its shape when the expression cannot be read', () => {
    expect(mask('$Salaris * (2')).toBe('$… * (2');
    expect(mask('$Salaris ** "open')).toBe('$… ** "open');
    expect(mask('$[Salaris + 1')).toBe('$…');
  });

  it('is idempotent and never shows a name that is not in the visible tree', () => {
    const hidden = ['Salaris', 'Geheim', 'Adres'];
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            '$Salaris',
            '$[Geheim]',
            '$Privé.Adres',
            '$Naam',
            ' + ',
            ' * ',
            '(',
            ')',
            '2',
            '"x"',
            '$',
          ),
          {
            maxLength: 12,
          },
        ),
        (parts) => {
          const shown = mask(parts.join(''));
          expect(mask(shown)).toBe(shown);
          for (const name of hidden) expect(shown).not.toContain(name);
        },
      ),
    );
    expect(MASKED_REFERENCE).toBe('$…');
  });
});
