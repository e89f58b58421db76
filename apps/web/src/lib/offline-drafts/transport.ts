import {
  type Evaluation,
  evaluationEndpoints,
  idFromLocation,
  type PatchOperation,
  resourceEndpoints,
} from '@groeipad/core';
import { ApiError } from '../api-error';
import { callEndpoint, callUpload } from '../endpoint-client';

/** How a queue reaches the server: the signed-in user's endpoints, or another session's (a mentor link). */
export interface DraftTransport {
  /** The evaluation's PATCH of entries (D2) with If-Match when given; the new version and the patch as applied. */
  patch(
    trajectoryId: number,
    operations: PatchOperation[],
    options: { ifMatch: number | null; editDate: string },
  ): Promise<{ version: number; patch: PatchOperation[] }>;
  /** The newest evaluation and its version (after a 409). */
  load(trajectoryId: number): Promise<{ evaluation: Evaluation; version: number | null }>;
  /** Stores a file as a resource; answers its id. */
  upload(file: Blob, name: string, mediaType: string): Promise<number>;
}

/**
 * The signed-in user's transport: `callEndpoint` with the session's bearer (lib/endpoint-client.ts).
 * Failures arrive as ApiError; a request without an answer as ApiError status 0 (NETWORK_FAILURE).
 */
export const endpointTransport: DraftTransport = {
  async patch(trajectoryId, operations, { ifMatch, editDate }) {
    const answer = await callEndpoint(evaluationEndpoints.patch, {
      params: { id: trajectoryId },
      query: { editDate },
      body: operations,
      ...(ifMatch !== null ? { ifMatch } : {}),
    });
    return { version: answer.data.version, patch: answer.data.patch };
  },
  async load(trajectoryId) {
    const answer = await callEndpoint(evaluationEndpoints.get, { params: { id: trajectoryId } });
    return { evaluation: answer.data, version: answer.version };
  },
  async upload(file, name, mediaType) {
    // As every upload: the record first (201, its id in Location), then the bytes (spec part 1 §7).
    const created = await callEndpoint(resourceEndpoints.create, {
      body: { name, mediaType, userRights: [] },
    });
    const id = idFromLocation(created.location);
    if (id === null) throw new ApiError(201, 'failedToCreateResource', [], 'failed to create resource');
    const form = new FormData();
    form.append('file', file, name);
    await callUpload(resourceEndpoints.upload, { params: { id }, form });
    return id;
  },
};
