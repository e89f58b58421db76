import { z } from 'zod';
import { zId, zIdParams } from '../contract/common.ts';
import {
  MENTOR_CODE_MINUTES,
  MENTOR_CODE_TRIES,
  zMentorAssessment,
  zMentorCodeRequest,
  zMentorCodeSent,
  zMentorInvitation,
  zMentorInvitationList,
  zMentorLinkBulkCreate,
  zMentorLinkCreate,
  zMentorLinkList,
  zMentorPhotoUpload,
  zMentorSession,
  zMentorSessionRequest,
} from '../contract/mentor-links.ts';
import { zResource } from '../contract/resources.ts';
import { UPLOAD_MAX_BYTES } from '../fields/limits.ts';
import { defineEndpoint, zFileContent, zNoContent } from './define.ts';
import { zEvaluationPatch, zEvaluationPatchAnswer, zEvaluationSaveQuery } from './evaluations.ts';

/** A trajectory's mentor links (issue 23), for whoever holds RIGHTS on it. */
export const mentorLinkEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/mentor-links',
    params: zIdParams,
    response: zMentorLinkList,
    status: 200,
    summary: 'List a trajectory’s mentor links',
    description:
      'Newest first, with each link’s status and last use. Needs RIGHTS on the trajectory (else 403).',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories/:id/mentor-links',
    params: zIdParams,
    body: zMentorLinkCreate,
    response: zMentorInvitation,
    status: 201,
    errors: [429],
    summary: 'Invite a mentor without an account',
    description:
      'Mails `email` a link to this trajectory for the role `role` (one of its access roles, else 400 ' +
      '`unknownRole`), valid `days` days (default 30, at most 365). Needs RIGHTS and an active trajectory (D12). ' +
      'The answer holds the link once (`link`, to copy beside the mail); it is stored as a hash and never ' +
      'listed. The link opens nothing alone: the mentor confirms with a code mailed to `email` (D54). ' +
      'Invitations are limited per inviter and organisation (429).',
  }),
  bulkCreate: defineEndpoint({
    method: 'POST',
    path: '/api/v2/mentor-links',
    body: zMentorLinkBulkCreate,
    response: zMentorInvitationList,
    status: 201,
    errors: [429],
    summary: 'Invite one mentor on several trajectories',
    description:
      'One mentor (a class’s workplace mentor, issue 31) invited on each of `trajectoryIds`, as `role`: all or ' +
      'none. A trajectory of another organisation, or one the inviter holds no role on, is 404; without RIGHTS ' +
      'on one, or one inactive (D12), 403 with each refused trajectory at `trajectoryIds.<n>`; one whose access ' +
      'has no such role, 400 `unknownRole` likewise. The mentor gets one mail with a link per trajectory, and ' +
      'the call counts as one invitation against the inviter’s and organisation’s limits (D54; 429). Answers ' +
      'each new link in the order asked, with its `link` once.',
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/trajectories/:id/mentor-links/:linkId',
    params: z.object({ id: zId, linkId: zId }),
    response: zNoContent,
    status: 204,
    summary: 'Revoke a mentor link',
    description:
      'Ends the link and any session it started at once. Needs RIGHTS; a link of another trajectory is 404.',
  }),
};

/** The mentor’s side of a link: the code, the session, the assessment page (issue 23). */
export const mentorEndpoints = {
  sendCode: defineEndpoint({
    method: 'POST',
    path: '/api/v2/mentor/code',
    body: zMentorCodeRequest,
    response: zMentorCodeSent,
    status: 200,
    secured: false,
    errors: [429],
    summary: 'Mail a mentor link’s confirmation code',
    description:
      `Mails a new six-digit code (valid ${MENTOR_CODE_MINUTES} minutes) to the link’s address and answers that ` +
      'address half hidden. A link that is unknown, expired, revoked or already used is 404. At most five codes ' +
      'an hour a link (429).',
  }),
  startSession: defineEndpoint({
    method: 'POST',
    path: '/api/v2/mentor/session',
    body: zMentorSessionRequest,
    response: zMentorSession,
    status: 201,
    secured: false,
    errors: [429],
    summary: 'Start a mentor session with the mailed code',
    description:
      'The code is used once; a wrong one is 400 `invalidValue` at `code`, and after ' +
      `${MENTOR_CODE_TRIES} wrong tries the code is void (ask a new one). The link starts one session only: it is ` +
      'then used. The session token acts on `/api/v2/mentor/*` only, while the link is neither revoked nor expired.',
  }),
  assessment: defineEndpoint({
    method: 'GET',
    path: '/api/v2/mentor/assessment',
    response: zMentorAssessment,
    status: 200,
    secured: 'mentor',
    summary: 'Get the mentor’s trajectory and evaluation',
    description:
      'The trajectory’s name, the role, and the evaluation as that role sees it (null without evaluation read). ' +
      '`ETag: "<version>"`. A revoked or expired link is 401.',
  }),
  saveEvaluation: defineEndpoint({
    method: 'PATCH',
    path: '/api/v2/mentor/evaluation',
    query: zEvaluationSaveQuery,
    body: zEvaluationPatch,
    response: zEvaluationPatchAnswer,
    status: 200,
    secured: 'mentor',
    summary: 'Add or delete the mentor’s evaluation entries',
    description:
      'As PATCH /api/v2/trajectories/{id}/evaluations, for the link’s trajectory and with the link’s role only ' +
      '(D2, D4, D12, D29: If-Match → 409 staleDocument).',
  }),
  createPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/v2/mentor/photos',
    body: zMentorPhotoUpload,
    response: zResource,
    status: 201,
    secured: 'mentor',
    summary: 'Create a photo record before its upload',
    description:
      'A photo as evidence for an entry (.jpg or .png, else 400 `unsupportedFileType`); 201 with the id in the ' +
      'Location header. The entry names it in `photos` (JSON text of ids) once its bytes are uploaded.',
  }),
  uploadPhoto: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/mentor/photos/:id/content',
    params: zIdParams,
    consumes: 'multipart/form-data',
    response: zResource,
    status: 200,
    secured: 'mentor',
    summary: 'Upload a photo’s content',
    description:
      `Multipart form with the field \`file\` (at most ${UPLOAD_MAX_BYTES} bytes: 413 fileMaxSize; bytes that ` +
      'are no JPEG or PNG: 400 unsupportedFileType). Only a photo of this mentor (else 404).',
  }),
  photo: defineEndpoint({
    method: 'GET',
    path: '/api/v2/mentor/photos/:id/thumbnail',
    params: zIdParams,
    response: zFileContent,
    produces: '*/*',
    status: 200,
    secured: 'mentor',
    summary: 'Download a photo’s 200 px thumbnail',
    description:
      'A photo this mentor uploaded, or one an entry of the link’s evaluation holds when the link’s role reads ' +
      'the evaluation (D19); any other file 404.',
  }),
  endSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/mentor/session',
    response: zNoContent,
    status: 204,
    secured: 'mentor',
    summary: 'End the mentor session',
  }),
};
