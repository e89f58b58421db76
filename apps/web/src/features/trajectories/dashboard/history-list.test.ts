import { describe, expect, it } from 'vitest';
import { entryScore, filterByCompetence, formatEntryMoment } from './history-list';

const scale = [
  { score: 1, name: 'Nog niet', colour: '#e03131' },
  { score: 2, name: 'Voldoende', colour: '#74b816' },
];

describe('the history list', () => {
  it('shows when an entry was made as dd/MM/yyyy HH:mm in the business time zone', () => {
    expect(formatEntryMoment('2026-03-07T08:05:30.000Z')).toBe('07/03/2026 09:05');
    expect(formatEntryMoment('not a date')).toBe('not a date');
  });

  it('names an entry’s score by the scale; no score or 0 is none (spec part 1 §5)', () => {
    expect(entryScore({ score: '2' }, scale)).toEqual(scale[1]);
    expect(entryScore({ score: '' }, scale)).toBeNull();
    expect(entryScore({ score: '0' }, scale)).toBeNull();
    expect(entryScore({ remarks: 'x' }, scale)).toBeNull();
    expect(entryScore({ score: '7' }, scale)).toEqual({ score: 7, name: '7', colour: '#9E9E9E' });
    expect(entryScore({ score: '1' }, null)).toEqual({ score: 1, name: '1', colour: '#9E9E9E' });
  });

  it('filters by the header’s filter text on the competence name', () => {
    const entries = [
      { competenceName: 'Plant de eigen werkzaamheden' },
      { competenceName: 'Geeft voorlichting' },
    ];
    expect(filterByCompetence(entries, ' PLANT ')).toEqual([entries[0]]);
    expect(filterByCompetence(entries, '')).toEqual(entries);
  });
});
