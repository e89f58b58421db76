import { defineEndpoint, zIdParams, zResource, zResourceUpload } from '@groeipad/core';

/**
 * The resource calls the blueprint editors make (spec part 1 §7 "Resources"), as endpoint contracts
 * like core's blueprint endpoints: the file upload itself is multipart and goes through
 * upload-resource.ts.
 */
export const resourceEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/resources',
    body: zResourceUpload,
    response: zResource,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:id',
    params: zIdParams,
    response: zResource,
    status: 200,
  }),
};
