import { mentorEndpoints } from '@groeipad/core';
import { ApiError } from '../../lib/api-error';
import { callEndpoint } from '../../lib/endpoint-client';
import {
  createDraftQueue,
  type DraftQueue,
  type DraftTransport,
  sharedDraftStore,
} from '../../lib/offline-drafts';

/**
 * How the mentor's offline drafts reach the server (issue 23): the mentor's own routes with the mentor
 * session's bearer; the trajectory is the link's, whatever id the queue names.
 */
export const mentorTransport: DraftTransport = {
  async patch(_trajectoryId, operations, { ifMatch, editDate }) {
    const answer = await callEndpoint(mentorEndpoints.saveEvaluation, {
      query: { editDate },
      body: operations,
      ...(ifMatch !== null ? { ifMatch } : {}),
    });
    return { version: answer.data.version, patch: answer.data.patch };
  },
  async load() {
    const answer = await callEndpoint(mentorEndpoints.assessment);
    if (!answer.data.evaluation) throw new ApiError(403, 'noAccess', [], 'no evaluation');
    return { evaluation: answer.data.evaluation, version: answer.version ?? answer.data.version };
  },
  async upload() {
    throw new ApiError(400, 'unsupportedFileType', [], 'no uploads from a mentor page yet');
  },
};

let queue: DraftQueue | undefined;

/** The one queue of the mentor page, kept in the same browser store as the signed-in user's (per identity). */
export function mentorDraftQueue(): DraftQueue {
  queue ??= createDraftQueue({ store: sharedDraftStore(), transport: mentorTransport });
  return queue;
}

/** A mentor's drafts are theirs alone: keyed by the link's address and trajectory. */
export function mentorIdentity(email: string): string {
  return `mentor:${email}`;
}
