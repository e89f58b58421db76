import { zIdParams } from '../contract/common.ts';
import {
  TRAJECTORY_IMPORT_MAX_ROWS,
  zAccountState,
  zInvitationRequest,
  zTrajectoryImport,
  zTrajectoryImportResult,
} from '../contract/trajectory-import.ts';
import { defineEndpoint } from './define.ts';

const RULES =
  'One row per student: the title (required, unique trimmed and case-insensitive within the file and among the ' +
  'LIVE trajectories the user can read — others are not looked at, so no answer hints at them), description, ' +
  'the student’s e-mail (they get `studentRole`, a role of `access` that grants something) and the information ' +
  'columns (D14, D40: a column named like a field fills it under the user’s rights, the rest is the map group-by ' +
  'reads, D34). `access` as for a new trajectory: valid, giving the user RIGHTS (principalRequiredRights). At most ' +
  `${TRAJECTORY_IMPORT_MAX_ROWS} rows (400 \`tooManyRows\` at \`rows\`). A trajectory blueprint of another ` +
  'organisation, or one the user cannot read, is 404.';

/** New trajectories from a spreadsheet (issue 22): the check (the preview) and the import. */
export const trajectoryImportEndpoints = {
  check: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories/import/check',
    body: zTrajectoryImport,
    response: zTrajectoryImportResult,
    status: 200,
    summary: 'Check new trajectories from a spreadsheet',
    description:
      `Makes nothing: answers every problem per row (\`row\` its index, null for the student role) as the import ` +
      `would judge them, with \`created: 0\`. ${RULES}`,
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories/import',
    body: zTrajectoryImport,
    response: zTrajectoryImportResult,
    status: 201,
    summary: 'Create trajectories from a spreadsheet',
    description:
      'All rows in one transaction, or none: any problem of the check is 400 `validationError` with `fields` ' +
      `naming \`rows.<index>.<field>\` (or \`studentRole\`) and nothing is made. 201 with the new ids in row order. ` +
      'With `invite` (default true, D58) each person the trajectories give access by address, the user aside, who has ' +
      'no active account is invited by mail (and made a member, USER, so the account finds them): the mails are ' +
      'queued in the same transaction, one per person, and count against the invitation limits (429, nothing made). ' +
      `\`people\` says per person INVITED, HAD_ACCOUNT or NOT_INVITED. ${RULES}`,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories/:id/invitations',
    params: zIdParams,
    body: zInvitationRequest,
    response: zAccountState,
    status: 200,
    summary: 'Mail an invitation to a user of a trajectory',
    description:
      'RIGHTS on an active trajectory (D12). `user` must be a user of its access (400 `validationError` at `user`), ' +
      'without an active account (409 `accountActive`). Mails the invitation (D58) and answers the user’s account ' +
      'state. Limited per inviter and organisation, and per invitee (429).',
  }),
};
