import { describe, expect, it } from 'vitest';
import { zCompetenceListContent } from '../contract/blueprints.ts';
import { zEvaluation } from '../contract/evaluation.ts';
import { zRatingInfo } from '../contract/fields.ts';
import { evaluationFromBlueprint } from './from-blueprint.ts';

/** A new trajectory's evaluation from the demo blueprint's competence list and score scale (D3, D6). */
describe('the evaluation of a new trajectory', () => {
  const { competences } = zCompetenceListContent.parse({
    competences: [
      {
        uuid: 'bh',
        description: 'Beroepshouding',
        labels: ['Beroepshouding'],
        info: '<p>Houding op de werkplek</p>',
        subcompetences: [
          {
            uuid: 'bh-gedrag',
            description: 'Professioneel gedrag',
            subcompetences: [
              { uuid: 'bh-gedrag-1', description: 'Komt afspraken na en is op tijd', labels: ['BPV'] },
              { uuid: 'bh-gedrag-2', description: 'Gaat vertrouwelijk om met informatie' },
            ],
          },
        ],
      },
    ],
  });
  const scoreInfo = zRatingInfo.array().parse([
    { name: 'Nog niet', description: 'Laat het gedrag nog niet zien', colour: '#e03131' },
    { name: 'Voldoende', colour: '#74b816' },
    { name: 'Goed', description: 'Zelfstandig en in nieuwe situaties', colour: '#2f9e44' },
  ]);

  it('clusters and sub-clusters on the first two levels, competences on the third, nothing scored (D3)', () => {
    const evaluation = zEvaluation.parse(evaluationFromBlueprint(competences, scoreInfo));
    const [cluster] = evaluation.criteria;
    expect(cluster).toMatchObject({
      type: 'cluster',
      uuid: 'bh',
      name: 'Beroepshouding',
      labels: ['Beroepshouding'],
    });
    const sub = cluster?.type === 'cluster' ? cluster.subsections[0] : undefined;
    expect(sub).toMatchObject({ type: 'cluster', name: 'Professioneel gedrag' });
    const leaves = sub?.type === 'cluster' ? sub.subsections : [];
    expect(leaves.map((leaf) => [leaf.type, leaf.name, leaf.labels])).toEqual([
      ['competence', 'Komt afspraken na en is op tijd', ['BPV']],
      ['competence', 'Gaat vertrouwelijk om met informatie', []],
    ]);
    expect(leaves[0]).toMatchObject({ properties: {}, latestProperties: null });
  });

  it('takes the scale from scoreInfo: 1 to the count, names, colours, descriptions (D6)', () => {
    const evaluation = evaluationFromBlueprint(competences, scoreInfo);
    expect(evaluation).toMatchObject({
      minScore: 1,
      maxScore: 3,
      scoreNames: ['Nog niet', 'Voldoende', 'Goed'],
      scoreColours: ['#e03131', '#74b816', '#2f9e44'],
      scoreInfo: ['Laat het gedrag nog niet zien', '', 'Zelfstandig en in nieuwe situaties'],
    });
  });
});
