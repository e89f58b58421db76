import type { Evaluation } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  addedEntryProblems,
  applyEntryEdits,
  entryEdits,
  entryPlace,
  isEntryPointer,
  tooDeepProblems,
} from './evaluation-edits.ts';

const T1 = '2025-01-01T09:00:00.000Z';
const T2 = '2025-02-01T09:00:00.000Z';

function evaluation(): Evaluation {
  return {
    minScore: 1,
    maxScore: 4,
    scoreNames: ['a', 'b', 'c', 'd'],
    scoreColours: ['#111', '#222', '#333', '#444'],
    scoreInfo: ['', '', '', ''],
    criteria: [
      {
        type: 'cluster',
        uuid: 'k',
        name: 'K',
        info: '',
        labels: [],
        subsections: [
          {
            type: 'cluster',
            uuid: 's',
            name: 'S',
            info: '',
            labels: [],
            subsections: [
              {
                type: 'competence',
                uuid: 'c',
                name: 'C',
                info: '',
                labels: [],
                properties: { [T1]: { score: '2' } },
                latestProperties: { score: '2' },
              },
            ],
          },
        ],
      },
    ],
  };
}
const competenceOf = (e: Evaluation) => {
  const k = e.criteria[0]!;
  if (k.type !== 'cluster') throw new Error();
  const s = k.subsections[0]!;
  if (s.type !== 'cluster') throw new Error();
  const c = s.subsections[0]!;
  if (c.type !== 'competence') throw new Error();
  return c;
};

