import { z } from 'zod';
import { zIdParams } from '../contract/common.ts';
import { zResource, zResourceRights, zResourceUpload } from '../contract/resources.ts';
import { defineEndpoint, zNoContent } from './define.ts';

/**
 * Files (spec part 1 §7 "Resources"; who may read them: D19). The content itself travels outside the
 * JSON contracts: PUT /api/resources/{id}/content takes a multipart `file`, GET …/content answers the
 * bytes (apps/server/src/modules/resources/routes.ts).
 */
export const resourceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/resources',
    response: z.array(zResource),
    status: 200,
    description: 'The files the user uploaded.',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/resources',
    body: zResourceUpload,
    response: zResource,
    status: 201,
    description: 'Metadata of a file whose content is uploaded next; 201 with the id in the Location header.',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:id',
    params: zIdParams,
    response: zResource,
    status: 200,
  }),
  rights: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:id/rights',
    params: zIdParams,
    response: zResourceRights,
    status: 200,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/resources/:id',
    params: zIdParams,
    response: zNoContent,
    status: 204,
    description: 'Only the uploader deletes a file (others who can read it get 403).',
  }),
};
