import { z } from 'zod';
import { zTrajectoryAccess, zTrajectoryAccessAnswer, zTrajectoryUserAnswer } from '../contract/access.ts';
import { zIdParams } from '../contract/common.ts';
import { zFields } from '../contract/fields.ts';
import {
  TRAJECTORY_STATUSES,
  zApplyBlueprintUpdate,
  zBlueprintUpdatePreview,
  zCreateTrajectory,
  zEmailSuggestionsQuery,
  zGroupedTrajectories,
  zGroupedTrajectoriesQuery,
  zTrajectoryInfo,
  zTrajectoryInformation,
  zTrajectoryListItem,
  zTrajectoryListQuery,
  zTrajectoryRoles,
  zTrajectoryStatusUpdate,
  zUpdateTrajectory,
} from '../contract/trajectories.ts';
import { zAccountState } from '../contract/trajectory-import.ts';
import { zJsonPatch } from '../patch/schema.ts';
import { defineEndpoint, zNoContent } from './define.ts';

/**
 * GET/PUT …/access: roles and users, and the information fields the rights tables list — every field
 * for a RIGHTS holder (who grants rights on all of them), only the readable ones for anyone else (D35).
 */
export const zTrajectoryAccessView = zTrajectoryAccessAnswer.extend({
  fields: zFields,
  /** The report blueprints whose rights the roles set per report and field (D9): for a RIGHTS holder only. */
  reportBlueprints: z.array(z.object({ name: z.string(), fields: zFields })),
  /** Each user's account and invitation (D58): for a RIGHTS holder only. */
  accounts: z.array(zAccountState).optional(),
});

/**
 * GET/PATCH …/form: the form as the reader may read it (D33: fields without values, values by uuid), and
 * the uuids of the fields they may write now (D1; none while the trajectory is inactive, D12), as each
 * report carries its own: the web renders from these and never works field rights out again.
 */
export const zTrajectoryFormView = z.object({
  fields: z.array(z.unknown()),
  values: z.record(z.string(), z.unknown()),
  writable: z.array(z.string()),
});

