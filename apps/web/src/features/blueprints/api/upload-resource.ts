import { idFromLocation, type Resource, resourceEndpoints } from '@groeipad/core';
import { ApiError } from '../../../lib/api-error';
import { callEndpoint, callUpload } from '../../../lib/endpoint-client';

/** The media type to declare: the browser's, else a neutral one (the server judges the bytes anyway). */
function mediaTypeOf(file: File): string {
  return /^[a-z0-9][\w!#$&^.+-]*\/[a-z0-9][\w!#$&^.+-]*$/i.test(file.type)
    ? file.type
    : 'application/octet-stream';
}

/** "failed to create resource" (spec part 1 §8, part 2 §8): the record could not be made. */
export const FAILED_TO_CREATE_RESOURCE = 'failedToCreateResource';

/**
 * Stores a file as a resource: POST /api/resources with its name and media type (201, the id in the
 * Location header), then PUT /api/resources/{id}/content with the bytes as the multipart field `file`.
 * The server refuses more than 10 MiB (fileMaxSize) and content that is not the declared type.
 * As the spec's Location rules say, the id is the Location header's last segment and nothing else: an
 * answer without it, or a refused creation, is "failed to create resource" (a network failure stays one).
 */
export async function uploadResource(file: File): Promise<Resource> {
  let location: string | null;
  try {
    const created = await callEndpoint(resourceEndpoints.create, {
      body: { name: file.name, mediaType: mediaTypeOf(file), userRights: [] },
    });
    location = created.location;
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkFailure) throw error;
    throw new ApiError(
      error instanceof ApiError ? error.status : 0,
      FAILED_TO_CREATE_RESOURCE,
      [],
      'failed to create resource',
    );
  }
  const id = idFromLocation(location);
  if (id === null) throw new ApiError(201, FAILED_TO_CREATE_RESOURCE, [], 'failed to create resource');
  const form = new FormData();
  form.append('file', file, file.name);
  return callUpload(resourceEndpoints.upload, { params: { id }, form });
}
