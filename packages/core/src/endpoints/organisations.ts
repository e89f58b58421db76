import { z } from 'zod';
import { zIdParams } from '../contract/common.ts';
import { zOrganisation, zOrganisationInput, zOrganisationSummary } from '../contract/organisations.ts';
import { defineEndpoint } from './define.ts';

/** The credits and the discount are answered as a plain-text number (spec part 2 §7). */
export const zPlainNumber = z.string().describe('a plain-text number');

/** Organisations as such (spec part 2 §7 "Organisations"): the user's own, and the ones they administer. */
export const organisationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/organisations',
    response: z.array(zOrganisationSummary),
    status: 200,
    summary: 'List the user’s organisations',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/organisations',
    body: zOrganisationInput,
    response: zOrganisation,
    status: 201,
    summary: 'Create an organisation',
    description: 'Creates an organisation owned by the user (a signed licence needed); its path in Location.',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/organisations/:id',
    params: zIdParams,
    response: zOrganisation,
    status: 200,
    summary: 'Get an organisation',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/organisations/:id',
    params: zIdParams,
    body: zOrganisationInput,
    response: zOrganisation,
    status: 200,
    summary: 'Change an organisation’s details',
  }),
  credits: defineEndpoint({
    method: 'GET',
    path: '/api/organisations/:id/credits',
    params: zIdParams,
    response: zPlainNumber,
    produces: 'text/plain',
    status: 200,
    summary: 'Get an organisation’s credit balance',
  }),
  discount: defineEndpoint({
    method: 'GET',
    path: '/api/organisations/:id/discount',
    params: zIdParams,
    response: zPlainNumber,
    produces: 'text/plain',
    status: 200,
    summary: 'Get an organisation’s discount percentage',
  }),
};
