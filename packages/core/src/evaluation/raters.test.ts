import { describe, expect, it } from 'vitest';
import { zTrajectoryBlueprintContent } from '../contract/blueprints.ts';
import {
  type CompetenceProperties,
  type Evaluation,
  zCompetenceProperties,
  zEvaluation,
} from '../contract/evaluation.ts';
import { evaluationFromBlueprint } from './from-blueprint.ts';
import { widgetScoreOverview } from './history.ts';
import { editCompetence } from './properties.ts';
import {
  compareRaters,
  countedEvaluation,
  countedProperties,
  scalePosition,
  scoreRuleOf,
  scoreSteps,
} from './raters.ts';
import { cluster, competence } from './test-data.ts';

const docent = { role: 'Docent', email: 'docent@school.nl', name: 'Dirk Docent' };
const mentor = { role: 'Praktijkopleider', email: 'mentor@bedrijf.nl', name: 'Mia Mentor' };
const student = { role: 'Student', email: 'student@school.nl', name: 'student@school.nl' };

const scale = { minScore: 1, maxScore: 5 };

/** A hand-made evaluation: three competences scored by a teacher, a mentor and the student. */
function handMade(scoreRule?: Evaluation['scoreRule']): Evaluation {
  const entries = (list: [string, CompetenceProperties][]) => Object.fromEntries(list);
  return {
    minScore: 1,
    maxScore: 5,
    scoreNames: ['Onvoldoende', 'Matig', 'Voldoende', 'Goed', 'Uitstekend'],
    scoreColours: ['#c92a2a', '#e8590c', '#fab005', '#74b816', '#2b8a3e'],
    scoreInfo: [],
    ...(scoreRule ? { scoreRule } : {}),
    criteria: [
      cluster('k', [
        cluster('k1', [
          // Teacher 4 (agreed), later the mentor 2: latest of any rater 2, the teacher's 4, agreed 4.
          competence(
            'c1',
            entries([
              ['2025-03-01T09:00:00.000Z', { score: '4', rater: docent, agreed: 'true' }],
              ['2025-03-02T09:00:00.000Z', { score: '2', rater: mentor }],
            ]),
          ),
          // Only the mentor: 5; no teacher's score, nothing agreed.
          competence('c2', entries([['2025-03-03T09:00:00.000Z', { score: '5', rater: mentor }]])),
          // An entry from before raters (no rater), then the teacher 3, then an agreed 1 by the mentor.
          competence(
            'c3',
            entries([
              ['2025-01-01T09:00:00.000Z', { score: '2' }],
              ['2025-03-04T09:00:00.000Z', { score: '3', rater: docent }],
              ['2025-03-05T09:00:00.000Z', { score: '1', rater: mentor, agreed: 'true' }],
            ]),
          ),
        ]),
      ]),
    ],
  };
}

describe('scale steps', () => {
  it('counts places in the ordered list of scores, 0 (not scored) left out', () => {
    expect(scoreSteps(scale, 2, 4)).toBe(2);
    expect(scoreSteps(scale, 4, 3)).toBe(1);
    expect(scoreSteps(scale, 5, 5)).toBe(0);
    // −2…2: −1 and 1 are neighbours, because 0 is no score.
    expect(scoreSteps({ minScore: -2, maxScore: 2 }, -1, 1)).toBe(1);
    expect(scoreSteps({ minScore: -2, maxScore: 2 }, -2, 1)).toBe(2);
    expect(scalePosition(scale, 0)).toBeNull();
    expect(scalePosition(scale, null)).toBeNull();
    // A score outside the scale (it changed since) has no place: no steps.
    expect(scoreSteps(scale, 6, 1)).toBeNull();
  });
});

describe('raters side by side', () => {
  it('takes the latest entry of each rater role, in the access order, and marks two steps apart', () => {
    const c1 = handMade().criteria[0]!;
    const first = c1.type === 'cluster' && c1.subsections[0]?.type === 'cluster' ? c1.subsections[0] : null;
    const [one, two, three] = first?.subsections ?? [];
    if (one?.type !== 'competence' || two?.type !== 'competence' || three?.type !== 'competence')
      throw new Error('tree');
    const compared = compareRaters(one, scale, ['Docent', 'Praktijkopleider']);
    expect(compared.roles.map((entry) => [entry.role, entry.score, entry.rater.name])).toEqual([
      ['Docent', 4, 'Dirk Docent'],
      ['Praktijkopleider', 2, 'Mia Mentor'],
    ]);
    expect(compared).toMatchObject({ scoredRoles: 2, spread: 2, disagreement: true });

    // One rater role: nothing to compare.
    expect(compareRaters(two, scale)).toMatchObject({ scoredRoles: 1, spread: null, disagreement: false });

    // The entry without a rater is left out; 3 and 1 are two steps apart.
    const third = compareRaters(three, scale, ['Praktijkopleider', 'Docent']);
    expect(third.roles.map((entry) => entry.role)).toEqual(['Praktijkopleider', 'Docent']);
    expect(third.disagreement).toBe(true);
  });

  it('one step apart is no disagreement; a newer entry of a role replaces its older one', () => {
    const properties: Record<string, CompetenceProperties> = {
      '2025-04-01T08:00:00.000Z': { score: '1', rater: student },
      '2025-04-02T08:00:00.000Z': { score: '3', rater: docent },
      '2025-04-03T08:00:00.000Z': { score: '4', rater: student },
    };
    const compared = compareRaters({ properties }, scale, ['Docent', 'Student']);
    expect(compared.roles.map((entry) => [entry.role, entry.score])).toEqual([
      ['Docent', 3],
      ['Student', 4],
    ]);
    expect(compared).toMatchObject({ spread: 1, disagreement: false });
  });

  it('a role whose latest entry has no score has none now; roles not in the order follow by name', () => {
    const properties: Record<string, CompetenceProperties> = {
      '2025-04-01T08:00:00.000Z': { score: '5', rater: mentor },
      '2025-04-02T08:00:00.000Z': { score: '', remarks: 'Teruggenomen', rater: mentor },
      '2025-04-03T08:00:00.000Z': { score: '1', rater: docent },
      '2025-04-04T08:00:00.000Z': { score: '2', rater: student },
    };
    const compared = compareRaters({ properties }, scale);
    expect(compared.roles.map((entry) => [entry.role, entry.score])).toEqual([
      ['Docent', 1],
      ['Praktijkopleider', null],
      ['Student', 2],
    ]);
    expect(compared).toMatchObject({ scoredRoles: 2, spread: 1, disagreement: false });
  });
});