describe('entry edits (D2)', () => {
  it('finds added and deleted entries and ignores latestProperties', () => {
    const next = evaluation();
    const c = competenceOf(next);
    c.properties = { [T2]: { score: '3' } };
    c.latestProperties = null;
    expect(entryEdits(evaluation(), next)).toEqual([
      { op: 'remove', indexes: [0, 0, 0], timestamp: T1 },
      { op: 'add', indexes: [0, 0, 0], timestamp: T2, entry: { score: '3' } },
    ]);
  });

  it('refuses whatever else differs: an entry rewritten, a name, the scale, info', () => {
    const changes: ((e: Evaluation) => void)[] = [
      (e) => {
        competenceOf(e).properties[T1] = { score: '3' };
      },
      (e) => {
        competenceOf(e).properties[T1] = { score: '2', remarks: 'x' };
      },
      (e) => {
        competenceOf(e).name = 'D';
      },
      (e) => {
        e.minScore = 0;
      },
      (e) => {
        e.criteria[0]!.info = '<p>x</p>';
      },
      (e) => {
        e.criteria = [];
      },
    ];
    for (const change of changes) {
      const next = evaluation();
      change(next);
      expect(entryEdits(evaluation(), next)).toBeNull();
    }
  });

  it('applies edits: recomputes latestProperties of the touched competence, D4 date on the third tier', () => {
    const edits = [
      { op: 'add' as const, indexes: [0, 0, 0], timestamp: T2, entry: { score: '3' } },
      { op: 'remove' as const, indexes: [0, 0, 0], timestamp: T1 },
    ];
    const next = applyEntryEdits(evaluation(), edits, () => '2025-02-03');
    expect(competenceOf(next).properties).toEqual({ [T2]: { score: '3', date: '03/02/2025' } });
    expect(competenceOf(next).latestProperties).toEqual({ score: '3', date: '03/02/2025' });
    const cleared = applyEntryEdits(next, [{ op: 'remove', indexes: [0, 0, 0], timestamp: T2 }], () => '');
    expect(competenceOf(cleared).latestProperties).toBeNull();
  });

  it('leaves the stored evaluation as it was and shares every branch no edit touches', () => {
    const stored = evaluation();
    const other = { ...competenceOf(stored), uuid: 'd', properties: { [T1]: { score: '1' } } };
    const sub = (stored.criteria[0] as { subsections: { subsections: unknown[] }[] }).subsections[0]!;
    sub.subsections.push(other);
    stored.criteria.push({ type: 'cluster', uuid: 'k2', name: 'K2', info: '', labels: [], subsections: [] });
    const before = structuredClone(stored);
    const next = applyEntryEdits(
      stored,
      [
        { op: 'add', indexes: [0, 0, 0], timestamp: T2, entry: { score: '4' } },
        { op: 'remove', indexes: [0, 0, 0], timestamp: T1 },
      ],
      () => '2025-02-03',
    );
    expect(stored).toEqual(before);
    expect(competenceOf(next).properties).toEqual({ [T2]: { score: '4', date: '03/02/2025' } });
    expect(next.criteria[1]).toBe(stored.criteria[1]);
    const nextSub = (next.criteria[0] as { subsections: { subsections: unknown[] }[] }).subsections[0]!;
    expect(nextSub.subsections[1]).toBe(other);
    expect(nextSub).not.toBe(sub);
    expect(next.scoreNames).toBe(stored.scoreNames);
  });

  it('checks added entries: the score within the scale (0 and empty mean not scored)', () => {
    const add = (score: string) => ({
      op: 'add' as const,
      indexes: [0, 0, 0],
      timestamp: T2,
      entry: { score },
    });
    const now = new Date('2025-06-01T00:00:00Z');
    for (const score of ['', '0', '1', '4'])
      expect(addedEntryProblems([add(score)], evaluation(), now)).toEqual([]);
    for (const score of ['5', '-1'])
      expect(addedEntryProblems([add(score)], evaluation(), now)).toEqual([
        { path: `criteria.0.subsections.0.subsections.0.properties.${T2}.score`, key: 'range' },
      ]);
  });

  it('names every node below the third level (D3)', () => {
    const deep = evaluation();
    const s = deep.criteria[0]!;
    if (s.type !== 'cluster') throw new Error();
    const sub = s.subsections[0]!;
    if (sub.type !== 'cluster') throw new Error();
    sub.subsections = [
      { type: 'cluster', uuid: 'x', name: 'X', info: '', labels: [], subsections: [competenceOf(deep)] },
    ];
    expect(tooDeepProblems(deep.criteria)).toEqual([
      { path: 'criteria.0.subsections.0.subsections.0.subsections.0', key: 'tooDeep' },
    ]);
    expect(tooDeepProblems(evaluation().criteria)).toEqual([]);
  });

  it('the permit opens only entries and latestProperties of a competence', () => {
    expect(isEntryPointer(`/criteria/0/subsections/0/subsections/0/properties/${T1}`)).toBe(true);
    expect(isEntryPointer('/criteria/0/subsections/0/subsections/0/latestProperties/score')).toBe(true);
    expect(isEntryPointer(`/criteria/0/subsections/0/subsections/0/properties/${T1}/score`)).toBe(false);
    expect(isEntryPointer('/criteria/0/subsections/0/subsections/0/name')).toBe(false);
    expect(isEntryPointer('/criteria/0/subsections/0/subsections/0/properties/__proto__')).toBe(false);
    expect(isEntryPointer('/maxScore')).toBe(false);
    expect(isEntryPointer('/criteria/01/properties/x')).toBe(false);
  });

  it('entryPlace: the competence entries a dated entry belongs to, at most three levels down (D3)', () => {
    expect(entryPlace(`/criteria/2/properties/${T1}`)).toBe('/criteria/2/properties');
    expect(entryPlace(`/criteria/0/subsections/1/subsections/3/properties/${T1}`)).toBe(
      '/criteria/0/subsections/1/subsections/3/properties',
    );
    expect(entryPlace(`/criteria/0/subsections/0/subsections/0/subsections/0/properties/${T1}`)).toBeNull();
    expect(entryPlace('/criteria/0/subsections/0/latestProperties/score')).toBeNull();
    expect(entryPlace(`/criteria/0/properties/${T1}/score`)).toBeNull();
    expect(entryPlace('/criteria/0/properties')).toBeNull();
    expect(entryPlace(`/criteria/01/properties/${T1}`)).toBeNull();
    expect(entryPlace('/maxScore')).toBeNull();
  });
});
