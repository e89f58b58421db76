import { idFromLocation, mentorEndpoints } from '@groeipad/core';
import { ApiError } from '../../lib/api-error';
import { callEndpoint, callUpload } from '../../lib/endpoint-client';
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
  async upload(file, name, mediaType) {
    // A photo as evidence: the record first (201, its id in Location), then the bytes, as every upload.
    const created = await callEndpoint(mentorEndpoints.createPhoto, { body: { name, mediaType } });
    const id = idFromLocation(created.location);
    if (id === null) throw new ApiError(201, 'failedToCreateResource', [], 'failed to create resource');
    const form = new FormData();
    form.append('file', file, name);
    await callUpload(mentorEndpoints.uploadPhoto, { params: { id }, form });
    return id;
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
