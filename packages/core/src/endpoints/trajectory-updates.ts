import { zIdParams } from '../contract/common.ts';
import {
  zTrajectoryUpdateCheck,
  zTrajectoryUpdateCheckResult,
  zTrajectoryUpdateResult,
  zTrajectoryUpdateRun,
} from '../contract/trajectory-updates.ts';
import { defineEndpoint, zNoContent } from './define.ts';

/** A cohort to its blueprints' latest versions in one step, and its undo (D10, D56). */
export const trajectoryUpdateEndpoints = {
  check: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectory-updates/check',
    body: zTrajectoryUpdateCheck,
    response: zTrajectoryUpdateCheckResult,
    status: 200,
    summary: 'Check moving trajectories to their latest blueprint',
    description:
      'Per trajectory (METADATA on each, else 403 naming each refused one at `ids.<index>`; one the user cannot ' +
      'see, 404): its versions and what moving ' +
      'changes (D10), with the entries a removed competence keeps in the history and those a successor takes ' +
      '(`replacedBy`, `exactMatchOf`, D56). A trajectory whose blueprint is gone has `latestVersion` null. ' +
      'Makes nothing.',
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectory-updates',
    body: zTrajectoryUpdateRun,
    response: zTrajectoryUpdateResult,
    status: 201,
    summary: 'Move trajectories to their latest blueprint',
    description:
      'All in one transaction or none (D10 per trajectory: values by uuid, entries by competence uuid or carried ' +
      'to a successor, removed ones kept in the history). Each `version` must still be the latest (409 ' +
      '`staleDocument`). A refusal names its trajectory at `trajectories.<index>`. Answers the update’s id, ' +
      'which its undo names.',
  }),
  undo: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/trajectory-updates/:id',
    params: zIdParams,
    response: zNoContent,
    status: 204,
    summary: 'Undo moving trajectories to their latest blueprint',
    description:
      'Puts every trajectory of the update back as it was, in one step, while none of them was changed after it ' +
      '(409 `updateNotUndoable`, `fields` naming each changed trajectory at `trajectories.<trajectory id>`, ' +
      'nothing undone). Only by the user who made the update, once: anyone else’s, or one undone already, 404.',
  }),
};
