import { COHORT_MAX, zCohortGrid, zCohortQuery } from '../contract/cohort.ts';
import { defineEndpoint } from './define.ts';

/** The cohort grid (issue 22): a group of trajectories against their competences. */
export const cohortEndpoints = {
  grid: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/cohort',
    query: zCohortQuery,
    response: zCohortGrid,
    status: 200,
    summary: 'Get the latest scores of several trajectories',
    description:
      `\`ids\`: 1 to ${COHORT_MAX} trajectory ids, comma-separated (else 400 validationError at \`ids\`). Any id ` +
      'the user cannot read, or of another organisation, is 404 for the whole request (which one is never said). ' +
      'Rows sorted by name; a row without evaluation read has `evaluation: null`. Otherwise: the evaluation’s ' +
      'version (the If-Match of a PATCH …/evaluations that scores a cell), `canScore` (evaluation write while ' +
      'the trajectory is active, D12), its `layout` and its competences’ latest values by uuid (none: left out). ' +
      '`layouts`: each distinct tree of the rows once — per competence uuid its index path in that tree (what ' +
      'the PATCH path needs) and the scale (D6). `tree`: the union by competence uuid of the readable rows’ trees ' +
      '(cluster → sub-cluster → competence, D3), in the order and with the names of the newest blueprint ' +
      'version; older versions’ competences follow theirs. Read in one statement, whatever the number of rows.',
  }),
};
