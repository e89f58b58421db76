import { listCompetences } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { applyEntryChanges, describeConflict, entryChanges, resolveConflict } from './entry-changes';
import { competence, testEvaluation } from './test-evaluation';

const T1 = '2025-03-01T09:00:00.000Z';
const T2 = '2025-03-08T09:00:00.000Z';
const MINE = '2025-03-15T10:00:00.000Z';
const THEIRS = '2025-03-15T10:05:00.000Z';

const latestScore = (evaluation: ReturnType<typeof testEvaluation>, uuid: string) =>
  listCompetences(evaluation.criteria).find((c) => c.competence.uuid === uuid)?.competence.latestProperties
    ?.score;
const keys = (evaluation: ReturnType<typeof testEvaluation>, uuid: string) =>
  Object.keys(
    listCompetences(evaluation.criteria).find((c) => c.competence.uuid === uuid)!.competence.properties,
  ).sort();

// The version both editors started from: a scored twice, b once.
const base = testEvaluation({
  a: competence('a', { [T1]: { score: '1' }, [T2]: { score: '2' } }),
  b: competence('b', { [T1]: { score: '3' } }),
});

describe('entryChanges (D2: a save only adds or deletes dated entries)', () => {
  it('lists added and deleted entries per competence', () => {
    const after = testEvaluation({
      a: competence('a', { [T1]: { score: '1' } }),
      b: competence('b', { [T1]: { score: '3' }, [MINE]: { score: '4' } }),
    });
    expect(entryChanges(base, after)).toEqual([
      { competenceUuid: 'a', op: 'remove', timestamp: T2, values: { score: '2' } },
      { competenceUuid: 'b', op: 'add', timestamp: MINE, values: { score: '4' } },
    ]);
  });

  it('is empty when nothing changed', () => {
    expect(entryChanges(base, structuredClone(base))).toEqual([]);
  });
});

describe('applyEntryChanges', () => {
  it('adds and deletes by uuid and recomputes latestProperties', () => {
    const next = applyEntryChanges(base, [
      { competenceUuid: 'a', op: 'remove', timestamp: T2, values: {} },
      { competenceUuid: 'c', op: 'add', timestamp: MINE, values: { score: '2' } },
    ]);
    expect(latestScore(next, 'a')).toBe('1');
    expect(latestScore(next, 'c')).toBe('2');
    expect(latestScore(base, 'a')).toBe('2'); // the input is left alone
  });

  it('skips a delete of an entry that is gone and a competence that is gone', () => {
    const next = applyEntryChanges(base, [
      { competenceUuid: 'a', op: 'remove', timestamp: '2020-01-01T00:00:00.000Z', values: {} },
      { competenceUuid: 'gone', op: 'add', timestamp: MINE, values: { score: '2' } },
    ]);
    expect(next).toEqual(base);
  });
});

describe('a 409: their change beside mine (no silent overwrites)', () => {
  // I scored c and deleted a's newest entry; they scored b meanwhile.
  const mine = applyEntryChanges(base, [
    { competenceUuid: 'c', op: 'add', timestamp: MINE, values: { score: '3' } },
    { competenceUuid: 'a', op: 'remove', timestamp: T2, values: { score: '2' } },
  ]);
  const theirs = applyEntryChanges(base, [
    { competenceUuid: 'b', op: 'add', timestamp: THEIRS, values: { score: '4' } },
  ]);

  it('describes every competence either side changed, in tree order', () => {
    const conflict = describeConflict(base, mine, theirs);
    expect(conflict.map((c) => [c.uuid, c.both])).toEqual([
      ['a', false],
      ['b', false],
      ['c', false],
    ]);
    expect(conflict[0]!.mine.removed).toEqual([{ timestamp: T2, values: { score: '2' } }]);
    expect(conflict[1]!.theirs.added).toEqual([{ timestamp: THEIRS, values: { score: '4' } }]);
  });

  it('merge keeps both when we touched different competences', () => {
    const merged = resolveConflict(base, mine, theirs, 'merge', new Date(THEIRS));
    expect(latestScore(merged, 'a')).toBe('1');
    expect(latestScore(merged, 'b')).toBe('4');
    expect(latestScore(merged, 'c')).toBe('3');
    // Saving it is only my changes on their version.
    expect(
      entryChanges(theirs, merged)
        .map((c) => c.competenceUuid)
        .sort(),
    ).toEqual(['a', 'c']);
  });

  it('take theirs drops mine', () => {
    expect(resolveConflict(base, mine, theirs, 'theirs', new Date())).toBe(theirs);
  });

  describe('when we both changed the same competence', () => {
    const mineOnB = applyEntryChanges(base, [
      { competenceUuid: 'b', op: 'add', timestamp: MINE, values: { score: '2' } },
      { competenceUuid: 'c', op: 'add', timestamp: MINE, values: { score: '3' } },
    ]);

    it('is marked as both', () => {
      const conflict = describeConflict(base, mineOnB, theirs);
      expect(conflict.find((c) => c.uuid === 'b')?.both).toBe(true);
      expect(conflict.find((c) => c.uuid === 'c')?.both).toBe(false);
    });

    it('merge keeps theirs there and mine elsewhere', () => {
      const merged = resolveConflict(base, mineOnB, theirs, 'merge', new Date(THEIRS));
      expect(keys(merged, 'b')).toEqual([T1, THEIRS]);
      expect(latestScore(merged, 'b')).toBe('4');
      expect(latestScore(merged, 'c')).toBe('3');
    });

    it('keep mine adds mine after theirs, so mine is the latest', () => {
      // My entry is older than theirs: it is stamped anew, after their newest.
      const kept = resolveConflict(base, mineOnB, theirs, 'mine', new Date(MINE));
      expect(latestScore(kept, 'b')).toBe('2');
      expect(keys(kept, 'b')).toHaveLength(3);
      expect(keys(kept, 'b')).toContain(THEIRS);
      // Where they changed nothing my stamp stays.
      expect(keys(kept, 'c')).toEqual([MINE]);
    });
  });
});
