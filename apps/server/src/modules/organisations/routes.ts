import {
  zErrorBody,
  zIdParams,
  zOrganisation,
  zOrganisationInput,
  zOrganisationSummary,
} from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bearer, principalOf } from '../../plugins/authenticate.ts';
import {
  createOrganisation,
  editOrganisation,
  getOrganisation,
  getOrganisationCredits,
  getOrganisationDiscount,
  listOrganisations,
} from './service.ts';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody };
const zPlainNumber = z.string().describe('a plain-text number');

export const organisationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['organisations'];
  const security = bearer;
  app.get(
    '/api/organisations',
    { schema: { tags, security, response: { 200: z.array(zOrganisationSummary), ...errors } } },
    async (request) => listOrganisations(ctx, principalOf(request).user_id),
  );
  app.post(
    '/api/organisations',
    {
      config: { eula: true },
      schema: { tags, security, body: zOrganisationInput, response: { 201: zOrganisation, ...errors } },
    },
    async (request, reply) => {
      const organisation = await createOrganisation(ctx, principalOf(request).user_id, request.body);
      return reply.status(201).header('location', `/api/organisations/${organisation.id}`).send(organisation);
    },
  );
  app.get(
    '/api/organisations/:id',
    { schema: { tags, security, params: zIdParams, response: { 200: zOrganisation, ...errors } } },
    async (request) => getOrganisation(ctx, principalOf(request).user_id, request.params.id),
  );
  app.put(
    '/api/organisations/:id',
    {
      schema: {
        tags,
        security,
        params: zIdParams,
        body: zOrganisationInput,
        response: { 200: zOrganisation, ...errors },
      },
    },
    async (request) => editOrganisation(ctx, principalOf(request).user_id, request.params.id, request.body),
  );
  app.get(
    '/api/organisations/:id/credits',
    { schema: { tags, security, params: zIdParams, response: { 200: zPlainNumber, ...errors } } },
    async (request, reply) => {
      const credits = await getOrganisationCredits(ctx, principalOf(request).user_id, request.params.id);
      return reply.type('text/plain; charset=utf-8').send(String(credits));
    },
  );
  app.get(
    '/api/organisations/:id/discount',
    { schema: { tags, security, params: zIdParams, response: { 200: zPlainNumber, ...errors } } },
    async (request, reply) => {
      const discount = await getOrganisationDiscount(ctx, principalOf(request).user_id, request.params.id);
      return reply.type('text/plain; charset=utf-8').send(String(discount));
    },
  );
};