describe('score rules', () => {
  const scores = (evaluation: Evaluation) =>
    widgetScoreOverview(countedEvaluation(evaluation), null)!.scores.map((slice) => slice.count);

  it('latest of any rater (the default): what latestProperties says, the evaluation itself', () => {
    const evaluation = handMade();
    expect(countedEvaluation(evaluation)).toBe(evaluation);
    expect(countedEvaluation(handMade({ kind: 'latest' }))).toEqual(handMade({ kind: 'latest' }));
    // c1 2 (mentor), c2 5, c3 1.
    expect(scores(evaluation)).toEqual([1, 1, 0, 0, 1]);
    expect(scoreRuleOf(evaluation)).toEqual({ kind: 'latest' });
  });

  it('latest of one named role: only that role’s entries count; without one the competence is unrated', () => {
    const evaluation = handMade({ kind: 'role', role: 'Docent' });
    // c1 4, c2 unrated (only the mentor), c3 3.
    expect(scores(evaluation)).toEqual([0, 0, 1, 1, 0]);
    expect(widgetScoreOverview(countedEvaluation(evaluation), null)!.unrated.count).toBe(1);
    expect(scores(handMade({ kind: 'role', role: 'Praktijkopleider' }))).toEqual([1, 1, 0, 0, 1]);
    // A role nobody wrote as: all unrated.
    expect(
      widgetScoreOverview(countedEvaluation(handMade({ kind: 'role', role: 'Ouder' })), null),
    ).toMatchObject({ total: 3, unrated: { count: 3 }, average: null });
  });

  it('only agreed entries: the latest entry marked agreed, whoever wrote what after it', () => {
    const evaluation = handMade({ kind: 'agreed' });
    // c1 4 (agreed, though the mentor's 2 is newer), c2 unrated, c3 1.
    expect(scores(evaluation)).toEqual([1, 0, 0, 1, 0]);
    const c1 = handMade().criteria[0]!;
    const first = c1.type === 'cluster' && c1.subsections[0]?.type === 'cluster' ? c1.subsections[0] : null;
    const one = first?.subsections[0];
    if (one?.type !== 'competence') throw new Error('tree');
    expect(countedProperties(one, { kind: 'agreed' })).toEqual({ score: '4', rater: docent, agreed: 'true' });
    expect(countedProperties(one, undefined)).toBe(one.latestProperties);
  });
});

describe('the rule and the rater in the documents', () => {
  it('the blueprint’s rule goes into a new evaluation; the default leaves the evaluation as before', () => {
    expect(evaluationFromBlueprint([], [], { kind: 'role', role: 'Docent' }).scoreRule).toEqual({
      kind: 'role',
      role: 'Docent',
    });
    expect('scoreRule' in evaluationFromBlueprint([], [], { kind: 'latest' })).toBe(false);
    expect('scoreRule' in evaluationFromBlueprint([], [])).toBe(false);
  });

  it('a blueprint and an evaluation without a rule stay valid; a rule of another kind is refused', () => {
    expect(
      zTrajectoryBlueprintContent.parse({ dashboard: {}, information: {}, competenceList: {} }).scoreRule,
    ).toBeUndefined();
    expect(
      zTrajectoryBlueprintContent.safeParse({
        dashboard: {},
        information: {},
        competenceList: {},
        scoreRule: { kind: 'average' },
      }).success,
    ).toBe(false);
    expect(zEvaluation.parse({ minScore: 1, maxScore: 2 }).scoreRule).toBeUndefined();
    const entry = { score: '2', rater: docent, agreed: 'true' };
    expect(zEvaluation.parse({ minScore: 1, maxScore: 2, scoreRule: { kind: 'agreed' } }).scoreRule).toEqual({
      kind: 'agreed',
    });
    expect(zCompetenceProperties.parse(entry)).toEqual(entry);
    expect(zCompetenceProperties.safeParse({ agreed: 'yes' }).success).toBe(false);
  });

  it('a new entry never carries the latest one’s rater or agreed mark', () => {
    const before = competence('c', {
      '2025-01-01T00:00:00.000Z': { score: '3', rater: docent, agreed: 'true' },
    });
    const at = new Date('2025-02-01T00:00:00.000Z');
    const plain = editCompetence(before, { remarks: 'Beter' }, { at, level: 2 });
    expect(plain.latestProperties).toEqual({ score: '3', remarks: 'Beter' });
    const agreed = editCompetence(before, { score: '4', agreed: 'true' }, { at, level: 2 });
    expect(agreed.latestProperties).toMatchObject({ score: '4', agreed: 'true' });
    expect(agreed.latestProperties?.rater).toBeUndefined();
  });
});
