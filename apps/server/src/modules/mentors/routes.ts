import { mentorLinkEndpoints as links, mentorEndpoints as mentor } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MentorPrincipal } from '../../actor.ts';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../errors.ts';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { endpointRoute, expectedVersion } from '../../plugins/endpoint.ts';
import { onAccessWaiting, onAccountActivated } from '../auth/index.ts';
import { singleFilePart } from '../resources/index.ts';
import { patchEvaluation } from '../trajectories/index.ts';
import { createMentorPhoto, readMentorPhoto, uploadMentorPhoto } from './photos.ts';
import { hasOpenMentorLinks, keepMentorAccess } from './registration.ts';
import {
  createMentorLink,
  createMentorLinks,
  endMentorSession,
  getMentorAssessment,
  listMentorLinks,
  mentorOfToken,
  revokeMentorLink,
  sendMentorCode,
  startMentorSession,
} from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    mentor: MentorPrincipal | null;
    mentorToken: string | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1] ?? null;
}

/** The mentor of a mentor route (its onRequest hook put them there). */
function mentorOf(request: FastifyRequest): MentorPrincipal {
  if (!request.mentor) throw unauthorized();
  return request.mentor;
}

/**
 * Mentor links (issue 23): the access screen's list, invitation and revocation (RIGHTS), and the mentor's
 * own routes. Those declare the `mentorSession` bearer (core `secured: 'mentor'`): this plugin's onRequest
 * hook reads the session's link on every request — before the body is validated, so a stranger gets 401 —
 * and a user's access token is no session (401), as a mentor's token is no access token anywhere else.
 */
export const mentorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['mentors'];
  // D11: an invitee who makes an account keeps the link's role as a user row (registration.ts).
  onAccountActivated(ctx, (trx, account) => keepMentorAccess(ctx, trx, account));
  // D53: an open link is access waiting, so the activation page sets the password.
  onAccessWaiting(ctx, (db, account) => hasOpenMentorLinks(db, account));
  app.decorateRequest('mentor', null);
  app.decorateRequest('mentorToken', null);
  app.addHook('onRequest', async (request) => {
    const security = request.routeOptions.schema?.security;
    if (!security?.some((requirement) => 'mentorSession' in requirement)) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    request.mentor = await mentorOfToken(ctx, token);
    request.mentorToken = token;
  });

  app.route(
    endpointRoute(links.list, { tags }, async ({ params }, request) =>
      listMentorLinks(ctx, await organisationActor(ctx, request), params.id),
    ),
  );
  app.route(
    endpointRoute(links.create, { tags }, async ({ params, body }, request) =>
      createMentorLink(ctx, await organisationActor(ctx, request), params.id, body),
    ),
  );
  app.route(
    endpointRoute(links.bulkCreate, { tags }, async ({ body }, request) =>
      createMentorLinks(ctx, await organisationActor(ctx, request), body),
    ),
  );
  app.route(
    endpointRoute(links.revoke, { tags }, async ({ params }, request) => {
      await revokeMentorLink(ctx, await organisationActor(ctx, request), params.id, params.linkId);
      return null;
    }),
  );

  app.route(endpointRoute(mentor.sendCode, { tags }, async ({ body }) => sendMentorCode(ctx, body.secret)));
  app.route(
    endpointRoute(mentor.startSession, { tags }, async ({ body }, request) =>
      startMentorSession(ctx, body, request.ip),
    ),
  );
  app.route(
    endpointRoute(mentor.assessment, { tags }, async (_input, request, reply) => {
      const assessment = await getMentorAssessment(ctx, mentorOf(request));
      reply.header('etag', `"${assessment.version}"`);
      return assessment;
    }),
  );
  app.route(
    endpointRoute(mentor.saveEvaluation, { tags }, async ({ query, body }, request, reply) => {
      const who = mentorOf(request);
      const saved = await patchEvaluation(
        ctx,
        who,
        who.trajectoryId,
        body,
        expectedVersion(request),
        query.editDate,
      );
      reply.header('etag', `"${saved.version}"`);
      return saved;
    }),
  );
  app.route(
    endpointRoute(mentor.createPhoto, { tags }, async ({ body }, request, reply) => {
      const photo = await createMentorPhoto(ctx, mentorOf(request), body);
      reply.header('location', `/api/v2/mentor/photos/${photo.id}`);
      return photo;
    }),
  );
  app.route(
    endpointRoute(mentor.uploadPhoto, { tags }, async ({ params }, request) =>
      uploadMentorPhoto(ctx, mentorOf(request), params.id, () => singleFilePart(request)),
    ),
  );
  app.route(
    endpointRoute(mentor.photo, { tags }, async ({ params }, request, reply) => {
      const { row, stream, mediaType } = await readMentorPhoto(ctx, mentorOf(request), params.id);
      return reply
        .type(mediaType)
        .header('content-disposition', contentDisposition('inline', row.name))
        .header('cache-control', 'private, no-cache')
        .send(stream);
    }),
  );
  app.route(
    endpointRoute(mentor.endSession, { tags }, async (_input, request) => {
      mentorOf(request);
      await endMentorSession(ctx, request.mentorToken ?? '');
      return null;
    }),
  );
};
