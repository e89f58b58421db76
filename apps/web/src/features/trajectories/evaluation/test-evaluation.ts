import type { CompetenceProperties, Evaluation, EvaluationCompetence } from '@groeipad/core';

/** A small evaluation for the unit tests: two clusters, three competences, a four-step scale. */
export function competence(
  uuid: string,
  properties: Record<string, CompetenceProperties> = {},
  labels: string[] = [],
): EvaluationCompetence {
  const newest = Object.keys(properties).sort().at(-1);
  return {
    type: 'competence',
    uuid,
    name: `Competentie ${uuid}`,
    info: '',
    labels,
    properties,
    latestProperties: newest ? properties[newest]! : null,
  };
}

export function testEvaluation(competences: {
  a?: EvaluationCompetence;
  b?: EvaluationCompetence;
  c?: EvaluationCompetence;
}): Evaluation {
  return {
    criteria: [
      {
        type: 'cluster',
        uuid: 'k1',
        name: 'Kerntaak 1',
        info: '',
        labels: ['Kerntaak 1'],
        subsections: [
          {
            type: 'cluster',
            uuid: 's1',
            name: 'Zorg verlenen',
            info: '',
            labels: [],
            subsections: [
              competences.a ?? competence('a', {}, ['BPV']),
              competences.b ?? competence('b', {}, ['School']),
            ],
          },
        ],
      },
      {
        type: 'cluster',
        uuid: 'k2',
        name: 'Beroepshouding',
        info: '',
        labels: [],
        subsections: [
          {
            type: 'cluster',
            uuid: 's2',
            name: 'Reflectie',
            info: '',
            labels: [],
            subsections: [competences.c ?? competence('c', {}, ['BPV'])],
          },
        ],
      },
    ],
    minScore: 1,
    maxScore: 4,
    scoreNames: ['Nog niet', 'In ontwikkeling', 'Voldoende', 'Goed'],
    scoreColours: ['#e03131', '#f59f00', '#74b816', '#2f9e44'],
    scoreInfo: ['', '', '', ''],
  };
}
