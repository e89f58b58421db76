import { z } from 'zod';
import { zIdParams } from '../contract/common.ts';
import {
  TRAJECTORY_STATUSES,
  zCreateTrajectory,
  zTrajectoryInfo,
  zTrajectoryListItem,
  zTrajectoryListQuery,
  zTrajectoryStatusUpdate,
  zUpdateTrajectory,
} from '../contract/trajectories.ts';
import { defineEndpoint, zNoContent } from './define.ts';

/** Trajectories (spec part 1 §7 "Trajectories"; issue 8). */
export const trajectoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories',
    query: zTrajectoryListQuery,
    response: z.array(zTrajectoryListItem),
    status: 200,
    description:
      'Trajectories the user can read (by their access rows), sorted by name; each with the user’s rights. ' +
      'status LIVE (default) or DELETED, any letter case (D30).',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories',
    body: zCreateTrajectory,
    response: zTrajectoryInfo,
    status: 201,
    description:
      'A trajectory from a trajectory blueprint, a snapshot at its current version (D9); the access must be valid ' +
      'and give the creator RIGHTS (principalRequiredRights). 201 with the new id in the Location header.',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id',
    params: zIdParams,
    response: zTrajectoryInfo,
    status: 200,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/trajectories/:id',
    params: zIdParams,
    body: zUpdateTrajectory,
    response: zTrajectoryInfo,
    status: 200,
    description:
      'Title and description (METADATA); a description changed to more than 255 characters is refused (D5).',
  }),
  setStatus: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/trajectories/:id/status',
    params: zIdParams,
    body: zTrajectoryStatusUpdate,
    response: zTrajectoryInfo.extend({ status: z.enum(TRAJECTORY_STATUSES) }),
    status: 200,
    description: 'Delete (DELETED) and restore (LIVE); METADATA.',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/trajectories/:id',
    params: zIdParams,
    response: zNoContent,
    status: 204,
    description: 'Deletes for good, with its documents and history (METADATA).',
  }),
};
