import { describe, expect, it } from 'vitest';
import type { CompetenceProperties, Evaluation } from '../contract/evaluation.ts';
import { PROGRESS_REMARK_MAX, passScore, progressSummary, scoreLabel } from './progress.ts';
import { cluster, competence } from './test-data.ts';

const docent = { role: 'Docent', email: 'docent@school.nl', name: 'Dirk Docent' };
const mentor = { role: 'Praktijkopleider', email: 'mentor@bedrijf.nl', name: 'Mia Mentor' };

const entries = (list: [string, CompetenceProperties][]) => Object.fromEntries(list);

function evaluation(criteria: Evaluation['criteria'], scoreRule?: Evaluation['scoreRule']): Evaluation {
  return {
    minScore: 1,
    maxScore: 4,
    scoreNames: ['Onvoldoende', 'Matig', 'Voldoende', 'Goed'],
    scoreColours: ['#c92a2a', '#e8590c', '#74b816', '#2b8a3e'],
    scoreInfo: [],
    ...(scoreRule ? { scoreRule } : {}),
    criteria,
  };
}

describe('passScore', () => {
  it('is the lower score of the upper half of the scale, 0 left out', () => {
    expect(passScore({ minScore: 1, maxScore: 4 })).toBe(3);
    expect(passScore({ minScore: 1, maxScore: 5 })).toBe(3);
    expect(passScore({ minScore: 1, maxScore: 3 })).toBe(2);
    expect(passScore({ minScore: 1, maxScore: 2 })).toBe(2);
    expect(passScore({ minScore: 1, maxScore: 1 })).toBe(1);
    expect(passScore({ minScore: -2, maxScore: 2 })).toBe(1);
    expect(passScore({ minScore: 0, maxScore: 0 })).toBeNull();
  });
});

describe('scoreLabel', () => {
  it('names a score on the scale and nothing off it', () => {
    const scale = evaluation([]);
    expect(scoreLabel(scale, 3)).toEqual({ score: 3, name: 'Voldoende', colour: '#74b816' });
    expect(scoreLabel(scale, 9)).toBeNull();
    expect(scoreLabel(scale, 0)).toBeNull();
    expect(scoreLabel(scale, null)).toBeNull();
  });
});

describe('progressSummary', () => {
  const tree = evaluation([
    cluster(
      'k',
      [
        competence('done', entries([['2025-03-01T09:00:00.000Z', { score: '4', rater: docent }]])),
        competence(
          'low',
          entries([['2025-03-02T09:00:00.000Z', { score: '2', rater: docent, remarks: 'Nog oefenen' }]]),
        ),
        competence('open'),
        // The teacher 1, the mentor 4 later: they disagree (three steps apart); latest counts 4.
        competence(
          'split',
          entries([
            ['2025-03-03T09:00:00.000Z', { score: '1', rater: docent, remarks: 'Te snel  \n klaar' }],
            ['2025-03-04T09:00:00.000Z', { score: '4', rater: mentor }],
          ]),
        ),
      ],
      [],
      'Vakmanschap',
    ),
  ]);

  it('counts, and lists what is next: below the pass level first, then not scored yet', () => {
    const summary = progressSummary(tree);
    expect(summary).toMatchObject({
      competences: 4,
      scored: 3,
      passed: 2,
      lastAssessed: '2025-03-04T09:00:00.000Z',
    });
    expect(summary.passScore).toEqual({ score: 3, name: 'Voldoende', colour: '#74b816' });
    expect(summary.next.map((c) => [c.uuid, c.score?.name ?? null])).toEqual([
      ['low', 'Matig'],
      ['open', null],
    ]);
    expect(summary.next[1]).toMatchObject({ name: 'Competence open', clusters: ['Vakmanschap'] });
  });

  it('spells out disagreements per rater role, in the access document’s order', () => {
    const { disagreements } = progressSummary(tree, { roleOrder: ['Praktijkopleider', 'Docent'] });
    expect(disagreements).toHaveLength(1);
    expect(disagreements[0]?.uuid).toBe('split');
    expect(disagreements[0]?.ratings).toEqual([
      { role: 'Praktijkopleider', rater: 'Mia Mentor', score: { score: 4, name: 'Goed', colour: '#2b8a3e' } },
      { role: 'Docent', rater: 'Dirk Docent', score: { score: 1, name: 'Onvoldoende', colour: '#c92a2a' } },
    ]);
  });

  it('keeps the newest remarks, whitespace folded, and as many as asked', () => {
    const { remarks } = progressSummary(tree, { remarks: 5 });
    expect(remarks.map((r) => [r.uuid, r.text, r.rater?.name])).toEqual([
      ['split', 'Te snel klaar', 'Dirk Docent'],
      ['low', 'Nog oefenen', 'Dirk Docent'],
    ]);
    expect(progressSummary(tree, { remarks: 1 }).remarks).toHaveLength(1);
  });

  it('gives a competence’s code beside its name, and the clusters’ and the remark’s names with theirs (D56)', () => {
    const coded = evaluation([
      {
        ...cluster('k', [
          {
            ...competence('w1', entries([['2025-03-02T09:00:00.000Z', { score: '1', remarks: 'Oefenen' }]])),
            code: 'B1-K1-W1',
          },
        ]),
        code: 'B1-K1',
        name: 'Bereidt werk voor',
      },
    ]);
    const summary = progressSummary(coded);
    expect(summary.next[0]).toMatchObject({
      uuid: 'w1',
      code: 'B1-K1-W1',
      name: 'Competence w1',
      clusters: ['B1-K1 Bereidt werk voor'],
    });
    expect(summary.remarks[0]?.competence).toBe('B1-K1-W1 Competence w1');
  });

  it('shortens a long remark', () => {
    const long = 'a'.repeat(PROGRESS_REMARK_MAX + 50);
    const summary = progressSummary(
      evaluation([competence('c', entries([['2025-03-01T09:00:00.000Z', { remarks: long }]]))]),
    );
    expect(summary.remarks[0]?.text).toHaveLength(PROGRESS_REMARK_MAX);
    expect(summary.remarks[0]?.text.endsWith('…')).toBe(true);
    expect(summary.remarks[0]?.rater).toBeNull();
  });

  it('follows the score rule: under `role` only that role’s score counts', () => {
    const summary = progressSummary({ ...tree, scoreRule: { kind: 'role', role: 'Docent' } });
    // "split": the teacher's 1 counts now, so it is below the pass level.
    expect(summary.next.map((c) => c.uuid)).toEqual(['low', 'split', 'open']);
    expect(summary.passed).toBe(1);
  });

  it('an empty tree has nothing next', () => {
    expect(progressSummary(evaluation([]))).toMatchObject({
      competences: 0,
      scored: 0,
      next: [],
      remarks: [],
      lastAssessed: null,
    });
  });
});
