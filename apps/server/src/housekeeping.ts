import { sql } from 'kysely';
import type { AppContext } from './context.ts';
import { pruneRateLimits } from './modules/auth/index.ts';

const HOUR_MS = 3600_000;

/**
 * Removes what can no longer be used: rate-limit windows that ended a day ago, activation and reset
 * codes used or expired a week ago, refresh tokens expired or revoked a month ago (kept that long so
 * reuse of a rotated token is still recognised), jobs done a week ago and jobs failed a month ago (kept
 * that long so someone can see why and requeue them). Safe to run on several servers at once.
 */
export async function runHousekeeping(ctx: AppContext): Promise<void> {
  await pruneRateLimits(ctx.db);
  await ctx.db
    .deleteFrom('auth_codes')
    .where((eb) =>
      eb.or([
        eb('used_at', '<', sql<Date>`now() - interval '7 days'`),
        eb('expires_at', '<', sql<Date>`now() - interval '7 days'`),
      ]),
    )
    .execute();
  await ctx.db
    .deleteFrom('refresh_tokens')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', sql<Date>`now() - interval '30 days'`),
        eb('revoked_at', '<', sql<Date>`now() - interval '30 days'`),
      ]),
    )
    .execute();
  await ctx.db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('finished_at', '<', sql<Date>`now() - interval '7 days'`)]),
        eb.and([eb('state', '=', 'failed'), eb('finished_at', '<', sql<Date>`now() - interval '30 days'`)]),
      ]),
    )
    .execute();
}

/** Runs housekeeping now and every hour; returns the function that stops it. */
export function startHousekeeping(ctx: AppContext): () => void {
  const run = () =>
    runHousekeeping(ctx).catch((error: unknown) => ctx.logger.warn({ err: error }, 'housekeeping failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
