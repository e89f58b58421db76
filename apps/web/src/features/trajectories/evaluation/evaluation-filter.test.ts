import { type Criterion, listCompetences } from '@groeipad/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTER, panelActive, rangeProblem, visibleCriteria } from './evaluation-filter';
import { competence, testEvaluation } from './test-evaluation';

// Entries at local times (the browser's day bounds, spec part 1 §5).
const at = (day: number, hour: number, minute = 0, second = 0, ms = 0) =>
  new Date(2025, 2, day, hour, minute, second, ms).toISOString();

const evaluation = testEvaluation({
  a: competence('a', { [at(1, 9)]: { score: '1' }, [at(8, 23, 59, 59, 999)]: { score: '2' } }, ['BPV']),
  b: competence('b', { [at(9, 0)]: { score: '3' } }, ['School']),
});
const uuids = (criteria: Criterion[]) => listCompetences(criteria).map(({ competence: c }) => c.uuid);

describe('visibleCriteria (spec part 1 §2, §5)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date(2025, 2, 20) }));
  afterEach(() => vi.useRealTimers());

  it('shows everything without a filter', () => {
    expect(uuids(visibleCriteria(evaluation.criteria, EMPTY_FILTER, ''))).toEqual(['a', 'b', 'c']);
  });

  it('"until" ends at 23:59:59.999 and "from" starts at 00:00', () => {
    const until8 = visibleCriteria(evaluation.criteria, { ...EMPTY_FILTER, until: '2025-03-08' }, '');
    expect(uuids(until8)).toEqual(['a']);
    // a's latest within the range is the entry of 8 March at 23:59:59.999.
    expect(listCompetences(until8)[0]!.competence.latestProperties?.score).toBe('2');
    const from9 = visibleCriteria(evaluation.criteria, { ...EMPTY_FILTER, from: '2025-03-09' }, '');
    expect(uuids(from9)).toEqual(['b']);
  });

  it('keeps competences with a chosen label, their own or a cluster’s', () => {
    expect(uuids(visibleCriteria(evaluation.criteria, { ...EMPTY_FILTER, labels: ['School'] }, ''))).toEqual([
      'b',
    ]);
    // The cluster Kerntaak 1 carries the label: both its competences match.
    expect(
      uuids(visibleCriteria(evaluation.criteria, { ...EMPTY_FILTER, labels: ['Kerntaak 1'] }, '')),
    ).toEqual(['a', 'b']);
  });

  it('takes the header’s text on names, and is empty when nothing matches (noFilteredDataFound)', () => {
    expect(uuids(visibleCriteria(evaluation.criteria, EMPTY_FILTER, 'reflectie'))).toEqual(['c']);
    expect(visibleCriteria(evaluation.criteria, { ...EMPTY_FILTER, from: '2025-04-01' }, '')).toEqual([]);
  });
});

describe('the panel', () => {
  it('is active with a date or a label', () => {
    expect(panelActive(EMPTY_FILTER)).toBe(false);
    expect(panelActive({ ...EMPTY_FILTER, labels: ['BPV'] })).toBe(true);
    expect(panelActive({ ...EMPTY_FILTER, until: '2025-03-01' })).toBe(true);
  });

  it('says so when "until" lies before "from"', () => {
    expect(rangeProblem({ ...EMPTY_FILTER, from: '2025-03-02', until: '2025-03-01' })).toBe(
      'untilBeforeFrom',
    );
    expect(rangeProblem({ ...EMPTY_FILTER, from: '2025-03-01', until: '2025-03-01' })).toBeNull();
  });
});
