import { describe, expect, it } from 'vitest';
import {
  entryChangesOf,
  entryFormOf,
  entryFormProblems,
  formatLocations,
  parseLocations,
  remarksTemplate,
  sameAsLatest,
} from './entry-form';

const TEMPLATE = remarksTemplate([
  'Wat gaat al goed?',
  'Waar kun je nog in groeien?',
  'Welke afspraken maken we?',
]);

describe('the remark template (spec part 1 §9: three headings)', () => {
  it('has the three headings with room between them', () => {
    expect(TEMPLATE).toBe(
      'Wat gaat al goed?\n\n\nWaar kun je nog in groeien?\n\n\nWelke afspraken maken we?\n',
    );
  });

  it('fills an entry without remarks; an untouched template is saved as no remarks', () => {
    const form = entryFormOf(null, TEMPLATE);
    expect(form.remarks).toBe(TEMPLATE);
    expect(entryChangesOf({ ...form, score: '2' }, TEMPLATE).remarks).toBe('');
    expect(entryChangesOf({ ...form, remarks: `${TEMPLATE}Goed bezig` }, TEMPLATE).remarks).toBe(
      `${TEMPLATE}Goed bezig`,
    );
  });
});

describe('locations (school, werkplek, extern as a comma list)', () => {
  it('reads and writes the list in the scale order, dropping unknown parts', () => {
    expect(parseLocations('extern, school,zolder')).toEqual(['school', 'extern']);
    expect(formatLocations(['extern', 'school'])).toBe('school,extern');
    expect(parseLocations(undefined)).toEqual([]);
  });
});

describe('a new entry from the latest', () => {
  const latest = {
    score: '2',
    date: '01/03/2025',
    location: 'werkplek',
    achieved: 'false' as const,
    remarks: 'Let op de tijd',
  };

  it('starts from the latest values', () => {
    expect(entryFormOf(latest, TEMPLATE)).toMatchObject({
      score: '2',
      date: '01/03/2025',
      location: ['werkplek'],
      achieved: 'false',
      remarks: 'Let op de tijd',
    });
  });

  it('sends every property, empty ones cleared', () => {
    const form = { ...entryFormOf(latest, TEMPLATE), score: '3', date: '', offered: '  Stage  ' };
    expect(entryChangesOf(form, TEMPLATE)).toEqual({
      score: '3',
      info: '',
      planned_date: '',
      location: 'werkplek',
      achieved: 'false',
      offered: 'Stage',
      date: '',
      remarks: 'Let op de tijd',
      agreed: '',
    });
  });

  it('"agreed score" starts unticked, ticked it is sent and is a change (issue 23)', () => {
    const agreedBefore = { ...latest, agreed: 'true' as const };
    const form = entryFormOf(agreedBefore, TEMPLATE);
    expect(form.agreed).toBe(false);
    // Unticked on the same values: nothing to add (the older entry keeps its own mark).
    expect(sameAsLatest(agreedBefore, form, TEMPLATE)).toBe(true);
    const ticked = { ...entryFormOf(latest, TEMPLATE), agreed: true };
    expect(sameAsLatest(latest, ticked, TEMPLATE)).toBe(false);
    expect(entryChangesOf(ticked, TEMPLATE).agreed).toBe('true');
    expect(sameAsLatest(agreedBefore, ticked, TEMPLATE)).toBe(true);
  });

  it('knows when nothing changed (no entry is added then)', () => {
    expect(sameAsLatest(latest, entryFormOf(latest, TEMPLATE), TEMPLATE)).toBe(true);
    expect(sameAsLatest(null, entryFormOf(null, TEMPLATE), TEMPLATE)).toBe(true);
    expect(sameAsLatest(latest, { ...entryFormOf(latest, TEMPLATE), score: '4' }, TEMPLATE)).toBe(false);
    expect(sameAsLatest({ score: '0' }, entryFormOf({ score: '0' }, TEMPLATE), TEMPLATE)).toBe(true);
  });

  it('refuses dates that are not dd/MM/yyyy', () => {
    expect(
      entryFormProblems({ ...entryFormOf(null, TEMPLATE), date: '2025-03-01', planned_date: '31/02/2025' }),
    ).toEqual({
      date: 'invalidDate',
      planned_date: 'invalidDate',
    });
    expect(entryFormProblems(entryFormOf(latest, TEMPLATE))).toEqual({});
  });
});
