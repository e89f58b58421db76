import { describe, expect, it } from 'vitest';
import type { Criterion } from '../contract/evaluation.ts';
import { findCriterionByNamePath, listCompetences } from './criteria-tree.ts';
import { filterCriteria } from './filters.ts';
import { cluster, competence } from './test-data.ts';

const early = new Date(2025, 0, 10, 0, 0, 0, 0).toISOString();
const lateOnTheDay = new Date(2025, 0, 20, 23, 59, 59, 999).toISOString();
const nextDay = new Date(2025, 0, 21, 0, 0, 0, 0).toISOString();

const criteria: Criterion[] = [
  cluster('A', [
    cluster('A1', [
      competence('c1', { [early]: { score: '1' }, [nextDay]: { score: '2' } }, ['math']),
      competence('c2', { [lateOnTheDay]: { score: '3' } }),
    ]),
  ]),
  cluster('B', [cluster('B1', [competence('c3')])], ['lang']),
];

const uuids = (tree: Criterion[]) => listCompetences(tree).map(({ competence }) => competence.uuid);

describe('evaluation filter', () => {
  it('no filter keeps everything', () => {
    expect(uuids(filterCriteria(criteria, {}))).toEqual(['c1', 'c2', 'c3']);
  });

  it('"from" starts at 00:00 of its day', () => {
    expect(uuids(filterCriteria(criteria, { from: new Date(2025, 0, 21, 15) }))).toEqual(['c1']);
  });

  it('"changes until" ends at 23:59:59.999 and shows the state at that moment', () => {
    const filtered = filterCriteria(criteria, { until: { year: 2025, month: 1, day: 20 } });
    expect(uuids(filtered)).toEqual(['c1', 'c2']);
    const [c1] = listCompetences(filtered);
    expect(c1?.competence.latestProperties).toEqual({ score: '1' });
  });

  it('a range of one day', () => {
    const day = { year: 2025, month: 1, day: 10 };
    expect(uuids(filterCriteria(criteria, { from: day, until: day }))).toEqual(['c1']);
  });

  it('labels are inherited from clusters', () => {
    expect(uuids(filterCriteria(criteria, { labels: ['lang'] }))).toEqual(['c3']);
    expect(uuids(filterCriteria(criteria, { labels: ['math'] }))).toEqual(['c1']);
  });

  it('text matches competence or cluster names, ignoring case', () => {
    expect(uuids(filterCriteria(criteria, { text: 'competence C2' }))).toEqual(['c2']);
    expect(uuids(filterCriteria(criteria, { text: 'b1' }))).toEqual(['c3']);
  });

  it('text matches a code too (D56): the code of a competence or of a cluster above it', () => {
    const coded: Criterion[] = [
      { ...cluster('A', [{ ...competence('c1'), code: 'B1-K1-W1' }, competence('c2')]), code: 'B1-K1' },
      cluster('B', [{ ...competence('c3'), code: 'B2-K1-W1' }]),
    ];
    expect(uuids(filterCriteria(coded, { text: 'b1-k1-w1' }))).toEqual(['c1']);
    expect(uuids(filterCriteria(coded, { text: 'B1-K1' }))).toEqual(['c1', 'c2']);
    expect(uuids(filterCriteria(coded, { text: 'B2-K1-W1 Competence' }))).toEqual(['c3']);
  });

  it('nothing matching gives an empty tree (noFilteredDataFound)', () => {
    expect(filterCriteria(criteria, { from: new Date(2030, 0, 1) })).toEqual([]);
  });

  it('finds a cluster by a dotted name path', () => {
    expect(findCriterionByNamePath(criteria, 'A.A1')?.uuid).toBe('A1');
    expect(findCriterionByNamePath(criteria, 'A.X')).toBeUndefined();
  });
});
