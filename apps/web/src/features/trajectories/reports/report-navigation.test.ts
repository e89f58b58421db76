import type { ReportListEntry } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  createProblem,
  displayDay,
  listQuery,
  modifiedFromProblem,
  neighbours,
  pickerReports,
  reportTypes,
} from './report-navigation';

const rights = { write: true, admin: true };
const report = (
  id: number,
  name: string,
  created: string,
  blueprintName = 'Voortgangsgesprek',
): ReportListEntry => ({
  id,
  name,
  created,
  modified: created,
  blueprintName,
  rights,
});

const reports = [
  report(3, 'Derde', '2026-03-01T09:00:00.000Z'),
  report(1, 'Eerste', '2026-01-10T09:00:00.000Z'),
  report(2, 'Tweede', '2026-02-05T22:30:00.000Z', 'Eindbeoordeling'),
];

describe('neighbours (previous / next, spec part 1 §2)', () => {
  it('steps through the reports in created order', () => {
    expect(neighbours(reports, 2)).toMatchObject({
      previous: { id: 1 },
      next: { id: 3 },
      position: 2,
      total: 3,
    });
    expect(neighbours(reports, 1)).toMatchObject({ previous: null, next: { id: 2 }, position: 1 });
    expect(neighbours(reports, 3)).toMatchObject({ previous: { id: 2 }, next: null, position: 3 });
  });
  it('has no neighbours for a report the list does not hold', () => {
    expect(neighbours(reports, 9)).toEqual({ previous: null, next: null, position: 0, total: 3 });
  });
  it('orders equal created moments by id', () => {
    const same = [report(5, 'b', '2026-01-01T00:00:00Z'), report(4, 'a', '2026-01-01T00:00:00Z')];
    expect(neighbours(same, 4).next?.id).toBe(5);
  });
});

describe('created day (dd/MM/yyyy in the business zone, D4)', () => {
  it('shows the Amsterdam day of a late-evening UTC moment', () => {
    expect(displayDay('2026-02-05T22:30:00.000Z')).toBe('05/02/2026');
    expect(displayDay('2026-02-05T23:30:00.000Z')).toBe('06/02/2026');
  });
});

describe('the changes-start filter (D16, spec part 1 §2: no future date)', () => {
  it('refuses a day after today and takes today and earlier', () => {
    expect(modifiedFromProblem('2026-05-02', '2026-05-01')).toBe('future');
    expect(modifiedFromProblem('2026-05-01', '2026-05-01')).toBeNull();
    expect(modifiedFromProblem('2025-12-31', '2026-05-01')).toBeNull();
    expect(modifiedFromProblem(null, '2026-05-01')).toBeNull();
    expect(modifiedFromProblem('2026-02-30', '2026-05-01')).toBe('invalid');
  });
  it('sends only filters that hold', () => {
    expect(listQuery({ modifiedFrom: '2026-05-02', blueprintName: null }, '2026-05-01')).toEqual({});
    expect(listQuery({ modifiedFrom: '2026-04-01', blueprintName: 'Eindbeoordeling' }, '2026-05-01')).toEqual(
      {
        modifiedFrom: '2026-04-01',
        blueprintName: 'Eindbeoordeling',
      },
    );
  });
  it('offers each type once, sorted', () => {
    expect(reportTypes(reports, ['Voortgangsgesprek', 'Stagebezoek'])).toEqual([
      'Eindbeoordeling',
      'Stagebezoek',
      'Voortgangsgesprek',
    ]);
  });
});

describe('createProblem (spec part 1 §5)', () => {
  it('needs a blueprint first, then a non-blank name unique within that blueprint', () => {
    expect(createProblem('Nieuw', null, reports)).toBe('blueprintRequired');
    expect(createProblem('  ', 'Voortgangsgesprek', reports)).toBe('required');
    expect(createProblem(' eerste ', 'Voortgangsgesprek', reports)).toBe('duplicate');
    // Another blueprint's report may carry the same name (the list tells them apart by type).
    expect(createProblem('Tweede', 'Voortgangsgesprek', reports)).toBeNull();
    expect(createProblem('Tweede', 'Eindbeoordeling', reports)).toBe('duplicate');
  });
});

describe('pickerReports (split-screen picker)', () => {
  it('lists the others newest first, filtered by name, type or created date', () => {
    expect(pickerReports(reports, '', 3).map((r) => r.id)).toEqual([2, 1]);
    expect(pickerReports(reports, 'twee', 3).map((r) => r.id)).toEqual([2]);
    expect(pickerReports(reports, '10/01', 3).map((r) => r.id)).toEqual([1]);
    expect(pickerReports(reports, 'EINDbeoordeling', 1).map((r) => r.id)).toEqual([2]);
  });
});
