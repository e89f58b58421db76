import {
  trajectoryEndpoints as api,
  cohortEndpoints,
  progressEndpoints,
  trajectoryImportEndpoints,
  trajectoryUpdateEndpoints,
} from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute, expectedVersion } from '../../plugins/endpoint.ts';
import { applyBlueprintUpdate, previewBlueprintUpdate } from './blueprint-update.ts';
import { cohortGrid } from './cohort.ts';
import { getAccess, getForm, patchForm, putAccess } from './documents.ts';
import { checkTrajectoryImport, importTrajectories } from './import.ts';
import { groupedTrajectories, informationKeys, patchInformation } from './information.ts';
import { resendInvitation } from './invitations.ts';
import { competenceLabels, emailSuggestions } from './lookups.ts';
import { myProgress } from './progress.ts';
import {
  createTrajectory,
  getTrajectory,
  listTrajectories,
  removeTrajectory,
  setTrajectoryStatus,
  updateTrajectory,
} from './service.ts';
import { checkTrajectoryUpdate, runTrajectoryUpdate, undoTrajectoryUpdate } from './trajectory-updates.ts';

/** Trajectories (spec part 1 §7), registered from the core's endpoint contract. */
export const trajectoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['trajectories'];
  const actor = (request: FastifyRequest) => organisationActor(ctx, request);
  app.route(
    endpointRoute(api.list, { tags }, async ({ query }, request) =>
      listTrajectories(ctx, await actor(request), query.status),
    ),
  );
  app.route(
    endpointRoute(progressEndpoints.mine, { tags: ['progress'] }, async (_input, request) =>
      myProgress(ctx, await actor(request)),
    ),
  );
  app.route(
    endpointRoute(api.informationKeys, { tags }, async (_input, request) =>
      informationKeys(ctx, await actor(request)),
    ),
  );
  app.route(
    endpointRoute(api.grouped, { tags }, async ({ query }, request) =>
      groupedTrajectories(ctx, await actor(request), query.key, query.status),
    ),
  );
  app.route(
    endpointRoute(api.information, { tags }, async ({ params, body }, request) =>
      patchInformation(ctx, await actor(request), params.id, body),
    ),
  );
  app.route(
    endpointRoute(api.create, { tags }, async ({ body }, request, reply) => {
      const who = await actor(request);
      const id = await createTrajectory(ctx, who, body);
      reply.header('location', `/api/v2/trajectories/${id}`);
      return getTrajectory(ctx, who, id);
    }),
  );
  // New trajectories from a spreadsheet (issue 22): the check (preview) and the import.
  app.route(
    endpointRoute(trajectoryImportEndpoints.check, { tags }, async ({ body }, request) =>
      checkTrajectoryImport(ctx, await actor(request), body),
    ),
  );
  app.route(
    endpointRoute(trajectoryImportEndpoints.run, { tags }, async ({ body }, request) =>
      importTrajectories(ctx, await actor(request), body),
    ),
  );
  // D10, D56: a cohort to its blueprints' latest versions in one step, and its undo.
  app.route(
    endpointRoute(trajectoryUpdateEndpoints.check, { tags }, async ({ body }, request) =>
      checkTrajectoryUpdate(ctx, await actor(request), body.ids),
    ),
  );
  app.route(
    endpointRoute(trajectoryUpdateEndpoints.run, { tags }, async ({ body }, request) =>
      runTrajectoryUpdate(ctx, await actor(request), body),
    ),
  );
  app.route(
    endpointRoute(trajectoryUpdateEndpoints.undo, { tags }, async ({ params }, request) => {
      await undoTrajectoryUpdate(ctx, await actor(request), params.id);
      return null;
    }),
  );
  // D58: an invitation to make an account, (again) from the access screen.
  app.route(
    endpointRoute(trajectoryImportEndpoints.invite, { tags }, async ({ params, body }, request) =>
      resendInvitation(ctx, await actor(request), params.id, body.user),
    ),
  );
  // The cohort grid (issue 22): several trajectories' latest scores in one answer.
  app.route(
    endpointRoute(cohortEndpoints.grid, { tags }, async ({ query }, request) =>
      cohortGrid(ctx, await actor(request), query.ids),
    ),
  );
  app.route(
    endpointRoute(api.get, { tags }, async ({ params }, request) =>
      getTrajectory(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.update, { tags }, async ({ params, body }, request) =>
      updateTrajectory(ctx, await actor(request), params.id, body),
    ),
  );
  app.route(
    endpointRoute(api.setStatus, { tags }, async ({ params, body }, request) =>
      setTrajectoryStatus(ctx, await actor(request), params.id, body.status),
    ),
  );
  app.route(
    endpointRoute(api.form, { tags }, async ({ params }, request, reply) => {
      const form = await getForm(ctx, await actor(request), params.id);
      reply.header('etag', `"${form.version}"`);
      return { ...form.content, writable: form.writable };
    }),
  );
  app.route(
    endpointRoute(api.patchForm, { tags }, async ({ params, body }, request, reply) => {
      const form = await patchForm(ctx, await actor(request), params.id, body, expectedVersion(request));
      reply.header('etag', `"${form.version}"`);
      return { ...form.content, writable: form.writable };
    }),
  );
  app.route(
    endpointRoute(api.access, { tags }, async ({ params }, request, reply) => {
      const access = await getAccess(ctx, await actor(request), params.id);
      reply.header('etag', `"${access.version}"`);
      return access.content;
    }),
  );
  app.route(
    endpointRoute(api.putAccess, { tags }, async ({ params, body }, request, reply) => {
      const access = await putAccess(ctx, await actor(request), params.id, body, expectedVersion(request));
      reply.header('etag', `"${access.version}"`);
      return access.content;
    }),
  );
  app.route(
    endpointRoute(
      api.roles,
      { tags },
      async ({ params }, request) => (await getAccess(ctx, await actor(request), params.id)).content.roles,
    ),
  );
  app.route(
    endpointRoute(
      api.users,
      { tags },
      async ({ params }, request) => (await getAccess(ctx, await actor(request), params.id)).content.users,
    ),
  );
  app.route(
    endpointRoute(api.emailSuggestions, { tags }, async ({ params, query }, request) =>
      emailSuggestions(ctx, await actor(request), params.id, query.q),
    ),
  );
  app.route(
    endpointRoute(api.updatePreview, { tags }, async ({ params }, request) =>
      previewBlueprintUpdate(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.applyUpdate, { tags }, async ({ params, body }, request) =>
      applyBlueprintUpdate(ctx, await actor(request), params.id, body.version),
    ),
  );
  app.route(
    endpointRoute(api.labels, { tags }, async ({ params }, request) =>
      competenceLabels(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.remove, { tags }, async ({ params }, request) => {
      await removeTrajectory(ctx, await actor(request), params.id);
      return null;
    }),
  );
};
