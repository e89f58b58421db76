import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../contract/evaluation.ts';
import { criteriaAlongUuidPath, findCriterionByUuidPath } from './criteria-tree.ts';
import { evaluationHistory, widgetScoreOverview } from './history.ts';
import { deleteCompetenceEntry, editCompetence } from './properties.ts';
import { cluster, competence } from './test-data.ts';

const evaluation: Evaluation = {
  minScore: 1,
  maxScore: 3,
  scoreNames: ['a', 'b', 'c'],
  scoreColours: ['#111', '#222', '#333'],
  scoreInfo: [],
  criteria: [
    cluster('x', [cluster('x1', [competence('c1', { '2025-01-01T00:00:00Z': { score: '3' } })])], [], 'X'),
    cluster(
      'y',
      [
        cluster('y1', [
          competence('c2', {
            '2025-02-01T00:00:00Z': { score: '1' },
            '2025-03-01T00:00:00Z': { score: '2' },
          }),
        ]),
      ],
      [],
      'Y',
    ),
  ],
};

describe('dashboard helpers', () => {
  it('the history lists every change, newest first', () => {
    expect(
      evaluationHistory(evaluation.criteria).map((change) => [change.competenceUuid, change.timestamp]),
    ).toEqual([
      ['c2', '2025-03-01T00:00:00Z'],
      ['c2', '2025-02-01T00:00:00Z'],
      ['c1', '2025-01-01T00:00:00Z'],
    ]);
    expect(evaluationHistory(evaluation.criteria, 1)).toHaveLength(1);
  });

  it('the scores widget covers the whole evaluation or one cluster path of uuids (D20)', () => {
    expect(widgetScoreOverview(evaluation, null)?.average).toBe(3); // (3 + 2) / 2 = 2.5 → 3
    expect(widgetScoreOverview(evaluation, 'y.y1')?.average).toBe(2);
    expect(widgetScoreOverview(evaluation, 'y')?.total).toBe(1);
    expect(widgetScoreOverview(evaluation, 'y.nope')).toBeNull();
    // Names are what the screen shows, never the path (D20).
    expect(widgetScoreOverview(evaluation, 'Y.y1')).toBeNull();
  });

  it('the path of uuids gives the chain of criteria, for the names the screen shows', () => {
    expect(criteriaAlongUuidPath(evaluation.criteria, 'y.y1')?.map((c) => c.name)).toEqual(['Y', 'y1']);
    expect(findCriterionByUuidPath(evaluation.criteria, 'x.x1.c1')?.type).toBe('competence');
    expect(criteriaAlongUuidPath(evaluation.criteria, 'x.y1')).toBeUndefined();
  });
});

describe('edit then delete', () => {
  it('property: deleting the entry an edit wrote restores the previous latest values', () => {
    const values = fc.record({
      score: fc.constantFrom('', '0', '1', '2', '3'),
      remarks: fc.string({ maxLength: 5 }),
    });
    fc.assert(
      fc.property(
        fc.array(values, { maxLength: 5 }),
        values,
        fc.integer({ min: 0, max: 2 }),
        (history, change, level) => {
          let current = competence('c');
          history.forEach((entry, index) => {
            current = editCompetence(current, entry, { at: new Date(Date.UTC(2025, 0, index + 1)), level });
          });
          const at = new Date(Date.UTC(2026, 0, 1));
          const edited = editCompetence(current, change, { at, level });
          expect(edited.latestProperties).toBe(edited.properties[at.toISOString()]);
          expect(deleteCompetenceEntry(edited, at.toISOString()).latestProperties).toEqual(
            current.latestProperties,
          );
        },
      ),
    );
  });
});
