import { idFromLocation, type Resource, resourceEndpoints } from '@groeipad/core';
import { callEndpoint, callUpload } from '../../../lib/endpoint-client';

/** The media type to declare: the browser's, else a neutral one (the server judges the bytes anyway). */
function mediaTypeOf(file: File): string {
  return /^[a-z0-9][\w!#$&^.+-]*\/[a-z0-9][\w!#$&^.+-]*$/i.test(file.type)
    ? file.type
    : 'application/octet-stream';
}

/**
 * Stores a file as a resource: POST /api/resources with its name and media type (201, the id in the
 * Location header), then PUT /api/resources/{id}/content with the bytes as the multipart field `file`.
 * The server refuses more than 10 MiB (fileMaxSize) and content that is not the declared type.
 */
export async function uploadResource(file: File): Promise<Resource> {
  const created = await callEndpoint(resourceEndpoints.create, {
    body: { name: file.name, mediaType: mediaTypeOf(file), userRights: [] },
  });
  const id = idFromLocation(created.location) ?? created.data.id;
  const form = new FormData();
  form.append('file', file, file.name);
  return callUpload(resourceEndpoints.upload, { params: { id }, form });
}
