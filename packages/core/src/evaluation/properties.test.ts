import { describe, expect, it } from 'vitest';
import { deleteCompetenceEntry, editCompetence, latestOf, propertyHistory } from './properties.ts';
import { competence } from './test-data.ts';

const t1 = '2025-01-10T09:00:00.000Z';
const t2 = '2025-02-10T09:00:00.000Z';
const t3 = '2025-03-10T09:00:00.000Z';

describe('competence properties keyed by ISO timestamp', () => {
  it('latestProperties is the newest entry, by instant not by text', () => {
    const properties = {
      '2025-01-10T10:00:00+02:00': { score: '1' },
      '2025-01-10T09:00:00Z': { score: '2' },
    };
    expect(latestOf(properties)).toEqual({ score: '2' });
    expect(latestOf({})).toBeNull();
    expect(propertyHistory(properties).map((entry) => entry.timestamp)).toEqual([
      '2025-01-10T09:00:00Z',
      '2025-01-10T10:00:00+02:00',
    ]);
  });

  it('each edit writes a new entry with a timestamp, built on the latest values', () => {
    const before = competence('c', { [t1]: { score: '2', remarks: 'ok', date: '01/01/2025' } });
    const after = editCompetence(before, { score: '3', remarks: '' }, { at: new Date(t2), level: 2 });
    expect(after.properties[t1]).toEqual({ score: '2', remarks: 'ok', date: '01/01/2025' });
    expect(after.properties[t2]).toEqual({ score: '3', date: '01/01/2025' });
    expect(after.latestProperties).toEqual({ score: '3', date: '01/01/2025' });
    expect(before.latestProperties).toEqual({ score: '2', remarks: 'ok', date: '01/01/2025' });
  });

  it('setting a score on a level-2 competence with no date uses the chosen edit date', () => {
    const editDate = new Date(2025, 3, 15, 16, 45);
    const after = editCompetence(competence('c'), { score: '4' }, { at: new Date(t3), editDate, level: 2 });
    expect(after.latestProperties).toEqual({ score: '4', date: '15/04/2025' });
  });

  it.each([
    ['another level', { score: '4' }, 1, undefined],
    ['no score set', { remarks: 'x' }, 2, undefined],
    ['a cleared score', { score: '' }, 2, undefined],
  ])('leaves the date alone for %s', (_name, changes, level, date) => {
    const after = editCompetence(competence('c'), changes, { at: new Date(t3), level });
    expect(after.latestProperties?.date).toBe(date);
  });

  it('keeps an existing date when scoring', () => {
    const before = competence('c', { [t1]: { date: '02/02/2025' } });
    const after = editCompetence(before, { score: '1' }, { at: new Date(t2), level: 2 });
    expect(after.latestProperties?.date).toBe('02/02/2025');
  });

  it('deleting the latest entry makes the next older one latest', () => {
    const before = competence('c', { [t1]: { score: '1' }, [t2]: { score: '2' }, [t3]: { score: '3' } });
    const after = deleteCompetenceEntry(before, t3);
    expect(Object.keys(after.properties)).toEqual([t1, t2]);
    expect(after.latestProperties).toEqual({ score: '2' });
  });

  it('deleting an older entry keeps the latest', () => {
    const before = competence('c', { [t1]: { score: '1' }, [t2]: { score: '2' } });
    expect(deleteCompetenceEntry(before, t1).latestProperties).toEqual({ score: '2' });
  });

  it('deleting the only entry leaves none', () => {
    const after = deleteCompetenceEntry(competence('c', { [t1]: { score: '1' } }), t1);
    expect(after.properties).toEqual({});
    expect(after.latestProperties).toBeNull();
  });

  it('deleting a missing entry changes nothing', () => {
    const before = competence('c', { [t1]: { score: '1' } });
    expect(deleteCompetenceEntry(before, t2)).toBe(before);
  });
});
