import { z } from 'zod';
import { zTrashIdParams, zTrashItem, zTrashRestore } from '../contract/trash.ts';
import { defineEndpoint, zNoContent } from './define.ts';

/**
 * The trash (spec part 2 §2, §4, §7; D13, D30, D38): deleted trajectories and blueprints of the
 * organisation that the user can see, ids prefixed `trajectory-` / `blueprint-`.
 */
export const trashEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/trash',
    response: z.array(zTrashItem),
    status: 200,
    summary: 'List the deleted trajectories and blueprints',
    description:
      'Deleted trajectories (readable to the user) and blueprints (READ), most recently deleted first; ' +
      'each with `admin` (D13: METADATA on a trajectory, ADMIN on a blueprint).',
  }),
  restore: defineEndpoint({
    method: 'PUT',
    path: '/api/trash/:id',
    params: zTrashIdParams,
    body: zTrashRestore,
    response: zNoContent,
    status: 204,
    summary: 'Restore a trajectory or blueprint from the trash',
    description: 'Restores (status LIVE, any letter case, D30); admin only (D13).',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/trash/:id',
    params: zTrashIdParams,
    response: zNoContent,
    status: 204,
    summary: 'Delete a trajectory or blueprint in the trash for good',
    description:
      'Deletes for good: documents, versions, history, access rows, and the files no other document ' +
      'still references; admin only (D13).',
  }),
};
