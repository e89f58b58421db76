import type { TrajectoryListItem, TrajectoryProgress } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { lastAssessedText, needsAttention } from './progress';
import { compareTrajectories, DEFAULT_SORT, type ListView, visibleTrajectories } from './trajectory-rows';

let nextId = 1;
function row(
  name: string,
  progress: TrajectoryProgress | null,
  activeUntil: string | null = '2027-01-01',
): TrajectoryListItem {
  nextId += 1;
  return { id: nextId, name, description: null, activeUntil, rights: ['READ'], progress };
}
const figures = (
  scored: number,
  competences: number,
  average: number | null,
  lastAssessed: string | null,
) => ({
  scored,
  competences,
  average: average === null ? null : { score: average, name: `Score ${average}`, colour: '#388e3c' },
  lastAssessed,
});

const today = '2026-03-10';
const view: ListView = { search: '', showInactive: false, today, sort: DEFAULT_SORT, language: 'nl' };
const names = (rows: readonly TrajectoryListItem[]) => rows.map((item) => item.name);

describe('needs attention (issue 22)', () => {
  it('counts no assessment for the chosen weeks (never assessed too) or an end within 14 days', () => {
    // Four weeks before 10 March is 10 February (Amsterdam days, D4).
    expect(needsAttention(row('a', figures(1, 3, 2, '2026-02-10T10:00:00.000Z')), today, 4)).toBe(true);
    expect(needsAttention(row('b', figures(1, 3, 2, '2026-02-11T10:00:00.000Z')), today, 4)).toBe(false);
    // 23:30 UTC on 10 February is 11 February in Amsterdam.
    expect(needsAttention(row('c', figures(1, 3, 2, '2026-02-10T23:30:00.000Z')), today, 4)).toBe(false);
    expect(needsAttention(row('d', figures(0, 3, null, null)), today, 4)).toBe(true);
    // No evaluation to read: only the end date judges.
    expect(needsAttention(row('e', null), today, 1)).toBe(false);
    expect(needsAttention(row('f', null, '2026-03-20'), today, 1)).toBe(true);
    expect(
      needsAttention(row('g', figures(3, 3, 4, '2026-03-09T10:00:00.000Z'), '2026-03-24'), today, 1),
    ).toBe(true);
    expect(
      needsAttention(row('h', figures(3, 3, 4, '2026-03-09T10:00:00.000Z'), '2026-03-25'), today, 1),
    ).toBe(false);
  });

  it('filters the list with the other filters', () => {
    const rows = [
      row('Recent', figures(2, 3, 3, '2026-03-09T10:00:00.000Z')),
      row('Stil', figures(2, 3, 3, '2026-01-05T10:00:00.000Z')),
      row('Geen toegang', null),
    ];
    expect(names(visibleTrajectories(rows, { ...view, attentionWeeks: 2 }))).toEqual(['Stil']);
    expect(names(visibleTrajectories(rows, { ...view, attentionWeeks: null }))).toHaveLength(3);
  });

  it('shows the last assessment as a day in the business time zone (D47)', () => {
    expect(lastAssessedText('2026-02-10T23:30:00.000Z')).toBe('11/02/2026');
  });
});

describe('sorting by progress, average and last assessment (issue 22)', () => {
  const collator = new Intl.Collator('nl');
  const rows = [
    row('Anna', figures(1, 4, 2, '2026-03-01T10:00:00.000Z')),
    row('Bram', figures(3, 4, 4, '2026-01-01T10:00:00.000Z')),
    row('Cem', null),
    row('Dana', figures(0, 4, null, null)),
  ];
  const sorted = (column: 'progress' | 'average' | 'lastAssessed', direction: 'asc' | 'desc') =>
    names([...rows].sort((a, b) => compareTrajectories(a, b, { column, direction }, collator)));

  it('orders by the figure; rows without one last in either direction', () => {
    expect(sorted('progress', 'asc')).toEqual(['Dana', 'Anna', 'Bram', 'Cem']);
    expect(sorted('progress', 'desc')).toEqual(['Bram', 'Anna', 'Dana', 'Cem']);
    expect(sorted('average', 'asc')).toEqual(['Anna', 'Bram', 'Cem', 'Dana']);
    expect(sorted('average', 'desc')).toEqual(['Bram', 'Anna', 'Cem', 'Dana']);
    expect(sorted('lastAssessed', 'asc')).toEqual(['Bram', 'Anna', 'Cem', 'Dana']);
    expect(sorted('lastAssessed', 'desc')).toEqual(['Anna', 'Bram', 'Cem', 'Dana']);
  });
});