/** Trajectories (spec part 1 §7 "Trajectories"; issue 8). */
export const trajectoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories',
    query: zTrajectoryListQuery,
    response: z.array(zTrajectoryListItem),
    status: 200,
    summary: 'List the trajectories',
    description:
      'Trajectories the user can read (by their access rows), sorted by name; each with the user’s rights. ' +
      'status LIVE (default) or DELETED, any letter case (D30).',
  }),
  grouped: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/grouped',
    query: zGroupedTrajectoriesQuery.extend({ status: zTrajectoryListQuery.shape.status }),
    response: zGroupedTrajectories,
    status: 200,
    summary: 'List the trajectories grouped by an information key',
    description:
      'The readable trajectories grouped by an information key (D34), sorted by value; `value: null` for those ' +
      'without it. A key naming a form field the reader may not read groups nothing (their value stays hidden).',
  }),
  informationKeys: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/information-keys',
    response: z.array(z.string()),
    status: 200,
    summary: 'List the information keys to group by',
    description:
      'The information keys (spreadsheet column names, D14) of the trajectories the user can read, sorted: what ' +
      'the list can be grouped by.',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories',
    body: zCreateTrajectory,
    response: zTrajectoryInfo,
    status: 201,
    summary: 'Create a trajectory from a blueprint',
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
    summary: 'Get a trajectory',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/trajectories/:id',
    params: zIdParams,
    body: zUpdateTrajectory,
    response: zTrajectoryInfo,
    status: 200,
    summary: 'Change a trajectory’s title, description or end date',
    description:
      'Title and description (METADATA); a description changed to more than 255 characters is refused (D5). ' +
      'In organisation 0 also `activeUntil` (yyyy-MM-dd, the last active day, or null), D12 — allowed while the ' +
      'trajectory is inactive, which brings it back; a private organisation extends with credits only (403 ' +
      'activeUntilByCredits for a changed activeUntil). A changed title or description on an inactive trajectory is ' +
      '403 expiredTrajectory.',
  }),
  setStatus: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/trajectories/:id/status',
    params: zIdParams,
    body: zTrajectoryStatusUpdate,
    response: zTrajectoryInfo.extend({ status: z.enum(TRAJECTORY_STATUSES) }),
    status: 200,
    summary: 'Delete or restore a trajectory',
    description: 'Delete (DELETED) and restore (LIVE); METADATA.',
  }),
  information: defineEndpoint({
    method: 'PATCH',
    path: '/api/v2/trajectories/:id/information',
    params: zIdParams,
    body: zJsonPatch,
    response: zTrajectoryInformation,
    status: 200,
    summary: 'Patch a trajectory’s information map',
    description:
      'The information map (column → value) patched at `/<column>` (D33); form fields whose name matches a column ' +
      'are filled (D14). METADATA, active trajectory.',
  }),
  form: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/form',
    params: zIdParams,
    response: zTrajectoryFormView,
    status: 200,
    summary: 'Get a trajectory’s information form',
    description:
      'The information form as the user may read it (D33: fields without values, values by uuid): hidden fields ' +
      'and their values never leave the server; `writable` the uuids the user may write now. `ETag: "<version>"`.',
  }),
  patchForm: defineEndpoint({
    method: 'PATCH',
    path: '/api/v2/trajectories/:id/form',
    params: zIdParams,
    body: zJsonPatch,
    response: zTrajectoryFormView,
    status: 200,
    summary: 'Patch the values of a trajectory’s information form',
    description:
      'Changes values at `/values/{uuid}` of fields the user may write (D1); anything else 403 and nothing written; ' +
      '`If-Match` → 409 staleDocument; an inactive trajectory 403 expiredTrajectory.',
  }),
  access: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/access',
    params: zIdParams,
    response: zTrajectoryAccessView,
    status: 200,
    summary: 'Get a trajectory’s roles and users',
    description:
      'Roles and users (every reader, D35; field rights only for readable fields unless the reader holds RIGHTS), ' +
      'with the information fields the rights refer to (all of them for a RIGHTS holder).',
  }),
  putAccess: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/trajectories/:id/access',
    params: zIdParams,
    body: zTrajectoryAccess,
    response: zTrajectoryAccessView,
    status: 200,
    summary: 'Replace a trajectory’s roles and users',
    description:
      'Replaces roles and users (RIGHTS): a valid list (noAdmin, duplicateUser, userWithoutRight, duplicateRole) that ' +
      'keeps the user’s own RIGHTS (canNotRevokeRight); `If-Match` → 409.',
  }),
  roles: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/roles',
    params: zIdParams,
    response: zTrajectoryRoles,
    status: 200,
    summary: 'List a trajectory’s roles',
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/users',
    params: zIdParams,
    response: z.array(zTrajectoryUserAnswer),
    status: 200,
    summary: 'List a trajectory’s users',
  }),
  emailSuggestions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/email-suggestions',
    params: zIdParams,
    query: zEmailSuggestionsQuery,
    response: z.array(z.string()),
    status: 200,
    summary: 'Suggest members’ e-mail addresses for the access editor',
    description:
      'E-mail addresses of the organisation’s members containing `q` (any letter case), at most 20, sorted, for the ' +
      'access editor: only for a holder of RIGHTS on the trajectory, whatever their organisation role.',
  }),
  updatePreview: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/update',
    params: zIdParams,
    response: zBlueprintUpdatePreview,
    status: 200,
    summary: 'Preview moving a trajectory to its blueprint’s latest version',
    description:
      'D10: what moving the trajectory to its blueprint’s latest version changes (fields added, removed, renamed, ' +
      'moved; competences added or removed; roles added, removed or changed). METADATA.',
  }),
  applyUpdate: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/trajectories/:id/update',
    params: zIdParams,
    body: zApplyBlueprintUpdate,
    response: zTrajectoryInfo,
    status: 200,
    summary: 'Move a trajectory to its blueprint’s latest version',
    description:
      'D10: moves the trajectory to the previewed blueprint version (409 staleDocument when a newer one exists ' +
      'since): values kept by uuid, new fields empty, removed fields’ values kept in the history; competence ' +
      'entries kept by id. METADATA, active trajectory.',
  }),
  labels: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/labels',
    params: zIdParams,
    response: z.array(z.string()),
    status: 200,
    summary: 'List the labels of a trajectory’s competences',
    description: 'The distinct labels of the trajectory’s competences, sorted (for the evaluation filter).',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/trajectories/:id',
    params: zIdParams,
    response: zNoContent,
    status: 204,
    summary: 'Delete a trajectory for good',
    description: 'Deletes for good, with its documents and history (METADATA).',
  }),
};
