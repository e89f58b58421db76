import { z } from 'zod';
import { zIdParams } from '../contract/common.ts';
import { zResource, zResourceRights, zResourceUpload } from '../contract/resources.ts';
import { UPLOAD_MAX_BYTES } from '../fields/limits.ts';
import { defineEndpoint, zFileContent, zNoContent } from './define.ts';

/**
 * Files (spec part 1 §7 "Resources"; who may read them: D19). The content itself is no JSON:
 * PUT /api/resources/{id}/content takes a multipart `file`, GET …/content answers the bytes.
 */
export const resourceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/resources',
    response: z.array(zResource),
    status: 200,
    summary: 'List the files the user uploaded',
    description: 'The files the user uploaded.',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/resources',
    body: zResourceUpload,
    response: zResource,
    status: 201,
    summary: 'Create a file record before its upload',
    description: 'Metadata of a file whose content is uploaded next; 201 with the id in the Location header.',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:id',
    params: zIdParams,
    response: zResource,
    status: 200,
    summary: 'Get a file’s metadata',
  }),
  rights: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:id/rights',
    params: zIdParams,
    response: zResourceRights,
    status: 200,
    summary: 'List a file’s user rights',
  }),
  content: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:id/content',
    params: zIdParams,
    response: zFileContent,
    produces: '*/*',
    status: 200,
    summary: 'Download a file',
    description:
      'The file, with the type its bytes were checked to have; images inline, everything else as a download.',
  }),
  thumbnail: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:id/thumbnail',
    params: zIdParams,
    response: zFileContent,
    produces: '*/*',
    status: 200,
    summary: 'Download a file’s 200 px thumbnail',
    description:
      'A photo at most 200 px wide and high (JPEG, PNG, WebP; a GIF as PNG), made when it was stored or on this ' +
      'first request; any other file as it is. The same readers as the content (D19).',
  }),
  upload: defineEndpoint({
    method: 'PUT',
    path: '/api/resources/:id/content',
    params: zIdParams,
    consumes: 'multipart/form-data',
    response: zResource,
    status: 200,
    summary: 'Upload a file’s content',
    description: `Multipart form with the field \`file\` (at most ${UPLOAD_MAX_BYTES} bytes: 413 fileMaxSize).`,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/resources/:id',
    params: zIdParams,
    response: zNoContent,
    status: 204,
    summary: 'Delete a file',
    description: 'Only the uploader deletes a file (others who can read it get 403).',
  }),
};
