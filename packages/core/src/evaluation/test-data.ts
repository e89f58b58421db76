import type { CompetenceProperties, Criterion, EvaluationCompetence } from '../contract/evaluation.ts';

/** Test helpers: small criteria trees. */
export function competence(
  uuid: string,
  properties: Record<string, CompetenceProperties> = {},
  labels: string[] = [],
): EvaluationCompetence {
  const keys = Object.keys(properties).sort();
  const latest = keys.length > 0 ? properties[keys[keys.length - 1]!]! : null;
  return {
    type: 'competence',
    uuid,
    name: `Competence ${uuid}`,
    info: '',
    labels,
    properties,
    latestProperties: latest,
  };
}

export function cluster(
  uuid: string,
  subsections: Criterion[],
  labels: string[] = [],
  name = uuid,
): Criterion {
  return { type: 'cluster', uuid, name, info: '', labels, subsections };
}
