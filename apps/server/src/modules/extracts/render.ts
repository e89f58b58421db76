import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type Evaluation, extractColoursFromScale, zExtractBlueprintContent } from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import { FileMissingError } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument } from '../../engine/engine.ts';
import { AppError } from '../../errors.ts';
import { serverTexts } from '../../i18n/catalogue.ts';
import { defineJob, PermanentJobError } from '../../jobs/queue.ts';
import { findMembershipRole } from '../organisations/index.ts';
import {
  evaluationPart,
  getForm,
  loadGrant,
  readableReportViews,
  TRAJECTORY_KINDS,
} from '../trajectories/index.ts';
import { type ExtractLogo, renderExtractPdf } from './pdf/render.ts';

/**
 * Drawing an extract's PDF (issue 10; D17, D36, D37) as a job: one per extract, enqueued with it. The
 * PDF holds only what its maker may read now — the form and evaluation are read through the same
 * services as their screens, as the maker — in the maker's language (D28). The file is stored first
 * and linked to the extract in the transaction that completes the job, so a retried or interrupted
 * job never links two files; a file left unlinked is removed.
 */
export const renderExtract = defineJob<{ extractId: number }>('extract.render', {
  maxAttempts: 3,
  // The heartbeat extends the lease every 15 s while the job runs; a dead worker's job is taken back
  // within a minute (issue 20).
  leaseSeconds: 45,
  backoff: { baseMs: 10_000, maxMs: 5 * 60_000 },
  concurrency: 1,
});

/** The maker as an actor of the extract's organisation, as they are now (membership and role). */
async function makerOf(
  db: Db,
  extract: { organisation_id: number; created_by: number | null },
): Promise<Actor> {
  if (extract.created_by === null) throw new PermanentJobError('the maker of the extract no longer exists');
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', extract.created_by)
    .executeTakeFirst();
  const role = await findMembershipRole(db, extract.organisation_id, extract.created_by);
  if (!user || !role) throw new PermanentJobError('the maker is no longer a member of the organisation');
  return { userId: extract.created_by, email: user.email, organisationId: extract.organisation_id, role };
}

/** A refusal of the services (404 gone, 403 no right) cannot be mended by trying again. */
function permanent<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    if (error instanceof AppError && error.status < 500) throw new PermanentJobError(`refused: ${error.key}`);
    throw error;
  });
}

/** The evaluation as the maker may read it: without read right only its scale, no competences. */
async function evaluationFor(ctx: AppContext, actor: Actor, trajectoryId: number): Promise<Evaluation> {
  const grant = await permanent(loadGrant(ctx, ctx.db, actor, trajectoryId, 'read'));
  const document = await loadDocument(ctx.db, actor.organisationId, grant.row.evaluation_document_id, {
    kind: TRAJECTORY_KINDS.evaluation,
  });
  const evaluation = document.content;
  const readable = evaluationPart.readable(grant);
  return readable ? evaluation : { ...evaluation, criteria: [] };
}

/** The extract blueprint's logo (D32), when it is still a file of the organisation. */
async function logoOf(
  ctx: AppContext,
  organisationId: number,
  resourceId: number | null,
): Promise<ExtractLogo | null> {
  if (resourceId === null) return null;
  const resource = await ctx.db
    .selectFrom('resources')
    .select(['storage_key', 'media_type'])
    .where('id', '=', resourceId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!resource?.storage_key) return null;
  try {
    const { stream } = await ctx.storage.open(resource.storage_key);
    return { bytes: await buffer(stream), type: resource.media_type };
  } catch (error) {
    // A logo gone from storage leaves the report without it rather than without a report.
    if (!(error instanceof FileMissingError)) throw error;
    ctx.logger.warn({ resourceId, storageKey: resource.storage_key }, 'extract logo missing from storage');
    return null;
  }
}

export function registerExtractJobs(ctx: AppContext): void {
  const texts = serverTexts(ctx.config);
  ctx.jobs.handle(renderExtract, async (job) => {
    const extract = await ctx.db
      .selectFrom('extracts')
      .selectAll()
      .where('id', '=', job.payload.extractId)
      .executeTakeFirst();
    // Deleted meanwhile, or drawn already: nothing left to do.
    if (!extract || extract.storage_key !== null) return job.finish(async () => undefined);
    if (extract.trajectory_id === null) throw new PermanentJobError('the trajectory was deleted');
    const actor = await makerOf(ctx.db, extract);
    await job.progress(10);

    const stored = zExtractBlueprintContent.parse(extract.settings);
    const form = await permanent(getForm(ctx, actor, extract.trajectory_id));
    const evaluation = await evaluationFor(ctx, actor, extract.trajectory_id);
    // The built-in standard (no blueprint, issue 31) takes the colours of the trajectory's own scale (D50).
    const settings =
      extract.blueprint_id === null
        ? { ...stored, scoreColours: extractColoursFromScale(evaluation.scoreColours) }
        : stored;
    // Issue 31: the reports as the maker may read them (the reports' own service decides, parts.ts).
    const reports = settings.includeReports
      ? await permanent(readableReportViews(ctx, actor, extract.trajectory_id))
      : [];
    const logo = await logoOf(
      ctx,
      extract.organisation_id,
      settings.logo === null ? null : Number(settings.logo),
    );
    await job.progress(40);

    const pdf = await renderExtractPdf({
      settings,
      trajectory: { name: extract.trajectory_name },
      form: form.content,
      evaluation,
      reports,
      generated: new Date(),
      timeZone: ctx.config.businessTimeZone,
      logo,
      language: extract.language === 'en' ? 'en' : 'nl',
      texts,
    });
    await job.progress(80);

    const key = `extracts/${extract.organisation_id}/${extract.id}-${randomUUID()}`;
    const staged = await ctx.storage.stage(Readable.from(pdf));
    await staged.keep(key);
    const linked = await job
      .finish(async (trx) => {
        const result = await trx
          .updateTable('extracts')
          .set({ storage_key: key, size: pdf.length })
          .where('id', '=', extract.id)
          .where('storage_key', 'is', null)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      })
      .catch(async (error: unknown) => {
        await ctx.storage.remove(key);
        throw error;
      });
    if (!linked) await ctx.storage.remove(key);
  });
}
