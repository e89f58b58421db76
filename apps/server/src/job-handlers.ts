import type { AppContext } from './context.ts';
import { registerMailJobs } from './jobs/mail.ts';
import { registerAccountJobs } from './modules/auth/account-jobs.ts';
import { registerCreditJobs } from './modules/credits/index.ts';
import { registerExtractJobs } from './modules/extracts/render.ts';
import { registerNotificationJobs } from './modules/notifications/events.ts';

/**
 * Every job handler of the application, registered once by `buildApp` on `ctx.jobs`. Part of the
 * composition root beside app.ts, not of jobs/: it imports the modules, and jobs/ imports none
 * (floors.test.ts).
 *
 * A module adds a kind of job in three steps:
 *   1. define it next to its work, with its defaults:
 *        export const renderExtract = defineJob<{ extractId: number }>('extract.render',
 *          { leaseSeconds: 45, maxAttempts: 3, concurrency: 1 });
 *   2. register its handler here (`registerExtractJobs(ctx)` calling
 *        `ctx.jobs.handle(renderExtract, async (job) => { …; await job.progress(40); …;
 *          await job.finish((trx) => markReady(trx, job.payload.extractId)); })`);
 *      writes made through `job.finish` commit exactly once, with the job's completion;
 *   3. enqueue in the service's own transaction, so the job commits or rolls back with the change:
 *        await ctx.jobs.enqueue(trx, renderExtract, { extractId }, { key: `extract-${extractId}` });
 *      and read its state with `ctx.jobs.status(id)`; a failed one goes again with `ctx.jobs.requeue`.
 */
export function registerJobHandlers(ctx: AppContext): void {
  registerMailJobs(ctx);
  registerAccountJobs(ctx);
  registerCreditJobs(ctx);
  registerExtractJobs(ctx);
  registerNotificationJobs(ctx);
}
