import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@groeipad/core';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createPaymentProvider } from './adapters/payments/index.ts';
import type { AppContext } from './context.ts';
import { registerJobHandlers } from './job-handlers.ts';
import { jobMetrics } from './jobs/metrics.ts';
import { oauthRoutes } from './modules/auth/oauth-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { libraryRoutes } from './modules/blueprints/library-routes.ts';
import { blueprintRoutes } from './modules/blueprints/routes.ts';
import { creditRoutes } from './modules/credits/routes.ts';
import { extractRoutes } from './modules/extracts/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mentorRoutes } from './modules/mentors/index.ts';
import { registerTrajectoryReads } from './modules/notifications/index.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { memberRoutes } from './modules/organisations/member-routes.ts';
import { organisationRoutes } from './modules/organisations/routes.ts';
import { resourceRoutes } from './modules/resources/routes.ts';
import { evaluationRoutes } from './modules/trajectories/evaluation-routes.ts';
import { historyRoutes } from './modules/trajectories/history-routes.ts';
import { trajectoryReads } from './modules/trajectories/index.ts';
import { reportRoutes } from './modules/trajectories/report-routes.ts';
import { trajectoryRoutes } from './modules/trajectories/routes.ts';
import { trashRoutes } from './modules/trash/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { registerAuthentication } from './plugins/authenticate.ts';
import { registerDrain } from './plugins/drain.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestId, requestIdOf } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { registerWeb } from './plugins/web.ts';

/** Logos arrive as data URLs inside JSON: 1 MiB is ample for every JSON body. */
const BODY_LIMIT = 1024 * 1024;

/** Builds the whole HTTP application; main.ts listens with it, tests call `inject` on it. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    // A proxy's X-Request-Id kept, else a new one; in every log line of the request (request-log.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: BODY_LIMIT,
    trustProxy: ctx.config.trustProxy,
    return503OnClosing: true,
    // Errors before routing (an undecodable path such as `%C0%80`) get a keyed answer like every other.
    frameworkErrors: (error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      const raw = reply as unknown as FastifyReply;
      raw.status(status).header('cache-control', 'no-store').type('application/json; charset=utf-8');
      raw.send(JSON.stringify({ status, key: status === 400 ? 'validationError' : 'internalError' }));
    },
  });
  ctx.payments ??= createPaymentProvider(ctx.config, ctx.db);
  app.decorate('drain', registerDrain(app));
  // Every request counted and timed from here on; GET /metrics, with the job queue's and the pool's figures.
  registerMetrics(app, {
    token: ctx.config.metricsToken,
    production: ctx.config.production,
    pool: ctx.dbPool,
    collectors: [jobMetrics(ctx.db, ctx.jobs)],
  });
  registerRequestId(app);
  // The job handlers (mail, accounts, …): main.ts starts the worker, tests drain the queue.
  // Who reads which trajectory, for the notifications' SQL: the grant's answer (notifications sit below it).
  registerTrajectoryReads(trajectoryReads);
  registerJobHandlers(ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The API speaks JSON only (and multipart where files are uploaded): other bodies get 415.
  app.removeContentTypeParser('text/plain');

  registerSecurityHeaders(app, {
    // One origin: scripts and styles of our own (Mantine sets inline styles), logos as data URLs,
    // the licence page framed by our own pages only. /api/docs (Swagger UI) needs inline scripts.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Sign-in with an external provider returns through a top-level redirect.
    crossOriginOpenerPolicy: false,
    hsts: ctx.config.publicUrl.startsWith('https://'),
  });
  registerAuthentication(app, ctx);
  registerTextGuard(app);
  // Uploads: one file part, limited while it streams (spec part 1 §5: 10 MiB).
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  // API answers hold tokens and personal data: no cache (browser, proxy) may keep them (issue 6).
  app.addHook('onSend', async (request, reply) => {
    if (/^\/(api|actuator)(\/|$)/.test(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await registerOpenApi(app, { publicUrl: ctx.config.publicUrl });

  await app.register(healthRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(oauthRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(organisationRoutes, { ctx });
  await app.register(memberRoutes, { ctx });
  await app.register(blueprintRoutes, { ctx });
  await app.register(libraryRoutes, { ctx });
  await app.register(resourceRoutes, { ctx });
  await app.register(trajectoryRoutes, { ctx });
  await app.register(evaluationRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(mentorRoutes, { ctx });
  await app.register(historyRoutes, { ctx });
  await app.register(trashRoutes, { ctx });
  await app.register(extractRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  await app.register(creditRoutes, { ctx });
  await registerWeb(app, ctx.config);
  return app;
}
