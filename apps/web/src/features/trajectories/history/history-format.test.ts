import type { Field } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  fieldTitle,
  filterActive,
  historyMoment,
  historyQuery,
  NO_FILTER,
  personName,
  rangeBackwards,
  restoreVersion,
  valueView,
} from './history-format';

const field = (type: string, extra: Record<string, unknown> = {}) =>
  ({ uuid: 'f', name: 'Veld', type, required: false, ...extra }) as unknown as Field;
const names = new Map([[12, 'contract.pdf']]);

describe('the change history', () => {
  it('shows a moment as dd/MM/yyyy HH:mm in the business time zone (D4), whatever the browser’s zone', () => {
    // 23:30 UTC on 31 March is already 1 April in Amsterdam (summer time, UTC+2).
    expect(historyMoment('2025-03-31T23:30:00.000Z')).toBe('01/04/2025 01:30:00');
    expect(historyMoment('2025-01-15T08:05:09.000Z')).toBe('15/01/2025 09:05:09');
    expect(historyMoment('gisteren')).toBe('gisteren');
  });

  it('names who saved by name, else e-mail; someone unknown is null', () => {
    expect(personName({ id: 1, name: 'Eva Eigenaar', email: 'eva@school.nl' })).toBe('Eva Eigenaar');
    expect(personName({ id: 1, name: null, email: 'eva@school.nl' })).toBe('eva@school.nl');
    expect(personName({ id: 1, name: '  ', email: 'eva@school.nl' })).toBe('eva@school.nl');
    expect(personName(null)).toBeNull();
  });

  it('sends only the filters that are set, and no period that ends before it starts', () => {
    expect(historyQuery(NO_FILTER, 0)).toEqual({ page: 0, size: 20 });
    expect(filterActive(NO_FILTER)).toBe(false);
    const filter = { person: 7, from: '2025-01-01', to: '2025-01-31' };
    expect(historyQuery(filter, 2)).toEqual({
      page: 2,
      size: 20,
      person: 7,
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(filterActive(filter)).toBe(true);
    expect(rangeBackwards(filter)).toBe(false);
    expect(rangeBackwards({ ...filter, from: '2025-02-01' })).toBe(true);
    expect(historyQuery({ ...filter, to: 'nonsense' }, 0)).not.toHaveProperty('to');
  });

  it('restores the value before a change with the version before it, the value after with its own', () => {
    expect(restoreVersion(5, 'before')).toBe(4);
    expect(restoreVersion(5, 'after')).toBe(5);
  });

  it('reads values by their field type: empty, yes/no, dates, option lists, files by name, links', () => {
    expect(valueView(field('text'), null, names)).toEqual({ kind: 'empty' });
    expect(valueView(field('text'), '', names)).toEqual({ kind: 'empty' });
    expect(valueView(field('text'), 'Sam', names)).toEqual({ kind: 'text', text: 'Sam' });
    expect(valueView(field('integer'), 32, names)).toEqual({ kind: 'text', text: '32' });
    expect(valueView(field('boolean'), false, names)).toEqual({ kind: 'yesNo', yes: false });
    expect(valueView(field('date'), '2025-03-07', names)).toEqual({ kind: 'text', text: '07/03/2025' });
    expect(valueView(field('multi_select'), '["ma","di"]', names)).toEqual({
      kind: 'list',
      items: ['ma', 'di'],
    });
    expect(valueView(field('multi_select'), '[]', names)).toEqual({ kind: 'empty' });
    expect(valueView(field('upload'), [12, 13], names)).toEqual({
      kind: 'files',
      files: [
        { id: 12, name: 'contract.pdf' },
        { id: 13, name: null },
      ],
    });
    expect(valueView(field('image'), '[12]', names)).toEqual({
      kind: 'files',
      files: [{ id: 12, name: 'contract.pdf' }],
    });
    expect(valueView(field('url'), 'school.nl', names)).toEqual({ kind: 'link', text: 'school.nl' });
  });

  it('titles a field with the groups it sits in', () => {
    expect(fieldTitle({ name: 'Telefoon' }, ['Leerbedrijf', 'Contact'])).toBe(
      'Leerbedrijf › Contact › Telefoon',
    );
    expect(fieldTitle({ name: 'Naam' }, [])).toBe('Naam');
  });
});
